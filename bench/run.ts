// pnpm bench: measures the mock, the standalone server and the SDK side by side with baselines in
// one run, prints a table and writes docs/benchmarks.md. BENCH_SIZE=tiny runs each once, small.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ContactSearchBody,
  evaluateContactSearch,
  parseContactSearch,
  toMsisdn,
} from '@marketing/domain';
import { createMockService } from '@marketing/mock-server';
import { demoWorld } from '@marketing/mock-server/demo';
import { listeningUrl } from '../test-support/listening.js';
import { installTogether, startEnv, userEnv } from './install-alone.js';
import { type Load, median, type Throughput, throughputOnce } from './load.js';
import { timeMachinePace } from './machine-pace.js';
import { timeOpenApiDocument } from './openapi-document.js';
import { measurePeers } from './peers.js';
import { timeYearOfRecurringSends } from './scheduler-year.js';
import { scratchDir } from './scratch.js';
import { measureSdkPackage } from './sdk-package.js';
import { measureWorlds } from './worlds.js';

const tiny = process.env.BENCH_SIZE === 'tiny';
// pnpm bench runs on the packages' built files, as users import them; only the tiny run (the test
// suite's) may run on sources.
const fromBuiltFiles = import.meta.resolve('@marketing/mock-server').includes('/dist/');
if (!tiny && !fromBuiltFiles)
  throw new Error('pnpm bench times the built packages: run it with `pnpm bench` (it builds them first)');
const benchStarted = performance.now();
const root = fileURLToPath(new URL('..', import.meta.url));
const sizes = tiny
  ? {
      contacts: 2_000,
      upload: 1_000,
      upsert: 500,
      queries: 20,
      scans: 2,
      bulk: 200,
      seconds: 1,
      sdkCalls: 20,
      mswCalls: 20,
    }
  : {
      contacts: 1_000_000,
      upload: 100_000,
      upsert: 20_000,
      queries: 1_000,
      scans: 5,
      bulk: 100_000,
      // The search's throughput run (the bench's 6 minutes leave no room for 10 s).
      seconds: 5,
      sdkCalls: 10_000,
      mswCalls: 3_000,
    };

interface Row {
  name: string;
  figure: string;
  target?: string;
  met?: boolean;
}
const rows: Row[] = [];
const record = (row: Row) => {
  rows.push(row);
  console.log(
    `${row.name}: ${row.figure}${row.target ? ` (target ${row.target}: ${row.met ? 'met' : 'MISSED'})` : ''} [${((performance.now() - benchStarted) / 1000).toFixed(0)} s]`,
  );
};
function timeCellValidation(cells: string[]) {
  const started = performance.now();
  for (const c of cells) if (toMsisdn(c) === undefined) throw new Error(`invalid bench cell ${c}`);
  return performance.now() - started;
}
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MiB`;
const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(0)} ms`;
/** A median with the rounds it was taken from, in the order they ran. */
const medianOf = (values: number[], format: (n: number) => string = ms) =>
  `${format(median(values))} (rounds ${values.map(format).join(', ')})`;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
// Each single timed operation in this process starts from a collected heap: the garbage an earlier
// section left (the seed file's 100 MB of text, a million rows) was otherwise collected inside the
// next one, and billed to it (the upload took 0.94-1.18 s so, against 0.68-0.77 s). Not before the
// searches: after a forced collection their p99 rose from 0.3 to 4-8 ms (new space is shrunk).
const settle = gc;
const cell = (i: number) => `2782${String(i).padStart(7, '0')}`;

// 0. The machine's pace at the start, and again at the end (see bench/machine-pace.ts).
const paceRow = (when: string) => {
  const pace = timeMachinePace(tiny ? 0.1 : 1);
  record({
    name: `Machine pace ${when}: a fixed workload (JSON both ways over 200,000 objects, a sort of 500,000 numbers; median of 3)`,
    figure: medianOf(pace.rounds),
  });
};
paceRow('at the start');

// 1. Scale: N contacts, 3 of 50 tags each (tag t0 on 1%, t1 on 10%), two names, dates. The rows
// are built in a function, so they are garbage after the seed as they would be in a test suite.
const tags = Array.from({ length: 50 }, (_, i) => ({ tag_id: `t${i}`, org_id: 'o' }));
const seedRows = () =>
  Array.from({ length: sizes.contacts }, (_, i) => ({
    org_id: 'o',
    cell: cell(i),
    firstname: `First${i}`,
    lastname: `Last${i}`,
    tag_ids: [
      i % 100 === 0 ? 't0' : `t${2 + (i % 48)}`,
      i % 10 === 0 ? 't1' : `t${2 + ((i + 7) % 48)}`,
      `t${2 + ((i + 13) % 48)}`,
    ],
    // By hundreds, so that the 1% tag (every hundredth contact) spans all 20 days too.
    updatedAt: new Date(Date.UTC(2026, 10, 1) + (Math.floor(i / 100) % 20) * 86_400_000).toISOString(),
  }));
const mock = createMockService({
  seed: { orgs: [{ _id: 'o', credits: 1e12 }], api_keys: [{ key: 'k', org_id: 'o' }], tags },
  rateLimit: false,
  now: '2026-11-22T00:00:00Z',
});
// The JS heap and the typed arrays' memory outside it (the cell index keeps its hashes in one).
const heapAndBuffers = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
// Heap is measured from before the rows exist: what the store keeps of them counts, the rest is freed.
function timeSeed() {
  gc();
  const heapBefore = heapAndBuffers();
  const contacts = seedRows();
  const started = performance.now();
  mock.seed({ contacts });
  return { ms: performance.now() - started, heapBefore };
}
const seeded = timeSeed();
gc();
const perContact = (heapAndBuffers() - seeded.heapBefore) / sizes.contacts;
record({
  name: `Seed ${sizes.contacts.toLocaleString('en')} contacts`,
  figure: ms(seeded.ms),
  target: tiny ? undefined : '<= 3 s',
  met: seeded.ms <= 3_000,
});
record({
  name: 'Heap per contact (the JS heap and typed arrays)',
  figure: `${perContact.toFixed(0)} B (RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB)`,
  target: tiny ? undefined : '<= 400 B',
  met: perContact <= 400,
});
// The share of cell validation (libphonenumber-js) in the seed: the same cells, validated alone.
const validationMs = timeCellValidation(Array.from({ length: sizes.contacts }, (_, i) => cell(i)));
record({
  name: `Of which: validating the ${sizes.contacts.toLocaleString('en')} cells alone (toMsisdn)`,
  figure: `${ms(validationMs)} (${((validationMs / seeded.ms) * 100).toFixed(0)}% of the seed)`,
});

// 1b. The same world as a seed file, for the standalone server to start from and save as a --state
// file (section 8b): the state rows are timed on the release file, as a user meets them.
const bigSeedPath = join(scratchDir('bench-big-seed-'), 'seed.json');
writeFileSync(bigSeedPath, JSON.stringify(mock.state()));

// Through mock.fetch, as the SDK calls it in process: the whole pipeline (routing, auth,
// validation, JSON both ways) without building a Request, which costs more than a search's page.
const handle = async (method: string, path: string, body: unknown) => {
  const response = await mock.fetch(mock.baseUrl + path, {
    method,
    headers: { authorization: 'Bearer k' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
};

// 2. Uploads through the in-process mock.
const fresh = Array.from({ length: sizes.upload }, (_, i) => ({
  cell: cell(5_000_000 + i),
  firstname: 'New',
}));
settle();
let started = performance.now();
const created = await handle('POST', '/contacts', { contacts: fresh });
const uploadMs = performance.now() - started;
record({
  name: `POST /contacts, ${sizes.upload.toLocaleString('en')} new contacts`,
  figure: `${ms(uploadMs)} (${Math.round(sizes.upload / (uploadMs / 1000)).toLocaleString('en')} contacts/s, status ${created.status})`,
  target: tiny ? undefined : '<= 1 s',
  met: uploadMs <= 1000,
});
const uploadValidationMs = timeCellValidation(fresh.map((row) => row.cell));
record({
  name: `Of which: validating the ${sizes.upload.toLocaleString('en')} cells alone (toMsisdn)`,
  figure: `${ms(uploadValidationMs)} (${((uploadValidationMs / uploadMs) * 100).toFixed(0)}% of the upload)`,
});
const existing = Array.from({ length: sizes.upsert }, (_, i) => ({
  cell: cell(i),
  lastname: 'Updated',
  tag_ids: ['t49'],
}));
settle();
started = performance.now();
await handle('PUT', '/contacts', { contacts: existing });
const upsertMs = performance.now() - started;
record({
  name: `PUT /contacts, ${sizes.upsert.toLocaleString('en')} existing contacts`,
  figure: `${ms(upsertMs)} (${Math.round(sizes.upsert / (upsertMs / 1000)).toLocaleString('en')} contacts/s)`,
});

// 3. Searches from the indexes, beside a linear scan of the same data.
const searches: Record<string, ContactSearchBody> = {
  'tag of 1% + updatedAt, {cell: 1}, limit 100': {
    find: { tag_ids: { $in: ['t0'] }, updatedAt: { $gte: '2026-11-05T00:00:00Z' } },
    projection: { cell: 1 },
    options: { limit: 100 },
  },
  '$all of two tags, limit 100': {
    find: { tag_ids: { $all: ['t1', 't2'] } },
    projection: { cell: 1 },
    options: { limit: 100 },
  },
};
for (const [label, body] of Object.entries(searches)) {
  const all = mock.state().contacts;
  const times: number[] = [];
  // Timed once V8 has optimised the path: its first thousand searches took 160 µs, later ones 86.
  for (let i = 0; i < sizes.queries; i++) await handle('POST', '/contacts/search', body);
  for (let i = 0; i < sizes.queries; i++) {
    const t = performance.now();
    await handle('POST', '/contacts/search', body);
    times.push(performance.now() - t);
  }
  const scans: number[] = [];
  const parsed = parseContactSearch(body);
  for (let i = 0; i < sizes.scans; i++) {
    const t = performance.now();
    evaluateContactSearch(all, parsed);
    scans.push(performance.now() - t);
  }
  const p50 = percentile(times, 50);
  const ratio = percentile(scans, 50) / p50;
  record({
    name: `Search: ${label}`,
    figure: `p50 ${ms(p50)}, p99 ${ms(percentile(times, 99))} (${sizes.queries.toLocaleString('en')} searches after as many untimed); linear scan p50 ${ms(percentile(scans, 50))} (${ratio.toFixed(0)}x)`,
    target: tiny ? undefined : 'p50 < 5 ms, >= 1,000x the scan',
    met: p50 < 5 && ratio >= 1000,
  });
}

// A bulk $addToSet of one tag to the contacts of another, from a collected heap, timed.
async function timeAddToSet(ofTag: string, tag: string) {
  settle();
  const started = performance.now();
  const { data } = (
    await handle('POST', '/contacts/update', {
      find: { tag_ids: { $in: [ofTag] } },
      update: { $addToSet: { tag_ids: { $each: [tag] } } },
    })
  ).body as { data: { matchedCount: number; modifiedCount: number } };
  return { ...data, ms: performance.now() - started };
}

// 4. Bulk update over the contacts of a 10% tag (100,000 at a million).
const bulk = await timeAddToSet('t1', 't48');
record({
  name: `Bulk update $addToSet over ${bulk.matchedCount.toLocaleString('en')} matched contacts`,
  figure: ms(bulk.ms),
});

// The million contacts are let go: the rows below measure other worlds, and a heap of a gigabyte
// would make each of their collections cost what no user's test process pays.
mock.reset({});
gc();

// 4a. A bulk change to contacts that carry many tags: it re-indexes only the tags it adds or
// removes, not every tag each changed contact carries (their lists are still copied and compared).
const manyTags = { contacts: tiny ? 200 : 2_000, tags: tiny ? 100 : 1_000 };
const manyTagIds = Array.from({ length: manyTags.tags }, (_, i) => `m${i}`);
mock.reset({
  orgs: [{ _id: 'o', credits: 1e12 }],
  api_keys: [{ key: 'k', org_id: 'o' }],
  tags: [...manyTagIds, 'added'].map((tag_id) => ({ tag_id, org_id: 'o' })),
  contacts: Array.from({ length: manyTags.contacts }, (_, i) => ({
    org_id: 'o',
    cell: cell(i),
    tag_ids: manyTagIds,
  })),
});
const manyTagged = await timeAddToSet('m0', 'added');
record({
  name: `Bulk update $addToSet of one tag to ${manyTagged.modifiedCount.toLocaleString('en')} contacts of ${manyTags.tags.toLocaleString('en')} tags each`,
  figure: ms(manyTagged.ms),
  target: tiny ? undefined : '<= 1 s',
  met: manyTagged.ms <= 1000,
});
mock.reset({});
gc();

// 4b. The scheduler: a year of daily recurring sends in one advance of the clock. Each campaign
// targets its own tag, carried by `perCampaign` contacts; the rest of the world is targeted by none,
// so the row also shows that contacts nothing is due for cost nothing.
const yearContacts = tiny ? 2_000 : 10_000;
const yearDays = tiny ? 30 : 365;
const year = timeYearOfRecurringSends({
  contacts: yearContacts,
  campaigns: 10,
  perCampaign: 10,
  days: yearDays,
});
record({
  name: `Advance ${yearDays} days: 10 daily recurring campaigns in a world of ${yearContacts.toLocaleString('en')} contacts, 10 targeted by each (${year.sends.toLocaleString('en')} sends)`,
  figure: ms(year.ms),
  target: '< 2 s',
  met: year.ms < 2000,
});
// Every contact targeted: the cost is then the sends themselves (a send record and an outbox
// message each), so the figure is a rate, over 30 days to keep the bench short.
const crowded = timeYearOfRecurringSends({
  contacts: yearContacts,
  campaigns: 10,
  perCampaign: yearContacts / 10,
  days: 30,
});
record({
  name: `Advance 30 days: the same campaigns with every one of the ${yearContacts.toLocaleString('en')} contacts targeted (${crowded.sends.toLocaleString('en')} sends)`,
  figure: `${ms(crowded.ms)} (${((crowded.ms * 1000) / crowded.sends).toFixed(1)} µs a send)`,
});

// 5. The standalone server against a bare node:http server, both as child processes.
// A first, unmeasured run warms a server up (its code compiled, its heap grown), as a server that
// has run for a while is: the first seconds of a fresh process measure its start, not its pace.
const warmUp = (load: Load) => throughputOnce(load, tiny ? 1 : 2);
const throughput = async (load: Load) => {
  await warmUp(load);
  return throughputOnce(load, sizes.seconds);
};
/**
 * A server's pace as a share of a baseline's, from rounds that run the two one after the other:
 * this machine's pace drifts by a quarter within a minute, so each round's ratio compares runs a
 * few seconds apart, and the median of the rounds is reported. Rounds alternate which of the two
 * runs first, so a drift favours neither.
 */
async function paceAgainst(load: Load, baseline: Load, rounds: number, roundSeconds: number) {
  await warmUp(baseline);
  await warmUp(load);
  const measured: { base: Throughput; own: Throughput; share: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    // An object literal's properties are evaluated in the order they are written.
    const { base, own } =
      round % 2 === 0
        ? {
            base: await throughputOnce(baseline, roundSeconds),
            own: await throughputOnce(load, roundSeconds),
          }
        : {
            own: await throughputOnce(load, roundSeconds),
            base: await throughputOnce(baseline, roundSeconds),
          };
    measured.push({ base, own, share: own.rps / base.rps });
  }
  const middle = measured.find((round) => round.share === median(measured.map((r) => r.share)))!;
  return { ...middle, shares: measured.map((round) => round.share), bases: measured.map((r) => r.base.rps) };
}
function child(args: string[], ready: RegExp): Promise<{ url: string; stop: () => void }> {
  const proc = spawn(process.execPath, args, { cwd: root });
  return new Promise((resolve, reject) => {
    let out = '';
    let started = false;
    // Read to the end (a full pipe would stall the server's log), but keep only the banner.
    proc.stdout.on('data', (d) => {
      if (started) return;
      out += d;
      const match = out.match(ready);
      if (!match) return;
      started = true;
      resolve({ url: match[1]!, stop: () => proc.kill('SIGKILL') });
    });
    proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}
// The standalone server as users run it: the release file, built afresh (a file left from an
// older build would time older code).
const releaseFile = join(root, 'release/marketing-mock.mjs');
spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/release-mock.ts')], { stdio: 'inherit' });
const seedFile = join(scratchDir('bench-'), 'seed.json');
const world = demoWorld();
writeFileSync(seedFile, JSON.stringify(world));
const standaloneArgs = [
  releaseFile,
  '--port',
  '0',
  '--quiet',
  '--no-rate-limit',
  '--no-billing',
  '--seed',
  seedFile,
];
const listening = /listening on (http:\/\/\S+)/;
const standalone = await child(standaloneArgs, listening);
// The opt-in the standalone guide suggests for load tests: a larger young generation.
const tuned = await child(['--max-semi-space-size=64', ...standaloneArgs], listening);
const bare = await child(
  [
    '-e',
    "const s=require('http').createServer((q,r)=>{r.writeHead(200,{'content-type':'application/json'});r.end('{\"ok\":true,\"data\":{\"cell\":\"27821000000\"}}')});s.listen(0,'127.0.0.1',()=>console.log('bare on http://127.0.0.1:'+s.address().port))",
  ],
  /bare on (http:\/\/\S+)/,
);
try {
  const auth = { authorization: 'Bearer demo_seller_admin' };
  const bareGet: Load = { url: `${bare.url}/contacts/27821000000`, method: 'GET', headers: {} };
  const getFrom = (server: { url: string }): Load => ({
    url: `${server.url}/contacts/27821000000`,
    method: 'GET',
    headers: auth,
  });
  // Seven rounds of two seconds: with nine, a run on a slow machine took pnpm bench past its six minutes.
  const [rounds, roundSeconds] = tiny ? [1, 1] : [7, 2];
  const get = await paceAgainst(getFrom(standalone), bareGet, rounds, roundSeconds);
  // The opt-in row has no target: three rounds show its spread (five took the bench to 5m57s of
  // its 6 minutes).
  const tunedGet = await paceAgainst(getFrom(tuned), bareGet, Math.min(rounds, 3), roundSeconds);
  const search = await throughput({
    url: `${standalone.url}/contacts/search`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      find: { tag_ids: { $in: ['tag_vip'] } },
      projection: { cell: 1 },
      options: { limit: 10 },
    }),
  });
  const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
  const paceFigure = (pace: typeof get) =>
    `${pace.own.rps.toFixed(0)} req/s, p99 ${pace.own.p99} ms (${percent(pace.share)} of bare, ` +
    `the median of ${pace.shares.length} side-by-side rounds: ${pace.shares.map(percent).join(', ')}; ` +
    `bare ${Math.min(...pace.bases).toFixed(0)}-${Math.max(...pace.bases).toFixed(0)} req/s in them; ${pace.own.non2xx} non-2xx)`;
  record({
    name: 'Bare node:http (fixed envelope), 50 connections',
    figure: `${get.base.rps.toFixed(0)} req/s, p99 ${get.base.p99} ms`,
  });
  record({
    name: 'Standalone GET /contacts/:cell (the release file), 50 connections',
    figure: paceFigure(get),
    target: tiny ? undefined : '>= 85% of bare',
    met: get.share >= 0.85,
  });
  record({
    name: 'Standalone GET, node --max-semi-space-size=64 (opt-in)',
    figure: paceFigure(tunedGet),
  });
  record({
    name: 'Standalone POST /contacts/search, 50 connections',
    figure: `${search.rps.toFixed(0)} req/s, p99 ${search.p99} ms (${search.non2xx} non-2xx)`,
    target: tiny ? undefined : '>= 10,000 req/s',
    met: search.rps >= 10_000 && search.non2xx === 0,
  });
} finally {
  standalone.stop();
  tuned.stop();
  bare.stop();
}

// 6. In process, from the built packages as a user installs them (the SDK's and the mock's
// tarballs and msw, in one project outside the workspace): the SDK through msw beside plain fetch
// on the same handler, the SDK through mock.fetch, and the mock's core alone, in rounds that take
// turns (bench/in-process-calls.mjs). At the tiny size, from sources in the workspace.
const inProcessProject = tiny ? root : installTogether(['sdk', 'mock-server'], ['msw@2.9.0']);
const inProcessScript = join(inProcessProject, 'in-process-calls.mjs');
if (!tiny) copyFileSync(join(root, 'bench/in-process-calls.mjs'), inProcessScript);
const inProcess = JSON.parse(
  spawnSync(
    process.execPath,
    [
      '--expose-gc',
      ...(tiny ? ['--import', 'tsx'] : []),
      tiny ? join(root, 'bench/in-process-calls.mjs') : inProcessScript,
    ],
    {
      cwd: inProcessProject,
      encoding: 'utf8',
      env: { ...userEnv(), ...(tiny ? { ROUNDS: '1', CALLS: '200', MSW_CALLS: '20' } : {}) },
    },
  ).stdout,
) as Record<'plainFetchThroughMsw' | 'sdkThroughMsw' | 'sdkThroughMockFetch' | 'core', number[]>;
const us = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} µs`;
const sdkRatios = inProcess.sdkThroughMsw.map((sdk, round) => sdk / inProcess.plainFetchThroughMsw[round]!);
record({
  name: 'SDK contacts.get vs plain fetch, through msw (the installed packages)',
  figure: `${us(median(inProcess.sdkThroughMsw))} vs ${us(median(inProcess.plainFetchThroughMsw))} a call; the SDK ${medianOf(sdkRatios, (r) => `${r.toFixed(2)}x`)}`,
  target: tiny ? undefined : '<= 1.3x',
  met: median(sdkRatios) <= 1.3,
});
const viaMsw = median(inProcess.sdkThroughMsw);
const viaFetch = median(inProcess.sdkThroughMockFetch);
record({
  name: 'SDK contacts.get through mock.fetch (the installed packages)',
  figure: `${medianOf(inProcess.sdkThroughMockFetch, us)}, ${(viaMsw / viaFetch).toFixed(1)}x faster than msw`,
  target: tiny ? undefined : '<= 25 µs, >= 5x msw',
  met: viaFetch <= 25 && viaMsw / viaFetch >= 5,
});
record({
  name: 'The mock’s core alone (respond, no Request or Response; the installed package)',
  figure: medianOf(inProcess.core, us),
  target: tiny ? undefined : '<= 5 µs',
  met: median(inProcess.core) <= 5,
});

// 8. Cold start: from spawning the command to its first 200 (GET /__mock/health), the bundled file
// beside the command run from sources, and Node's own start beside them. The median of 5 starts
// each. Starts run without this machine's NODE_EXTRA_CA_CERTS (startEnv says why); where it is
// set, Node's own start and the bundled file's are also timed with it, in the same turns.
// npx is stopped as its user stops it, with SIGTERM, which it passes on: SIGKILL would kill npx
// alone and leave the server it started running.
/**
 * Spawns a server command and answers once its health first answers 200: the time from the spawn,
 * its URL, and how to stop it (which waits for it, and its child processes, to exit).
 */
async function startToFirst200(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const started = performance.now();
  const child = spawn(command, [...args, '--port', '0', '--quiet'], {
    cwd,
    env: { ...startEnv(), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    child.kill(signal);
    await exited;
  };
  try {
    const url = await listeningUrl(child);
    for (;;) {
      const ok = await fetch(`${url}/__mock/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, url, stop };
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
async function coldStart(
  command: string,
  args: string[],
  cwd: string,
  stop: NodeJS.Signals = 'SIGKILL',
  env: NodeJS.ProcessEnv = {},
) {
  const server = await startToFirst200(command, args, cwd, env);
  await server.stop(stop);
  // Each start is measured with the previous one's processes gone (tsx's esbuild service too),
  // not beside one still exiting.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return server.ms;
}
const machineCertificates = process.env.NODE_EXTRA_CA_CERTS;
const withMachineCertificates = machineCertificates
  ? { NODE_EXTRA_CA_CERTS: machineCertificates }
  : undefined;
const certificateCount = (() => {
  try {
    return machineCertificates
      ? readFileSync(machineCertificates, 'latin1').split('-----BEGIN CERTIFICATE-----').length - 1
      : 0;
  } catch {
    return 0;
  }
})();
const certificatesNote = `this machine's NODE_EXTRA_CA_CERTS (${certificateCount} certificates)`;
/** Milliseconds from spawning `node -e 0` to its exit. */
function nodeAlone(env: NodeJS.ProcessEnv = {}) {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0'], { env: { ...startEnv(), ...env }, stdio: 'ignore' });
  return performance.now() - started;
}
const nodeStarts: number[] = [];
const nodeStartsWithCertificates: number[] = [];
const bundledStarts: number[] = [];
const bundledStartsWithCertificates: number[] = [];
const uncachedStarts: number[] = [];
const sourceStarts: number[] = [];
for (let i = 0; i < (tiny ? 1 : 5); i++) {
  nodeStarts.push(nodeAlone());
  if (withMachineCertificates) nodeStartsWithCertificates.push(nodeAlone(withMachineCertificates));
  // The bundled file from an empty directory, with its compile cache (written by an earlier
  // start) and without; the sources from the repository root, where pnpm mock runs them (tsx
  // reads the workspace's paths there).
  bundledStarts.push(await coldStart(process.execPath, [releaseFile], tmpdir()));
  if (withMachineCertificates)
    bundledStartsWithCertificates.push(
      await coldStart(process.execPath, [releaseFile], tmpdir(), 'SIGKILL', withMachineCertificates),
    );
  uncachedStarts.push(
    await coldStart(process.execPath, [releaseFile], tmpdir(), 'SIGKILL', {
      MARKETING_MOCK_COMPILE_CACHE: 'off',
    }),
  );
  sourceStarts.push(
    await coldStart(
      process.execPath,
      ['--import', 'tsx', join(root, 'packages/mock-server/src/standalone/cli.ts')],
      root,
    ),
  );
}
record({
  name: 'Node’s own start: node -e 0, from its spawn to its exit (median of 5)',
  figure: withMachineCertificates
    ? `${medianOf(nodeStarts)}; with ${certificatesNote}, which the start rows leave out: ${medianOf(nodeStartsWithCertificates)}`
    : medianOf(nodeStarts),
});
record({
  name: 'Cold start to first 200: release/marketing-mock.mjs (median of 5)',
  figure: medianOf(bundledStarts),
  target: tiny ? undefined : '<= 150 ms',
  met: median(bundledStarts) <= 150,
});
if (withMachineCertificates)
  record({
    name: `Cold start to first 200: release/marketing-mock.mjs with ${certificatesNote} (median of 5, in turns with the row above)`,
    figure: medianOf(bundledStartsWithCertificates),
  });
record({
  name: 'Cold start to first 200: release/marketing-mock.mjs with its compile cache off (MARKETING_MOCK_COMPILE_CACHE=off; median of 5, in turns with the row above)',
  figure: medianOf(uncachedStarts),
});
record({
  name: 'Cold start to first 200: the CLI from sources with tsx, as pnpm mock runs it (median of 5)',
  figure: medianOf(sourceStarts),
});

// 8a. The mock's package as a user installs it (its tarball, from npm's registry for its
// dependencies, in section 6's project beside the SDK and msw), started with npx: npm's own start
// is part of what the user waits for. Not at the tiny size: the outside tests install and start
// it the same way.
if (!tiny) {
  const mockProject = inProcessProject;
  const npxStarts: number[] = [];
  // npm's own share, in the same rounds: npx running a bin that only exits, from the same project.
  const npxAlone: number[] = [];
  const npxStartsWithCertificates: number[] = [];
  const noopBin = join(mockProject, 'node_modules/.bin/bench-noop');
  writeFileSync(noopBin, '#!/usr/bin/env node\n');
  chmodSync(noopBin, 0o755);
  for (let i = 0; i < 5; i++) {
    npxStarts.push(await coldStart('npx', ['--no-install', 'marketing-mock'], mockProject, 'SIGTERM'));
    const started = performance.now();
    spawnSync('npx', ['--no-install', 'bench-noop'], { cwd: mockProject, env: startEnv() });
    npxAlone.push(performance.now() - started);
    if (withMachineCertificates)
      npxStartsWithCertificates.push(
        await coldStart(
          'npx',
          ['--no-install', 'marketing-mock'],
          mockProject,
          'SIGTERM',
          withMachineCertificates,
        ),
      );
  }
  // What a test process pays to import the library (msw's handlers, createMockService) before its
  // first test, in each module system.
  const importMs = (args: string[]) =>
    Number(spawnSync(process.execPath, args, { cwd: mockProject, encoding: 'utf8' }).stdout.trim());
  const esmImports: number[] = [];
  const cjsImports: number[] = [];
  for (let i = 0; i < 5; i++) {
    esmImports.push(
      importMs([
        '--input-type=module',
        '-e',
        "const t = performance.now(); await import('@marketing/mock-server'); console.log(performance.now() - t)",
      ]),
    );
    cjsImports.push(
      importMs([
        '-e',
        "const t = performance.now(); require('@marketing/mock-server'); console.log(performance.now() - t)",
      ]),
    );
  }
  record({
    name: 'Import @marketing/mock-server, installed from its tarball (median of 5)',
    figure: `${medianOf(esmImports)} as an ES module; ${medianOf(cjsImports)} with require`,
  });
  rmSync(mockProject, { recursive: true, force: true });
  record({
    name: 'Cold start to first 200: npx marketing-mock, the package installed from its tarball (median of 5)',
    figure: `${medianOf(npxStarts)}; npx alone, running a bin that only exits: ${medianOf(npxAlone)}${withMachineCertificates ? `; with ${certificatesNote} (npm and the command each read them): ${medianOf(npxStartsWithCertificates)}` : ''}`,
    target: '<= 500 ms',
    met: median(npxStarts) <= 500,
  });
}

// 8b. State files on the release file, as a user meets them: the million contacts above started
// from their seed file (validated in full), saved with POST /__mock/state/save while health is
// probed (the longest wait is what any request could wait meanwhile), then started again from
// the saved file (its hash intact) and from an edited copy (validated in full).
const stateDir = scratchDir('bench-state-');
const statePath = join(stateDir, 'state.json');
const bigSeedBytes = statSync(bigSeedPath).size;
const fromSeed = await startToFirst200(
  process.execPath,
  [releaseFile, '--seed', bigSeedPath, '--state', statePath],
  tmpdir(),
);
rmSync(dirname(bigSeedPath), { recursive: true, force: true });
const saves: number[] = [];
const healthWaits: number[] = [];
try {
  for (let round = 0; round < (tiny ? 1 : 3); round++) {
    let saving = true;
    let longest = 0;
    const probing = (async () => {
      while (saving) {
        const t = performance.now();
        await fetch(`${fromSeed.url}/__mock/health`).then((r) => r.arrayBuffer());
        longest = Math.max(longest, performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const started = performance.now();
    const saved = await fetch(`${fromSeed.url}/__mock/state/save`, { method: 'POST' });
    if (saved.status !== 200) throw new Error(`state save answered ${saved.status}: ${await saved.text()}`);
    saves.push(performance.now() - started);
    saving = false;
    await probing;
    healthWaits.push(longest);
  }
} finally {
  await fromSeed.stop();
}
const stateFileBytes = statSync(statePath).size;
record({
  name: `Start release/marketing-mock.mjs from a ${sizes.contacts.toLocaleString('en')}-contact seed file, to its first 200 (validated in full)`,
  figure: `${ms(fromSeed.ms)} (${mib(bigSeedBytes)}, as GET /__mock/state answers the world)`,
});
record({
  name: `Save the ${sizes.contacts.toLocaleString('en')}-contact --state file (POST /__mock/state/save; longest health wait meanwhile)`,
  figure: `${medianOf(saves)}; ${mib(stateFileBytes)}; health waited at most ${ms(Math.max(...healthWaits))}`,
  target: tiny ? undefined : '<= 1.5 s, health waits <= 50 ms',
  met: median(saves) <= 1_500 && Math.max(...healthWaits) <= 50,
});
// From spawning it to its first 200: the whole file read and indexed.
// In turns with a larger young generation, which every object the file holds passes through (the
// standalone guide says how the two compare).
const stateStarts: number[] = [];
const tunedStateStarts: number[] = [];
const startFromState = (nodeFlags: string[]) =>
  coldStart(process.execPath, [...nodeFlags, releaseFile, '--state', statePath], tmpdir());
// Five turns: a start reads and indexes 75 MiB, and this machine's pace moved one of three by a
// quarter within a run.
for (let i = 0; i < (tiny ? 1 : 5); i++) {
  stateStarts.push(await startFromState([]));
  tunedStateStarts.push(await startFromState(['--max-semi-space-size=64']));
}
record({
  name: `Start release/marketing-mock.mjs with the ${sizes.contacts.toLocaleString('en')}-contact state file, to its first 200 (median of 5)`,
  figure: `${medianOf(stateStarts)}; its hash intact, so cells are not validated again`,
  target: tiny ? undefined : '<= 2 s',
  met: median(stateStarts) <= 2_000,
});
record({
  name: 'Start it with the same file, node --max-semi-space-size=64 (opt-in; in turns with the row above)',
  figure: medianOf(tunedStateStarts),
});
// A name changed in place, as long as it was: the first names are one text column, cut by lengths.
const stateText = readFileSync(statePath, 'utf8');
const editedText = stateText.replace('First1', 'Fir5t1');
if (editedText === stateText) throw new Error('the state file holds no name First1 to edit');
writeFileSync(statePath, editedText);
const editedStart = await startFromState([]);
rmSync(stateDir, { recursive: true, force: true });
record({
  name: 'Start it with the same file after an edit, to its first 200 (validated in full)',
  figure: ms(editedStart),
});

// 8c. Peers on this machine in this run: WireMock, Mockoon and Prism serving the same answers
// (see bench/peers.ts). Skipped at the tiny size: the test suite starts no JVM.
if (!tiny)
  for (const row of await measurePeers({
    ours: (port) => [
      process.execPath,
      releaseFile,
      '--port',
      `${port}`,
      '--quiet',
      '--no-rate-limit',
      '--no-billing',
      '--seed',
      seedFile,
    ],
    rounds: 3,
    seconds: 1,
  }))
    record(row);

// 9. Worlds on one server: a world made from a 1,000-contact seed, and 100 such worlds held.
const worldCount = tiny ? 10 : 100;
const worlds = measureWorlds(worldCount);
record({
  name: 'World from a 1,000-contact seed (createWorldRouter, median of 25)',
  figure: ms(worlds.createMs),
  target: tiny ? undefined : '< 10 ms',
  met: worlds.createMs < 10,
});
record({
  name: `${worldCount} worlds of 1,000 contacts, held (heap and external)`,
  figure: `${worlds.megabytes.toFixed(0)} MiB`,
  target: tiny ? undefined : '<= 200 MB',
  met: worlds.megabytes * 2 ** 20 <= 200e6,
});

// 6b. The OpenAPI document, built once and served with an ETag, gzipped when the client accepts it.
const openApi = await timeOpenApiDocument();
record({
  name: 'GET /openapi.json on the Node server (p50 of 40 after the first)',
  figure: `${openApi.gzip.toFixed(2)} ms gzipped, ${openApi.plain.toFixed(2)} ms plain; the first (builds the document) ${ms(openApi.first)}`,
  target: tiny ? undefined : '<= 2 ms gzipped',
  met: openApi.gzip <= 2,
});

// 7. The SDK as a user installs it: its tarball alone in a fresh project (bench/sdk-package.ts).
const sdk = await measureSdkPackage(tiny ? 1 : 3);
record({
  name: 'SDK installed alone from its tarball (node_modules)',
  figure: `${(sdk.installedBytes / 1024).toFixed(0)} kB`,
  target: '<= 1 MB',
  met: sdk.installedBytes <= 1024 * 1024,
});
record({
  name: 'SDK dependencies installed with it',
  figure: String(sdk.dependencies),
  target: '<= 1',
  met: sdk.dependencies <= 1,
});
const typeCheck = median(sdk.typeCheckMs);
record({
  name: `Type-check a file using the SDK, skipLibCheck off (median of ${sdk.typeCheckMs.length})`,
  figure: `${ms(typeCheck)} (rounds ${sdk.typeCheckMs.map((t) => ms(t)).join(', ')}); an empty file with the same options: ${ms(median(sdk.emptyFileMs))}`,
  target: tiny ? undefined : '< 3 s',
  met: typeCheck < 3000,
});
record({
  name: 'SDK bundle from the installed package (ESM, min+gzip), without validation',
  figure: `${(sdk.bundleBytes.plain / 1024).toFixed(1)} kB`,
  target: '< 12 kB',
  met: sdk.bundleBytes.plain < 12 * 1024,
});
record({
  name: 'SDK bundle from the installed package (ESM, min+gzip), with the contract validator (and zod)',
  figure: `${(sdk.bundleBytes.validated / 1024).toFixed(1)} kB`,
});

paceRow('at the end');

if (!tiny) {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${r.figure} | ${r.target ? `${r.target}: ${r.met ? 'met' : '**missed**'}` : ''} |`,
    )
    .join('\n');
  const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
  const costs = `## Where the time goes

- **Cell validation.** Seeds and uploads check every cell. An MSISDN is tested against the
  patterns of libphonenumber-js's own metadata for its calling code, compiled once (a property test
  holds this to the library's \`isValid()\` over every calling code); only other forms, shared
  calling codes and numbers that start with a trunk prefix go through the library's parser. About
  ${((validationMs / sizes.contacts) * 1000).toFixed(2)} µs a cell in this run: ${ms(validationMs)} of the ${seconds(seeded.ms)} seed and ${ms(uploadValidationMs)} of the ${seconds(uploadMs)} upload
  (the "Of which" rows time the same cells alone).
- **Storing and indexing.** The rest of the seed puts each contact into a hash table by cell (sized
  once for the batch) and into sorted indexes by \`_id\`, tag and \`updatedAt\` (bulk-merged, in
  chunks of at most 2,048 so later updates stay cheap; a batch of new IDs in order is appended
  without comparisons), with the garbage collection a heap of a million objects costs. A contact
  of more than 16 tags is held in the \`_id\` and tag indexes through one small object that a
  change repoints, so changing it rewrites only the indexes of the tags the change adds or removes
  (the "contacts of 1,000 tags" row); the others are held directly, a memory access less for each
  candidate a search reads. The hash
  table the seed check builds to find repeated cells becomes the store's own when the
  organisation had no contacts. IDs are flat strings; a tag ID named by many contacts, a time
  many rows repeat and the empty list are each stored once: about ${perContact.toFixed(0)} B a contact.
  Contacts that carry the same tags share one frozen list of them, whether seeded, uploaded or
  changed: a search that reads many candidates' tags (\`$all\`) then finds the same few lists in
  the processor's cache (a list a contact, after a change, made that search 1.8x slower). Each
  shared list carries a 32-bit summary of its tags (a bit a tag, by a hash of its text): an
  \`$all\` passes over a candidate whose summary lacks a bit of the tags it looks for without
  looking through its list, and compares the rest by address (the lists' tag IDs and the
  search's are the strings V8 interns), which halved the store's part of the \`$all\` row. The
  upload, PUT and bulk update rows each start from a collected heap: the seed file's 100 MB of
  text, left by the section before, was otherwise collected inside the upload and billed to it.
- **In process.** \`mock.fetch\` and \`mock.handle\` answer a \`Response\` that hands its text
  back as it is to \`text()\` and \`json()\`, and makes a byte stream only when one is asked
  for: a \`Response\` built on a string keeps a stream, and making and reading it cost more
  than the mock's whole answer (15 to 25 µs a call, where handing the text back takes 2).
  These rows run in a child process from the SDK's and the mock's tarballs and msw installed
  in a project outside the workspace (\`bench/in-process-calls.mjs\`), as a user's tests load
  them. Through msw, most of the SDK's cost over a plain \`fetch\` is ky's: ky builds a
  \`Request\` and clones it, and msw then handles a \`Request\` with a signal; through
  \`mock.fetch\` the SDK skips ky and the \`Request\` altogether. Each figure is the steady pace
  once V8 has optimised the path: each path is collected, then the core and \`mock.fetch\` rows
  time 20,000 calls after as many untimed (the core's first few thousand calls ran several times
  slower here, while V8 optimised them), the msw rows 3,000 after 500. The collection comes before the untimed
  calls, not after: a full collection deoptimises the path's code (V8 drops optimised code whose
  embedded objects died), and the core timed straight after one took 3.9 µs a call instead of
  2.8. A test process's own collections are young-generation ones, which do not: none of 600,000
  calls of the core met a full one. Searches, likewise, are timed after as many untimed ones.
- **Start-up.** The command compiles its code with V8's code cache (kept in
  \`~/.cache/marketing-mock\`; see the standalone server's docs): the bench's first start writes
  it and the later ones read it, as a user's second and later starts do. A first start takes
  about 30 ms more. Nothing at the top level of the bundle asks ICU to format a number (its data
  took 5 ms to load). Every start here (this mock's, npx's, the peers') runs without
  \`NODE_EXTRA_CA_CERTS\`${
    withMachineCertificates
      ? `, which this machine sets for its network proxy: with it, each Node process reads and
  parses that file's certificates before its first line runs (${ms(median(nodeStartsWithCertificates) - median(nodeStarts))} of \`node -e 0\`'s
  ${ms(median(nodeStartsWithCertificates))} in this run), a cost paid alike by any Node command and by none of this mock's code.
  The rows "with this machine's NODE_EXTRA_CA_CERTS" time the same starts with it, in the same
  turns`
      : ` (a machine that sets it makes each Node process read and parse that file's certificates
  before its first line runs: 57 ms of \`node -e 0\`'s 82 for 144 certificates where it was set)`
  }.
- **State files.** A state file saves contacts as columns (${(stateFileBytes / 2 ** 20).toFixed(0)} MiB for a million here): tag
  lists, organisations and time stamps that contacts share are written once, parsing makes a few
  long lists instead of ten million objects, and each contact is made once, straight from them.
  Fields of text (cells, names, IDs) are text columns, one text and each contact's length: V8
  interns every string of up to 10 characters \`JSON.parse\` makes, and a list of a million short
  names took 350-500 ms to parse where cutting them from one text takes 130-150. A
  file whose hash is intact skips cell validation and repeat checks; a batch's \`updatedAt\` order
  comes from grouping its shared times rather than sorting a million.
- **Standalone GET.** Path cells are normalised once and remembered (clients ask for the same
  contacts again and again), routes are looked up by method and segment count (static segments
  first), a plain URL is read without a \`URL\` parse, and a request with no body and a
  synchronous handler is answered synchronously inside the mock (the transport awaits one settled
  promise). The request journal keeps its 1,000 records as typed columns and UTF-8 text outside
  the JS heap: kept as objects and strings, they were copied by every young-generation collection,
  which then cost a GET 1.65 µs (0.39 µs now, and 0.62 µs for the bare server, under
  \`--trace-gc\`). A contact's answer text is made once and kept for its next GET (a change
  replaces a stored contact, so a kept text never goes stale; up to 4,096 are kept):
  \`JSON.stringify\` was a quarter of the core's time for such a GET. A search's page is made the same
  way, of each contact's projected text as kept from its last search (stringifying a page of 100
  was a third of a search's work). What is left is mostly
  Node's own HTTP work and the journal's record of each request. This machine's pace drifts within a minute, so the ratio is the median of short
  side-by-side rounds that alternate which server goes first; their spread is in the figure, and
  a single round can land anywhere in it. The bare server's own pace moves most (its range across
  the rounds is in the figure): autocannon and the server share the two cores, and a 2-second
  round of the same bare server measured 38,000 to 57,000 req/s here.

## Peers

The "Peers" rows run WireMock 3.13 (its standalone jar, from the \`wiremock\` npm package; Java 17
or later), Mockoon CLI 9.9 and Prism 5.14 on the same machine in the same run. Each serves the
answers this mock gave to \`GET /contacts/27821000000\` and to a small \`POST /contacts/search\`,
and the bench checks the JSON is the same before measuring: WireMock from stub mappings (once with
its defaults, once with \`--no-request-journal\`), Mockoon from an environment of two routes, Prism
from an OpenAPI document whose examples are the answers. The peers serve fixed text; this mock
authenticates the key, validates the body, runs the search on its indexes and journals the
request. Start-up is from spawning the command to its first 200. Throughput is autocannon with 50
connections in rounds that alternate which server goes first, after warm-up runs (repeated for
the JVM until two agree within a tenth); the server not being measured is stopped meanwhile
(SIGSTOP), since a JVM went on compiling and collecting for a second after its load; the figure
gives each round's ratio and the medians.
\`pnpm install\` installs the three (they are dev dependencies of the workspace); without \`java\`
the WireMock rows say so.
`;
  writeFileSync(
    join(root, 'docs', 'benchmarks.md'),
    `# Benchmarks\n\nMeasured with \`pnpm bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}. Each figure is set beside its\nbaseline from the same run (a linear scan, a bare \`node:http\` server, plain \`fetch\`), because\nthese machines are noisy; compare ratios, not absolute times. The two "Machine pace" rows time the same\nfixed work in every run: a run whose pace rows are slower ran on a slower machine, and its absolute figures\n(the seed, the starts) with it.\n\n| Benchmark | Figure | Target |\n|---|---|---|\n${table}\n\nThe world: ${sizes.contacts.toLocaleString('en')} contacts, each with a cell, two names, an \`updatedAt\` spread over 20 days and\n3 of 50 tags (\`t0\` on 1%, \`t1\` on 10%). Searches and uploads go through \`mock.fetch\` as the SDK calls it (the\nwhole pipeline: routing, auth, validation, JSON both ways); throughput uses autocannon on loopback against the\nstandalone server (\`release/marketing-mock.mjs\`, built by the bench) and a bare server, each a child process, from a third (the client: one process, kept for the run, that runs autocannon for each\nmeasurement); the SDK\nand core figures are per call, from the installed packages (see "In process" below); the scale, upload and\nsearch rows run in this process on the packages' built files (\`pnpm bench\` builds them first); the state-file rows on the release file.\n\n${costs}`,
  );
  console.log('wrote docs/benchmarks.md');
}
console.log(`pnpm bench took ${((performance.now() - benchStarted) / 60_000).toFixed(1)} min`);
