// Run by bench/run.ts with node in a project where the SDK's and the mock's tarballs and msw are
// installed, as a user's test suite has them: times in-process calls from the built packages, in
// rounds that take turns, and prints the figures as JSON. ROUNDS, CALLS and MSW_CALLS set the sizes.

import { createMockService } from '@marketing/mock-server';
import { demoWorld } from '@marketing/mock-server/demo';
import { mswHandlers } from '@marketing/mock-server/msw';
import { Client } from '@marketing/sdk';
import { setupServer } from 'msw/node';

const rounds = Number(process.env.ROUNDS ?? 5);
const calls = Number(process.env.CALLS ?? 20_000);
const mswCalls = Number(process.env.MSW_CALLS ?? 1_000);
const gc = () => globalThis.gc?.();

const mock = createMockService({ seed: demoWorld(), rateLimit: false, billing: false });
const cell = '27821000000';
const auth = { authorization: 'Bearer demo_seller_admin' };
const viaMsw = new Client({ apiKey: 'demo_seller_admin', baseUrl: mock.baseUrl });
const viaFetch = new Client({ apiKey: 'demo_seller_admin', baseUrl: mock.baseUrl, fetch: mock.fetch });
const coreCall = {
  method: 'GET',
  url: `${mock.baseUrl}/contacts/${cell}`,
  headers: new Headers(auth),
  text: async () => '',
};
const paths = {
  plainFetchThroughMsw: () =>
    fetch(`${mock.baseUrl}/contacts/${cell}`, { headers: auth }).then((r) => r.json()),
  sdkThroughMsw: () => viaMsw.contacts.get(cell),
  sdkThroughMockFetch: () => viaFetch.contacts.get(cell),
  core: () => mock.respond(coreCall),
};

/**
 * Microseconds a call over `count` calls, after a collection and `warmUp` untimed calls: the
 * steady pace of a test suite's calls, once V8 has optimised the path (the core's first few
 * thousand calls ran several times slower here). The collection comes first because a full
 * collection deoptimises the path's code (V8 drops optimised code whose embedded objects died,
 * "weak objects" under --trace-deopt): timed straight after one, the core's 20,000 calls took
 * 3.9 µs each instead of 2.8. A test process's own collections are scavenges; no full one
 * happened in 600,000 calls of the core.
 */
async function timeCalls(call, count, warmUp) {
  gc();
  for (let i = 0; i < warmUp; i++) await call();
  const started = performance.now();
  for (let i = 0; i < count; i++) await call();
  return ((performance.now() - started) * 1000) / count;
}

const server = setupServer(...mswHandlers(mock));
const figures = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  // The order alternates, so that a drift in this machine's pace favours no path.
  const order = round % 2 === 0 ? Object.keys(paths) : Object.keys(paths).reverse();
  for (const name of order) {
    const throughMsw = name.endsWith('ThroughMsw');
    if (throughMsw) server.listen({ onUnhandledRequest: 'bypass' });
    figures[name].push(await timeCalls(paths[name], throughMsw ? mswCalls : calls, throughMsw ? 500 : calls));
    if (throughMsw) server.close();
  }
}
console.log(JSON.stringify(figures));
