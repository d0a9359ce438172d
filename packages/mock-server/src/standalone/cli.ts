#!/usr/bin/env node
// First, so that zod's configuration is set before any schema is made.
import './zod-jitless.js';
import type { AddressInfo } from 'node:net';
import { setStateSaveHook } from '../core/state-save-hook.js';
import { stopSchedule } from '../create-mock-service.js';
import {
  type Answer,
  createMockService,
  createWorldRouter,
  type IncomingCall,
  type MockService,
  type SeedDocument,
  SeedError,
  VERSION,
  type WorldRouter,
} from '../index.js';
import { createNodeServer } from '../node/index.js';
import {
  CliOptionsError,
  exposedControlWarning,
  isGiven,
  isLoopbackHost,
  parseLatency,
  parsePublicUrl,
  parseSaveInterval,
  readOptions,
  usage,
  userPath,
} from './cli-options.js';
import { dashboardPage } from './dashboard.js';
import { DEMO_KEYS, demoWorld } from './demo-world.js';
import { heapFull, watchHeap } from './heap-room.js';
import { watchPackageManager } from './package-manager-watch.js';
import { PactStatesFileError, readPactStatesFile } from './pact-states-file.js';
import { removeReadyFile, writeReadyFile } from './ready-file.js';
import { readRegularFile } from './regular-file.js';
import { formatRequestLine, LineBatch } from './request-log.js';
import { loadStateFile, removeStaleTemporaries, type SavedState, StateFileError } from './state-file.js';
import { lockStateFile, stateFileTarget } from './state-lock.js';
import { StateSaver } from './state-saver.js';

function fatal(message: string, code = 1): never {
  process.stderr.write(`marketing-mock: ${message}\n`);
  process.exit(code);
}

function readSeed(path: string): SeedDocument {
  try {
    return JSON.parse(readRegularFile(path)) as SeedDocument;
  } catch (error) {
    return fatal(`cannot read seed file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let args: ReturnType<typeof readOptions>;
let latency: { min: number; max: number } | undefined;
let saveIntervalMs: number;
let publicUrl: string | undefined;
try {
  args = readOptions(process.argv.slice(2), process.env);
  latency = args.latency === undefined ? undefined : parseLatency(args.latency);
  saveIntervalMs = parseSaveInterval(args['save-interval']);
  publicUrl = args['public-url'] === undefined ? undefined : parsePublicUrl(args['public-url']);
  if (!['text', 'json'].includes(args.log))
    throw new CliOptionsError(`--log must be text or json, got "${args.log}"`);
  if (args['control-token'] === '')
    throw new CliOptionsError('--control-token is empty (MARKETING_MOCK_CONTROL_TOKEN set to nothing?)');
} catch (error) {
  if (error instanceof CliOptionsError) fatal(`${error.message}\n\n${usage()}`, 2);
  throw error;
}
if (args.help) {
  process.stdout.write(usage());
  process.exit(0);
}
if (args.version) {
  process.stdout.write(`${VERSION}\n`);
  process.exit(0);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  fatal(`--port must be a port number, got ${args.port}`, 2);
const maxWorlds = Number(args['max-worlds']);
if (!Number.isInteger(maxWorlds) || maxWorlds < 0)
  fatal(`--max-worlds must be a whole number, 0 or more, got ${args['max-worlds']}`, 2);
const readyPath = args['ready-file'] === undefined ? undefined : userPath(args['ready-file'], process.env);
// A flag that must be a whole number from `least` to `most`; the refusal names its unit, if any.
function wholeNumber(flag: string, text: string, least: number, most: number, unit = ''): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < least || value > most)
    fatal(`--${flag} must be a whole number${unit} from ${least} to ${most}, got ${text}`, 2);
  return value;
}
const webhookTimeoutMs = wholeNumber(
  'webhook-timeout',
  args['webhook-timeout'],
  1,
  600_000,
  ' of milliseconds',
);
const journalLimit = wholeNumber('journal-limit', args['journal-limit'], 0, 1_000_000);
const maxBodyMb = Number(args['max-body-mb']);
if (!/^\d+(\.\d+)?$/.test(args['max-body-mb']) || maxBodyMb <= 0 || maxBodyMb > 1024)
  fatal(`--max-body-mb must be a number of MiB, more than 0 and at most 1024, got ${args['max-body-mb']}`, 2);
const maxBodyBytes = Math.floor(maxBodyMb * 2 ** 20);
const maxConnectionsText = args['max-connections'];
const maxConnections =
  maxConnectionsText === undefined
    ? undefined
    : wholeNumber('max-connections', maxConnectionsText, 1, 1_000_000);
let statePath = args.state === undefined ? undefined : userPath(args.state, process.env);
if (statePath === undefined && isGiven('save-interval', process.argv.slice(2), process.env))
  process.stderr.write('marketing-mock: --save-interval does nothing without --state: nothing is saved\n');
const seedPath = args.seed === undefined ? undefined : userPath(args.seed, process.env);

// The heap's room is weighed by what full collections leave: the seed's or state's own are seen.
watchHeap();
let saved: SavedState | undefined;
let seed: SeedDocument;
let source: string;
let releaseLock = () => {};
try {
  if (statePath) {
    const target = stateFileTarget(statePath);
    statePath = target.path;
    if (target.warning) process.stderr.write(`marketing-mock: ${target.warning}\n`);
    // Taken first: it proves the directory can be written, and no other server saves here.
    releaseLock = lockStateFile(statePath);
    process.once('exit', () => releaseLock());
    removeStaleTemporaries(statePath);
  }
  saved = statePath ? loadStateFile(statePath) : undefined;
  seed = saved?.world ?? (seedPath ? readSeed(seedPath) : demoWorld());
  source = saved ? `state file ${statePath}` : seedPath ? `seed file ${seedPath}` : 'the demo world';
} catch (error) {
  fatal(error instanceof StateFileError ? error.message : String(error), 2);
}

let pactStates: Record<string, SeedDocument> | undefined;
try {
  if (args['pact-states']) pactStates = readPactStatesFile(userPath(args['pact-states'], process.env));
} catch (error) {
  fatal(error instanceof PactStatesFileError ? error.message : String(error), 2);
}

let mock: MockService | undefined;
// The default world and the worlds of POST /__mock/worlds; --state is the default world's alone.
let router: WorldRouter | undefined;
// The mock is made once the port is known (--port 0), before the first request can arrive.
// Not async: every request passes through here.
const respond = (call: IncomingCall): Promise<Answer> => {
  // A request that may change the world is saved within the interval, counted once answered.
  if (saver && call.method !== 'GET' && call.method !== 'HEAD')
    return router!.respond(call).finally(() => saver!.changed());
  return router!.respond(call);
};
const saver = statePath
  ? new StateSaver(
      statePath,
      () => mock,
      saveIntervalMs,
      (error) =>
        process.stderr.write(
          `marketing-mock: could not save state to ${statePath}: ${describeError(error)}\n`,
        ),
    )
  : undefined;
const requestLog = new LineBatch((text) => process.stdout.write(text));
const server = createNodeServer(
  { respond },
  {
    maxBodyBytes,
    maxConnections,
    cors: !args['no-cors'],
    corsControl: args['cors-control'],
    onRequest: args.quiet
      ? undefined
      : (entry) => requestLog.add(formatRequestLine(entry, args.log as 'text' | 'json')),
  },
);
let listening = false;
server.on('error', (error) => {
  if (!listening) fatal(`cannot listen on ${args.host}:${port}: ${error.message}`);
  // Once listening, an error (too many open files on accept) is passed over: the server goes on.
  process.stderr.write(`marketing-mock: server error: ${error.message}\n`);
});
if (!args['no-control'] && !args['control-token'] && !isLoopbackHost(args.host))
  process.stderr.write(exposedControlWarning(args.host));
server.listen(port, args.host, () => {
  listening = true;
  const address = server.address() as AddressInfo;
  const url = `http://${args.host.includes(':') ? `[${args.host}]` : args.host}:${address.port}`;
  try {
    mock = createMockService({
      baseUrl: url,
      seed,
      control: !args['no-control'],
      dashboard: dashboardPage,
      memoryFull: heapFull,
      ...(args['control-token'] ? { controlToken: args['control-token'] } : {}),
      requestJournalLimit: journalLimit,
      webhooks: { timeoutMs: webhookTimeoutMs },
      maxBodyBytes,
      rateLimit: args['no-rate-limit'] ? false : {},
      ...(args['no-billing'] ? { billing: false as const } : {}),
      // A clock that was running when saved runs on from where it was, and reset comes back to that.
      ...(saved?.clock?.fixed
        ? {
            now: saved.clock.now,
            clockMode: saved.clock.mode === 'offset' ? ('offset' as const) : ('frozen' as const),
          }
        : {}),
      ...(saved?.trusted ? { seedIsTrusted: true } : {}),
      ...(latency ? { latency } : {}),
      ...(pactStates ? { pactStates } : {}),
      ...(publicUrl ? { publicUrl } : {}),
    });
    router = createWorldRouter(mock, { maxWorlds, seed, seedIsTrusted: saved?.trusted === true });
  } catch (error) {
    const code = saved ? 2 : 1;
    if (error instanceof SeedError) {
      fatal(
        `${source} is not a valid seed document:\n  ${error.issues.map((i) => `${i.path}: ${i.message}`).join('\n  ')}`,
        code,
      );
    }
    fatal(`cannot start from ${source}: ${error instanceof Error ? error.message : String(error)}`, code);
  }
  if (saver) {
    const started = mock;
    setStateSaveHook(started, async () => {
      const at = performance.now();
      try {
        await saver.saveNow();
      } catch (error) {
        // Named, and its code kept: a full disk is the caller's to see (507), not a mock error.
        throw Object.assign(new Error(`could not save state to ${saver.path}: ${describeError(error)}`), {
          code: (error as NodeJS.ErrnoException).code,
        });
      }
      return { path: saver.path, ms: Math.round(performance.now() - at) };
    });
    setInterval(() => saver.poll(), Math.min(saveIntervalMs, 1_000)).unref();
  }
  // Written before the banner: whatever waits for either finds both.
  if (readyPath) {
    try {
      writeReadyFile(readyPath, url);
    } catch (error) {
      fatal(
        `cannot write the ready file ${readyPath}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const demo = source === 'the demo world';
  process.stdout.write(
    [
      `Marketing service mock ${VERSION} listening on ${url} (loaded ${source})`,
      `  OpenAPI document: ${url}/openapi.json`,
      ...(args['no-control']
        ? ['  Control plane:    off', `  Health:           ${url}/__mock/health`]
        : [
            `  Control plane:    ${url}/__mock/${args['control-token'] ? ' (send the token in x-mock-token)' : ''}`,
            `  Health:           ${url}/__mock/health`,
            `  Dashboard:        ${url}/__mock/ui`,
          ]),
      ...(demo
        ? [
            '  Demo API keys:',
            `    ${DEMO_KEYS.sellerAdmin}     seller, every permission`,
            `    ${DEMO_KEYS.sellerSupplier}  seller, a supplier's limited key`,
            `    ${DEMO_KEYS.buyerAdmin}      marketplace buyer`,
            '  Try:',
            `    curl -s ${url}/contacts/27821000000 -H 'Authorization: Bearer ${DEMO_KEYS.sellerAdmin}'`,
          ]
        : []),
      '',
    ].join('\n'),
  );
});

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

let stopping = false;
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  requestLog.flush();
  process.exitCode = exitCode;
  if (saver && mock) {
    try {
      // Webhook attempts still out are written as failed, so the file keeps them to retry.
      await stopSchedule(mock);
      await saver.saveNow();
      process.stdout.write(`Saved state to ${statePath}\n`);
    } catch (error) {
      process.stderr.write(`marketing-mock: could not save state to ${statePath}: ${describeError(error)}\n`);
      process.exitCode = 1;
    }
  }
  releaseLock();
  if (readyPath) removeReadyFile(readyPath);
  process.stdout.write(`Stopped (${signal})\n`);
  server.closeAllConnections();
  server.close(() => process.exit());
}

// A bug of the mock's own that escaped every request's handling: the process stops, as Node
// would, but saves the state first (the world is whole: no request changes it halfway).
function crashed(error: unknown) {
  process.stderr.write(
    `marketing-mock: internal error, stopping: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  if (stopping) process.exit(1);
  void shutdown('internal error', 1);
}
process.on('uncaughtException', crashed);
process.on('unhandledRejection', crashed);
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGHUP', () => void shutdown('SIGHUP'));

// Under npx or a package script the command the user ran is the package manager, so the server
// stops (and saves) when it goes away. Started directly (`node marketing-mock.mjs &`), it keeps
// running on its own, as a CI step expects.
if (process.env.npm_command === 'exec' || process.env.npm_lifecycle_event !== undefined)
  watchPackageManager(() => void shutdown('its package manager stopped'));
