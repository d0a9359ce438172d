#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { requestTarget } from '../core/request-target.js';
import {
  type Answer,
  createMockService,
  type IncomingCall,
  type MockService,
  type SeedDocument,
  SeedError,
  VERSION,
} from '../index.js';
import { createNodeServer } from '../node/index.js';
import { CliOptionsError, parseLatency, readOptions, usage, userPath } from './cli-options.js';
import { dashboardPage } from './dashboard.js';
import { DEMO_KEYS, demoWorld } from './demo-world.js';
import { formatRequestLine, LineBatch } from './request-log.js';
import { loadStateFile, type SavedState, StateFileError, saveStateFile } from './state-file.js';

function fatal(message: string, code = 1): never {
  process.stderr.write(`marketing-mock: ${message}\n`);
  process.exit(code);
}

function readSeed(path: string): SeedDocument {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as SeedDocument;
  } catch (error) {
    return fatal(`cannot read seed file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let args: ReturnType<typeof readOptions>;
let latency: { min: number; max: number } | undefined;
try {
  args = readOptions(process.argv.slice(2), process.env);
  latency = args.latency === undefined ? undefined : parseLatency(args.latency);
  if (!['text', 'json'].includes(args.log))
    throw new CliOptionsError(`--log must be text or json, got "${args.log}"`);
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
const journalLimit = Number(args['journal-limit']);
if (!/^\d+$/.test(args['journal-limit']) || journalLimit > 1_000_000)
  fatal(`--journal-limit must be a whole number from 0 to 1000000, got ${args['journal-limit']}`, 2);
const statePath = args.state === undefined ? undefined : userPath(args.state, process.env);
const seedPath = args.seed === undefined ? undefined : userPath(args.seed, process.env);

let saved: SavedState | undefined;
let seed: SeedDocument;
let source: string;
try {
  saved = statePath ? loadStateFile(statePath) : undefined;
  seed = saved?.world ?? (seedPath ? readSeed(seedPath) : demoWorld());
  source = saved ? `state file ${statePath}` : seedPath ? `seed file ${seedPath}` : 'the demo world';
} catch (error) {
  fatal(error instanceof StateFileError ? error.message : String(error));
}

let mock: MockService | undefined;
// The mock is made once the port is known (--port 0), before the first request can arrive.
// The dashboard is the standalone server's own page; every other request goes to the mock.
// Not async, and a plain URL is read without a `URL` object: every request passes through here.
const respond = (call: IncomingCall): Promise<Answer> => {
  if (!args['no-control'] && call.method === 'GET' && requestTarget(call.url).pathname === '/__mock/ui')
    return dashboardPage().then((text) => ({
      status: 200,
      body: null,
      raw: { contentType: 'text/html; charset=utf-8', text },
    }));
  return mock!.respond(call);
};
const requestLog = new LineBatch((text) => process.stdout.write(text));
const server = createNodeServer(
  { respond },
  {
    cors: !args['no-cors'],
    onRequest: args.quiet
      ? undefined
      : (entry) => requestLog.add(formatRequestLine(entry, args.log as 'text' | 'json')),
  },
);
server.on('error', (error) => fatal(`cannot listen on ${args.host}:${port}: ${error.message}`));
server.listen(port, args.host, () => {
  const address = server.address() as AddressInfo;
  const url = `http://${args.host.includes(':') ? `[${args.host}]` : args.host}:${address.port}`;
  try {
    mock = createMockService({
      baseUrl: url,
      seed,
      control: !args['no-control'],
      requestJournalLimit: journalLimit,
      rateLimit: args['no-rate-limit'] ? false : {},
      ...(args['no-billing'] ? { billing: false as const } : {}),
      ...(saved?.clock?.fixed ? { now: saved.clock.now } : {}),
      ...(saved?.trusted ? { seedIsTrusted: true } : {}),
      ...(latency ? { latency } : {}),
    });
  } catch (error) {
    if (error instanceof SeedError) {
      fatal(
        `${source} is not a valid seed document:\n  ${error.issues.map((i) => `${i.path}: ${i.message}`).join('\n  ')}`,
      );
    }
    throw error;
  }
  const demo = source === 'the demo world';
  process.stdout.write(
    [
      `Marketing service mock ${VERSION} listening on ${url} (loaded ${source})`,
      `  OpenAPI document: ${url}/openapi.json`,
      ...(args['no-control']
        ? ['  Control plane:    off']
        : [
            `  Control plane:    ${url}/__mock/`,
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

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  requestLog.flush();
  if (statePath && mock) {
    try {
      saveStateFile(statePath, {
        world: mock.state(),
        clock: { now: mock.clock.now().toISOString(), fixed: mock.clock.isFixed() },
      });
      process.stdout.write(`Saved state to ${statePath}\n`);
    } catch (error) {
      process.stderr.write(`marketing-mock: could not save state to ${statePath}: ${String(error)}\n`);
      process.exitCode = 1;
    }
  }
  process.stdout.write(`Stopped (${signal})\n`);
  server.closeAllConnections();
  server.close(() => process.exit());
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGHUP', () => shutdown('SIGHUP'));

// Under npx or a package script, npm and pnpm run the command through `sh -c`, which does not pass
// a signal on: the package manager stops and the server would be left running. There, the command
// the user ran is the package manager, so the server stops (and saves) when its parent goes away.
// Started directly (`node marketing-mock.mjs &`), it keeps running on its own, as a CI step expects.
if (process.env.npm_command === 'exec' || process.env.npm_lifecycle_event !== undefined) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutdown('its package manager stopped');
  }, 200).unref();
}
