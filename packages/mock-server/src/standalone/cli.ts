#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createMockService, type MockService } from '../create-mock-service.js';
import { createNodeServer } from '../node/node-server.js';
import type { SeedDocument } from '../store/seed-schema.js';
import { SeedError } from '../store/world.js';
import { DEMO_KEYS, demoWorld } from './demo-world.js';
import { loadStateFile, StateFileError, saveStateFile } from './state-file.js';

const USAGE = `Usage: marketing-mock [options]

Starts the marketing service mock on a local port: the service at the root,
the control plane under /__mock/, the OpenAPI document at /openapi.json.

Options:
  --port <n>        port to listen on (default 4010; 0 picks a free one)
  --host <host>     interface to listen on (default 127.0.0.1)
  --seed <file>     seed document (JSON) to start with instead of the demo world
  --state <file>    load state from this file if it exists, save it on exit (SIGINT, SIGTERM)
  --no-control      do not serve the control plane under /__mock/
  --no-rate-limit   turn rate limiting off
  --no-billing      make every request free (never 402)
  --quiet           do not log each request
  --help            show this help
`;

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

function options() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string' },
        state: { type: 'string' },
        'no-control': { type: 'boolean', default: false },
        'no-rate-limit': { type: 'boolean', default: false },
        'no-billing': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fatal(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`, 2);
  }
}

const args = options();
if (args.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  fatal(`--port must be a port number, got ${args.port}`, 2);

let seed: SeedDocument;
let source: string;
try {
  const saved = args.state ? loadStateFile(args.state) : undefined;
  seed = saved ?? (args.seed ? readSeed(args.seed) : demoWorld());
  source = saved ? `state file ${args.state}` : args.seed ? `seed file ${args.seed}` : 'the demo world';
} catch (error) {
  fatal(error instanceof StateFileError ? error.message : String(error));
}

let mock: MockService | undefined;
// The mock is made once the port is known (--port 0), before the first request can arrive.
const server = createNodeServer(
  { respond: (call) => mock!.respond(call) },
  {
    onRequest: args.quiet
      ? undefined
      : ({ method, path, status, ms }) =>
          process.stdout.write(`${method} ${path} ${status} ${ms.toFixed(1)}ms\n`),
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
      rateLimit: args['no-rate-limit'] ? false : {},
      ...(args['no-billing'] ? { billing: false as const } : {}),
    });
  } catch (error) {
    if (error instanceof SeedError) {
      const where = args.state && source.startsWith('state') ? `state file ${args.state}` : source;
      fatal(
        `${where} is not a valid seed document:\n  ${error.issues.map((i) => `${i.path}: ${i.message}`).join('\n  ')}`,
      );
    }
    throw error;
  }
  const demo = source === 'the demo world';
  process.stdout.write(
    [
      `Marketing service mock listening on ${url} (loaded ${source})`,
      `  OpenAPI document: ${url}/openapi.json`,
      args['no-control'] ? '  Control plane: off' : `  Control plane:    ${url}/__mock/`,
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

function shutdown(signal: string) {
  if (args.state && mock) {
    try {
      saveStateFile(args.state, mock.state());
      process.stdout.write(`Saved state to ${args.state}\n`);
    } catch (error) {
      process.stderr.write(`marketing-mock: could not save state to ${args.state}: ${String(error)}\n`);
      process.exitCode = 1;
    }
  }
  process.stdout.write(`Stopped (${signal})\n`);
  server.closeAllConnections();
  server.close(() => process.exit());
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
