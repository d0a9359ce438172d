import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** One command-line option: its flag, its environment variable, and what it does. */
interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value name shown in the help (`<n>`), for string options. */
  value?: string;
  default?: string;
  help: string;
}

// One table drives parsing, the environment variables and the help text.
const specs = {
  port: { type: 'string', value: '<n>', default: '4010', help: 'port to listen on (0 picks a free one)' },
  host: { type: 'string', value: '<host>', default: '127.0.0.1', help: 'interface to listen on' },
  'public-url': {
    type: 'string',
    value: '<url>',
    help: 'the URL /openapi.json names as the server (default: the address each request came to)',
  },
  seed: {
    type: 'string',
    value: '<file>',
    help: 'seed document (JSON) to start with instead of the demo world',
  },
  state: {
    type: 'string',
    value: '<file>',
    help: 'load state from this file if it exists; save changes to it as they happen and on exit',
  },
  'save-interval': {
    type: 'string',
    value: '<seconds>',
    default: '5',
    help: 'with --state, save changes in the background within this many seconds',
  },
  'pact-states': {
    type: 'string',
    value: '<file>',
    help: 'Pact provider states: a JSON object of state name to seed document',
  },
  'max-worlds': {
    type: 'string',
    value: '<n>',
    default: '100',
    help: 'how many isolated worlds POST /__mock/worlds may create (0: none)',
  },
  'ready-file': {
    type: 'string',
    value: '<file>',
    help: 'once listening, write {"url", "pid"} to this file (for scripts; removed on exit)',
  },
  latency: {
    type: 'string',
    value: '<ms>|<min>-<max>',
    help: 'delay every service answer by this many milliseconds, or a random number in a range',
  },
  'max-body-mb': {
    type: 'string',
    value: '<n>',
    default: '64',
    help: 'the largest body of an upload (contacts, sales, leads) or a seed or reset sent to the control plane, in MiB (larger: 413; other bodies at most 4 MiB; the --seed and --state files are read whatever their size); a body over 1 MiB is parsed a piece at a time, /__mock/health answered meanwhile',
  },
  'max-connections': {
    type: 'string',
    value: '<n>',
    help: 'answer connections past this many open at once 503 and close them, health probes excepted (default: no limit)',
  },
  'journal-limit': {
    type: 'string',
    value: '<n>',
    default: '1000',
    help: 'how many requests the journal keeps; older ones are dropped (and counted)',
  },
  'webhook-timeout': {
    type: 'string',
    value: '<ms>',
    default: '10000',
    help: 'how long each webhook attempt waits for its receiver, in milliseconds (lower it in tests of a receiver that times out)',
  },
  log: {
    type: 'string',
    value: 'text|json',
    default: 'text',
    help: 'request log format: a line, or one JSON object per request',
  },
  'no-control': { type: 'boolean', help: 'do not serve the control plane under /__mock/' },
  'no-rate-limit': { type: 'boolean', help: 'turn rate limiting off' },
  'no-billing': { type: 'boolean', help: 'make every request free (never 402)' },
  'no-cors': { type: 'boolean', help: 'do not answer CORS preflights or allow other origins' },
  'control-token': {
    type: 'string',
    value: '<token>',
    help: 'require this token in an x-mock-token header on every control request but health (the dashboard page asks for it)',
  },
  'cors-control': {
    type: 'boolean',
    help: 'allow other origins on the control plane too (off: web pages cannot read or drive it)',
  },
  quiet: { type: 'boolean', help: 'do not log each request' },
  version: { type: 'boolean', help: 'print the version and exit' },
  help: { type: 'boolean', help: 'show this help and exit' },
} as const satisfies Record<string, OptionSpec>;

type Specs = typeof specs;
/** The parsed options: strings for string options, booleans for the others. */
export type CliOptions = {
  -readonly [K in keyof Specs]: Specs[K]['type'] extends 'string'
    ? Specs[K] extends { default: string }
      ? string
      : string | undefined
    : boolean;
};

/** The environment variable of an option: `--no-rate-limit` is `MARKETING_MOCK_NO_RATE_LIMIT`. */
export function environmentName(option: string): string {
  return `MARKETING_MOCK_${option.toUpperCase().replaceAll('-', '_')}`;
}

const noEnvironment = new Set(['help', 'version']);

/** The help text, listing every option with its environment variable. */
export function usage(): string {
  const lines = Object.entries(specs as Record<string, OptionSpec>).map(([name, spec]) => {
    const flag = `--${name}${spec.value ? ` ${spec.value}` : ''}`;
    const fallback = spec.default ? ` (default ${spec.default})` : '';
    const env = noEnvironment.has(name) ? '' : `\n${' '.repeat(24)}env ${environmentName(name)}`;
    // A flag too long for its column (and two spaces) puts its description on the next line.
    const column = flag.length <= 20 ? flag.padEnd(22) : `${flag}\n${' '.repeat(24)}`;
    return `  ${column}${spec.help}${fallback}${env}`;
  });
  return `Usage: marketing-mock [options]

Starts the marketing service mock on a local port: the service at the root,
the control plane under /__mock/ (health at /__mock/health, a dashboard at
/__mock/ui), the OpenAPI document at /openapi.json.

Options (each also as an environment variable; a flag wins over its variable;
booleans take 1/true/yes or 0/false/no):
${lines.join('\n')}
`;
}

/** A command line the mock cannot use; the message says why, for the user. */
export class CliOptionsError extends Error {
  override name = 'CliOptionsError' as const;
}

function booleanFromEnvironment(name: string, text: string): boolean {
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off|)$/i.test(text)) return false;
  throw new CliOptionsError(`${name} must be 1/true/yes or 0/false/no, got "${text}"`);
}

/**
 * Reads the options from the arguments, then the environment for those not given, then the
 * defaults. Throws `CliOptionsError` for an unknown flag or a bad value.
 */
export function readOptions(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { type: spec.type }])),
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new CliOptionsError(error instanceof Error ? error.message : String(error));
  }
  const options: Record<string, string | boolean | undefined> = {};
  for (const [name, spec] of Object.entries(specs as Record<string, OptionSpec>)) {
    const fromEnv = noEnvironment.has(name) ? undefined : env[environmentName(name)];
    if (values[name] !== undefined) options[name] = values[name];
    else if (fromEnv !== undefined)
      options[name] =
        spec.type === 'boolean' ? booleanFromEnvironment(environmentName(name), fromEnv) : fromEnv;
    else options[name] = spec.type === 'boolean' ? false : spec.default;
  }
  return options as CliOptions;
}

/**
 * Whether the user gave an option, as a flag or by its environment variable (not its default).
 *
 * @example
 * ```ts
 * isGiven('save-interval', ['--save-interval=1'], {}); // true
 * ```
 */
export function isGiven(name: keyof CliOptions, argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  const flag = `--${name}`;
  return (
    argv.some((arg) => arg === flag || arg.startsWith(`${flag}=`)) || env[environmentName(name)] !== undefined
  );
}

/**
 * Where a path the user typed points: relative paths are read from the directory the user ran
 * the command in. Under `pnpm mock` (or the package's `start`), the script runs in the workspace
 * root, and pnpm and npm name the user's directory in `INIT_CWD`.
 */
export function userPath(path: string, env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  if (isAbsolute(path)) return path;
  const ours = ['marketing-service-monorepo', '@marketing/mock-server'].includes(env.npm_package_name ?? '');
  const viaScript = ours && ['mock', 'start'].includes(env.npm_lifecycle_event ?? '') && env.INIT_CWD;
  return resolve(viaScript ? (env.INIT_CWD as string) : cwd, path);
}

/** Reads `--public-url`: an absolute http(s) URL, without a trailing slash. */
export function parsePublicUrl(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new CliOptionsError(
      `--public-url must be an http(s) URL such as https://mock.example.com, got "${text}"`,
    );
  return text.replace(/\/+$/, '');
}

/** Reads `--latency`: `250` or `100-400` milliseconds. */
export function parseLatency(text: string): { min: number; max: number } {
  const match = text.trim().match(/^(\d+)(?:-(\d+))?$/);
  const min = Number(match?.[1]);
  const max = match?.[2] === undefined ? min : Number(match[2]);
  if (!match || max < min)
    throw new CliOptionsError(`--latency must be milliseconds (250) or a range (100-400), got "${text}"`);
  return { min, max };
}

/** Reads `--save-interval`: seconds (`5`, `0.5`), more than 0 and at most a day; answers milliseconds. */
export function parseSaveInterval(text: string): number {
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds > 0 && seconds <= 86_400))
    throw new CliOptionsError(
      `--save-interval must be seconds, more than 0 and at most 86400 (5, 0.5), got "${text}"`,
    );
  return Math.max(1, Math.round(seconds * 1000));
}

/**
 * Whether a `--host` listens on this machine only (`127.0.0.1`, any `127.x`, `::1`, `localhost`):
 * elsewhere, anyone on the network can reach the control plane.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare)
  );
}

/** The warning printed when the control plane is open to the network without a token. */
export function exposedControlWarning(host: string): string {
  return `marketing-mock: warning: listening on ${host} with the control plane open and no --control-token: anyone who can reach this address can read every API key and contact (GET /__mock/state), reset or reseed the mock, and seed a webhook that makes it call any URL. Set --control-token (MARKETING_MOCK_CONTROL_TOKEN), turn the control plane off with --no-control, or listen on 127.0.0.1.\n`;
}
