import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startEnv } from './install-alone.js';
import { type Load, median, type Throughput, throughputOnce } from './load.js';
import { scratchDir } from './scratch.js';

const require = createRequire(import.meta.url);

/** A bench row: what was measured, its figure, and the target it meets or misses. */
export interface PeerRow {
  name: string;
  figure: string;
  target: string;
  met: boolean;
}

interface Running {
  url: string;
  startMs: number;
  stop(): void;
  /** Stops the process's threads (SIGSTOP) until `resume()`, so that it takes no core meanwhile. */
  pause(): void;
  resume(): void;
}

interface Peer {
  name: string;
  /** The command that serves the two answers on `port`, from files in `dir`. */
  command(port: number, dir: string): string[];
  /** How many times faster this mock must be, and its p99 at most this share of the peer's. */
  throughputTimes: number;
}

const GET_PATH = '/contacts/27821000000';
const POST_PATH = '/contacts/search';
const POST_BODY = JSON.stringify({
  find: { tag_ids: { $in: ['tag_vip'] } },
  projection: { cell: 1 },
  options: { limit: 10 },
});
const auth = { authorization: 'Bearer demo_seller_admin' };

const wiremockJar = require.resolve('wiremock/build/wiremock-standalone-3.13.2.jar');
const peers: Peer[] = [
  {
    name: 'WireMock 3.13 (its defaults)',
    command: (port, dir) => [
      'java',
      '-jar',
      wiremockJar,
      '--port',
      `${port}`,
      '--root-dir',
      dir,
      '--disable-banner',
    ],
    throughputTimes: 3,
  },
  {
    name: 'WireMock 3.13 --no-request-journal',
    command: (port, dir) => [
      'java',
      '-jar',
      wiremockJar,
      '--port',
      `${port}`,
      '--root-dir',
      dir,
      '--disable-banner',
      '--no-request-journal',
    ],
    throughputTimes: 2,
  },
  {
    name: 'Mockoon CLI 9.9',
    command: (port, dir) => [
      process.execPath,
      require.resolve('@mockoon/cli/bin/run.js'),
      'start',
      '--data',
      join(dir, 'mockoon.json'),
      '--port',
      `${port}`,
      '--disable-log-to-file',
    ],
    throughputTimes: 15,
  },
  {
    name: 'Prism 5.14 (mock)',
    command: (port, dir) => [
      process.execPath,
      require.resolve('@stoplight/prism-cli/dist/index.js'),
      'mock',
      join(dir, 'openapi.json'),
      '-p',
      `${port}`,
      '-h',
      '127.0.0.1',
    ],
    throughputTimes: 15,
  },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// From spawning the command to the first 200 of GET one record; every command (this mock's, and
// the peers' that run on Node) without this machine's NODE_EXTRA_CA_CERTS, as the start rows run.
async function start(command: string[], port: number): Promise<Running> {
  const started = performance.now();
  const [program, ...args] = command;
  const child = spawn(program!, args, { stdio: 'ignore', env: startEnv() });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${command.join(' ')} exited before it answered`);
    if (performance.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`${command.join(' ')} did not answer within 60 s`);
    }
    // A connection of its own each time: one kept from a server killed on this port would fail.
    const ok = await fetch(`${url}${GET_PATH}`, { headers: { ...auth, connection: 'close' } }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok)
      return {
        url,
        startMs: performance.now() - started,
        stop: () => child.kill('SIGKILL'),
        pause: () => child.kill('SIGSTOP'),
        resume: () => child.kill('SIGCONT'),
      };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const loads = (url: string): Record<'GET' | 'POST', Load> => ({
  GET: { url: `${url}${GET_PATH}`, method: 'GET', headers: auth },
  POST: {
    url: `${url}${POST_PATH}`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: POST_BODY,
  },
});

async function answer(load: Load): Promise<{ text: string; bytes: number }> {
  const headers = { ...load.headers, connection: 'close' };
  const response = await fetch(load.url, { method: load.method, headers, body: load.body });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${load.method} ${load.url} answered ${response.status}: ${text}`);
  return { text, bytes: Buffer.byteLength(text) };
}

// Mockoon's own builders, from the copy its CLI depends on: its environment file has many fields.
const mockoon = createRequire(require.resolve('@mockoon/cli/package.json'))('@mockoon/commons') as {
  BuildEnvironment(params: object): { uuid: string; routes: object[]; rootChildren: object[] };
  BuildHTTPRoute(
    withResponse: boolean,
    options: { endpoint: string; body: string },
  ): { uuid: string; method: string; responses: { uuid: string }[] };
  generateUUID(): string;
};

function mockoonEnvironment(routes: { method: string; path: string; body: string }[]): object {
  const environment = mockoon.BuildEnvironment({ hasDefaultRoute: false, hasContentTypeHeader: true });
  environment.uuid = mockoon.generateUUID();
  for (const { method, path, body } of routes) {
    const route = mockoon.BuildHTTPRoute(true, { endpoint: path.slice(1), body });
    route.uuid = mockoon.generateUUID();
    route.method = method.toLowerCase();
    for (const response of route.responses) response.uuid = mockoon.generateUUID();
    environment.routes.push(route);
    environment.rootChildren.push({ type: 'route', uuid: route.uuid });
  }
  return environment;
}

// The two answers as each peer serves them: WireMock's stub mappings, a Mockoon environment, and
// an OpenAPI document whose examples are the answers, for Prism (Mockoon's import of one answers
// an object built from the schema, not the example).
function writePeerFiles(dir: string, get: string, post: string): void {
  mkdirSync(join(dir, 'mappings'), { recursive: true });
  const stub = (method: string, url: string, body: string) => ({
    request: { method, url },
    response: { status: 200, body, headers: { 'content-type': 'application/json' } },
  });
  writeFileSync(join(dir, 'mappings', 'get.json'), JSON.stringify(stub('GET', GET_PATH, get)));
  writeFileSync(join(dir, 'mappings', 'post.json'), JSON.stringify(stub('POST', POST_PATH, post)));
  const operation = (example: string) => ({
    responses: {
      '200': {
        description: 'The answer this mock gives',
        content: { 'application/json': { schema: { type: 'object' }, example: JSON.parse(example) } },
      },
    },
  });
  writeFileSync(
    join(dir, 'mockoon.json'),
    JSON.stringify(
      mockoonEnvironment([
        { method: 'GET', path: GET_PATH, body: get },
        { method: 'POST', path: POST_PATH, body: post },
      ]),
    ),
  );
  writeFileSync(
    join(dir, 'openapi.json'),
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Peers bench', version: '1.0.0' },
      paths: {
        [GET_PATH]: { get: operation(get) },
        [POST_PATH]: {
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            ...operation(post),
          },
        },
      },
    }),
  );
}

// Runs of load until two in a row agree within a tenth: a JVM compiles its hot code for a while.
async function warm(load: Load, seconds: number): Promise<void> {
  let last = (await throughputOnce(load, seconds)).rps;
  for (let run = 0; run < 6; run++) {
    const next = (await throughputOnce(load, seconds)).rps;
    if (Math.abs(next - last) <= last / 10) return;
    last = next;
  }
}

interface Rounds {
  ours: Throughput[];
  theirs: Throughput[];
}

// Rounds that alternate which server goes first, so the machine's drift favours neither. The
// server not being measured is stopped meanwhile: a JVM went on compiling and collecting for a
// second after its load (89% of a core, measured), which this machine's two cores would otherwise
// take from the next round.
async function interleave(
  servers: Record<'ours' | 'theirs', { load: Load; server: Running }>,
  rounds: number,
  seconds: number,
): Promise<Rounds> {
  const measured: Rounds = { ours: [], theirs: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['ours', 'theirs'] as const) : (['theirs', 'ours'] as const);
    for (const side of order) {
      const other = servers[side === 'ours' ? 'theirs' : 'ours'].server;
      other.pause();
      try {
        measured[side].push(await throughputOnce(servers[side].load, seconds));
      } finally {
        other.resume();
      }
    }
  }
  return measured;
}

const times = (n: number) => `${n.toFixed(1)}×`;

/**
 * This mock beside WireMock, Mockoon and Prism on the same machine in the same run: each serves
 * the answers this mock gives to GET one record and to a small POST, byte for byte where it can;
 * start-up to the first 200, then throughput and p99 under autocannon's 50 connections in rounds
 * that alternate with this mock's. `ours` is the command that starts this mock on a port.
 */
export async function measurePeers(options: {
  ours(port: number): string[];
  rounds: number;
  seconds: number;
}): Promise<PeerRow[]> {
  const dir = scratchDir('bench-peers-');
  const rows: PeerRow[] = [];
  const running: Running[] = [];
  try {
    const oursStarts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const server = await start(options.ours(port), port);
      oursStarts.push(server.startMs);
      server.stop();
    }
    const oursPort = await freePort();
    const ours = await start(options.ours(oursPort), oursPort);
    running.push(ours);
    const our = loads(ours.url);
    const expected = { GET: await answer(our.GET), POST: await answer(our.POST) };
    writePeerFiles(dir, expected.GET.text, expected.POST.text);
    for (const kind of ['GET', 'POST'] as const) await warm(our[kind], options.seconds);

    for (const peer of peers) {
      if (peer.command(0, dir)[0] === 'java' && spawnSync('java', ['-version']).status !== 0) {
        rows.push({
          name: `Peers: ${peer.name}`,
          figure: 'not measured: no java on this machine',
          target: 'Java 17+',
          met: false,
        });
        continue;
      }
      const port = await freePort();
      const server = await start(peer.command(port, dir), port);
      running.push(server);
      const their = loads(server.url);
      const startShare = median(oursStarts) / server.startMs;
      rows.push({
        name: `Peers: start to first 200, this mock (release file) beside ${peer.name}`,
        figure: `${median(oursStarts).toFixed(0)} ms (rounds ${oursStarts.map((t) => t.toFixed(0)).join(', ')}) against ${server.startMs.toFixed(0)} ms: ${(startShare * 100).toFixed(0)}%`,
        target: '<= a fifth of the peer’s',
        met: startShare <= 0.2,
      });
      for (const kind of ['GET', 'POST'] as const) {
        const theirs = await answer(their[kind]);
        if (!isDeepStrictEqual(JSON.parse(theirs.text), JSON.parse(expected[kind].text)))
          throw new Error(`${peer.name} answers ${kind} with other JSON: ${theirs.text}`);
        await warm(their[kind], options.seconds);
        const rounds = await interleave(
          { ours: { load: our[kind], server: ours }, theirs: { load: their[kind], server } },
          options.rounds,
          options.seconds,
        );
        const ratios = rounds.ours.map((o, i) => o.rps / rounds.theirs[i]!.rps);
        const ratio = median(ratios);
        const p99 = {
          ours: median(rounds.ours.map((r) => r.p99)),
          theirs: median(rounds.theirs.map((r) => r.p99)),
        };
        const oursRps = median(rounds.ours.map((r) => r.rps));
        const theirRps = median(rounds.theirs.map((r) => r.rps));
        rows.push({
          name: `Peers: ${kind === 'GET' ? 'GET one record' : 'POST a small search'}, this mock beside ${peer.name}, 50 connections`,
          figure:
            `${oursRps.toFixed(0)} against ${theirRps.toFixed(0)} req/s, ${times(ratio)} (rounds ${ratios.map(times).join(', ')}); ` +
            `p99 ${p99.ours} against ${p99.theirs} ms; ${expected[kind].bytes} against ${theirs.bytes} bytes answered`,
          target: `>= ${peer.throughputTimes}× the throughput, p99 <= a third`,
          met: ratio >= peer.throughputTimes && p99.ours * 3 <= p99.theirs,
        });
      }
      server.stop();
      running.pop();
    }
  } finally {
    for (const server of running) server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
