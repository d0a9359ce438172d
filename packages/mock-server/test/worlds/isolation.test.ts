import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockService, createWorldRouter, type SeedDocument } from '../../src/index.js';

// Worlds are isolated: random operations run in N worlds at once, interleaved through one router,
// leave each world (records, clock, journal, faults, outbox, rate limits, answers) exactly as the
// same operations leave a mock of its own.
const BASE = 'http://127.0.0.1:4010';
const cell = (i: number) => `2782100000${i}`;
const startDoc: SeedDocument = {
  orgs: [{ _id: 'org_a', credits: 20 }],
  api_keys: [{ key: 'key_a', org_id: 'org_a' }],
  contacts: [0, 1, 2].map((i) => ({ org_id: 'org_a', cell: cell(i), firstname: `C${i}` })),
};

type Op = [method: string, path: string, body?: unknown];
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.integer({ min: 0, max: 4 }).map((i): Op => ['GET', `/contacts/${cell(i)}`]),
  fc.integer({ min: 0, max: 4 }).map((i): Op => ['POST', `/contacts/${cell(i)}/optOut`, { all: true }]),
  fc.integer({ min: 0, max: 4 }).map((i): Op => ['DELETE', `/contacts/${cell(i)}`]),
  fc
    .integer({ min: 0, max: 4 })
    .map(
      (i): Op => [
        'POST',
        '/send/sms',
        { content: 'Hi', cell: cell(i), skipNonContacts: false, country: 'ZA', deliveryMethod: 'standard' },
      ],
    ),
  fc
    .integer({ min: 3, max: 6 })
    .map((i): Op => ['POST', '/__mock/seed', { contacts: [{ org_id: 'org_a', cell: cell(i) }] }]),
  fc.integer({ min: 1, max: 90 }).map((s): Op => ['POST', '/__mock/clock', { advance: `${s}s` }]),
  fc.constant<Op>([
    'POST',
    '/__mock/faults',
    { method: 'GET', path: '/contacts/:cell', status: 503, times: 1 },
  ]),
  fc.constant<Op>(['DELETE', '/__mock/faults']),
  fc.constant<Op>(['DELETE', '/__mock/requests']),
  fc.constant<Op>(['POST', '/__mock/reset', { ...startDoc, keep: ['clock'] }]),
);

type Fetch = typeof fetch;
async function run(fetchIt: Fetch, base: string, ops: Op[]) {
  const answers: unknown[] = [];
  const send = async ([method, path, body]: Op) => {
    const res = await fetchIt(`${base}${path}`, {
      method,
      headers: { authorization: 'Bearer key_a', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };
  // A frozen clock, so that both runs stamp the same times; resets keep it.
  await send(['POST', '/__mock/clock', { set: '2026-11-23T10:00:00Z', freeze: true }]);
  await send(['POST', '/__mock/reset', { ...startDoc, keep: ['clock'] }]);
  for (const o of ops) answers.push(await send(o));
  const read = async (path: string) => (await send(['GET', path])).body;
  const journal = (await read('/__mock/requests')) as { data: { duration_ms?: number }[] };
  for (const entry of journal.data) delete entry.duration_ms;
  return {
    answers,
    state: await read('/__mock/state'),
    outbox: await read('/__mock/outbox'),
    faults: await read('/__mock/faults'),
    journal,
    clock: (await send(['POST', '/__mock/clock', {}])).body,
  };
}

describe('worlds on one router', () => {
  it('each end as the same operations leave a mock of its own, however they interleave', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { maxLength: 14 }), { minLength: 2, maxLength: 4 }),
        async (plans) => {
          const options = { rateLimit: { perMinute: 6 } } as const;
          const router = createWorldRouter(createMockService({ baseUrl: BASE, ...options }), {
            seed: startDoc,
          });
          const names = plans.map((_, i) => router.create({ name: `w${i}` }).base_url);
          const together = await Promise.all(plans.map((ops, i) => run(router.fetch, names[i]!, ops)));
          for (const [i, ops] of plans.entries()) {
            const alone = createMockService({
              baseUrl: names[i]!,
              seed: startDoc,
              world: `w${i}`,
              ...options,
            });
            expect(together[i]).toEqual(await run(alone.fetch, names[i]!, ops));
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('exports across worlds', () => {
  it('wait for each other in one queue for the whole router, past eight waiting 503', async () => {
    const router = createWorldRouter(createMockService({ baseUrl: BASE, seed: startDoc }), {
      seed: startDoc,
    });
    router.create({ name: 'a' });
    router.create({ name: 'b' });
    // Four exports in each of three worlds: twelve in one queue, so some wait too long and are refused.
    const bases = [BASE, `${BASE}/worlds/a`, `${BASE}/worlds/b`];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => router.fetch(`${bases[i % 3]}/__mock/state`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(8);
  });
});

describe('control paths with a malformed percent-escape', () => {
  it('are answered 400 naming the path, in the mock and in a world, never 500', async () => {
    const router = createWorldRouter(createMockService({ baseUrl: BASE, seed: startDoc }), {
      seed: startDoc,
    });
    router.create({ name: 'a' });
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    for (const base of [BASE, `${BASE}/worlds/a`])
      for (const [path, init] of [
        ['/__mock/campaigns/%/run', json],
        ['/__mock/pact/states/%ZZ', json],
        ['/__mock/webhooks/%C0%AF/redeliver', json],
        ['/__mock/faults/%', { method: 'DELETE' }],
      ] as const) {
        const answer = await router.fetch(`${base}${path}`, init);
        expect(answer.status, `${base}${path}`).toBe(400);
        expect((await answer.json()).error).toBe(
          `The path ${path} has a malformed percent-escape: write % as %25`,
        );
      }
    const world = await router.fetch(`${BASE}/__mock/worlds/%`, { method: 'DELETE' });
    expect(world.status).toBe(400);
  });
});
