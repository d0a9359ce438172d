import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, type SeedDocument } from '../../src/index.js';
import { createNodeServer } from '../../src/node/index.js';
import { testSeed } from '../support/mock-world.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const call = (
  mock: ReturnType<typeof createMockService>,
  method: string,
  path: string,
  key: string,
  body?: unknown,
) =>
  mock
    .handle(
      new Request(mock.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${key}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    .then(async (r) => ({ status: r.status, body: await r.json() }));

describe('concurrency', () => {
  it('1,000 concurrent leads against an offer capped at 37: exactly 37 completed, credits moved 37 times', async () => {
    const seed = testSeed();
    seed.orgs = [
      { _id: 'org_a', credits: 0 },
      { _id: 'org_b', credits: 100_000 },
    ];
    seed.offers = [
      {
        _id: 'off_1',
        seller_org_id: 'org_a',
        buyer_org_id: 'org_b',
        campaign_id: 'cmp_v2',
        price: 25,
        caps: { total: 37 },
      },
    ];
    const mock = createMockService({ seed, rateLimit: false });
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        call(mock, 'POST', '/exchange/buyer/transaction', 'key_b_admin', [
          { resource_id: `r${i}`, cell: `2783${String(i).padStart(7, '0')}`, campaign_id: 'cmp_v2' },
        ]),
      ),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([201]));
    const transactions = mock.state().transactions;
    expect(transactions.filter((t) => t.status === 'completed')).toHaveLength(37);
    expect(transactions.filter((t) => t.status === 'pending')).toHaveLength(963);
    expect(Object.fromEntries(mock.state().orgs.map((o) => [o._id, o.credits]))).toEqual({
      org_a: 37 * 25,
      org_b: 100_000 - 37 * 25,
    });
  });

  it('concurrent accepts of one pending transaction move credits once', async () => {
    const mock = createMockService({ seed: testSeed(), rateLimit: false });
    await call(mock, 'POST', '/exchange/buyer/transaction', 'key_b_admin', [
      { resource_id: 'r', cell: '27831110001', campaign_id: 'cmp_v2', status: 'pending' },
    ]);
    const id = mock.state().transactions[0]!._id;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(mock, 'PUT', `/exchange/buyer/transaction/${id}/status`, 'key_b_admin', { status: 'completed' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(mock.state().orgs.find((o) => o._id === 'org_b')?.credits).toBe(975);
  });

  it('concurrent tag adds and uploads on the same contacts lose no update', async () => {
    const seed = testSeed();
    seed.tags = [
      ...(seed.tags ?? []),
      ...Array.from({ length: 60 }, (_, i) => ({ tag_id: `t${i}`, org_id: 'org_a' })),
    ];
    const mock = createMockService({ seed, rateLimit: false });
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        call(mock, 'PUT', '/contacts/27821234567/tag/add', 'key_a_admin', { tag_ids: [`t${i}`] }),
      ),
      ...Array.from({ length: 30 }, (_, i) =>
        call(mock, 'PUT', '/contacts', 'key_a_admin', {
          contacts: [
            { cell: '27821234567', tag_ids: [`t${30 + i}`] },
            { cell: '27821234568', tag_ids: [`t${30 + i}`] },
          ],
        }),
      ),
    ]);
    const tags = (await call(mock, 'GET', '/contacts/27821234567', 'key_a_admin')).body.data
      .tag_ids as string[];
    expect(new Set(tags)).toEqual(new Set(['tag_vip', ...Array.from({ length: 60 }, (_, i) => `t${i}`)]));
    expect(
      ((await call(mock, 'GET', '/contacts/27821234568', 'key_a_admin')).body.data.tag_ids as string[])
        .length,
    ).toBe(32);
  });
});

describe('limits', () => {
  it('refuses each over-limit request with a 4xx and changes nothing', async () => {
    const mock = createMockService({ seed: testSeed(), rateLimit: false, maxBodyBytes: 8 * 1024 * 1024 });
    const before = JSON.stringify(mock.state());
    const contacts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ cell: `2783${String(i).padStart(7, '0')}` }));
    const refused = [
      await call(
        mock,
        'POST',
        '/exchange/buyer/transaction',
        'key_b_admin',
        Array.from({ length: 1001 }, (_, i) => ({
          resource_id: `r${i}`,
          cell: '27831110001',
          campaign_id: 'cmp_v2',
        })),
      ),
      await call(mock, 'POST', '/contacts', 'key_a_admin', { contacts: contacts(100_001) }),
      await call(mock, 'PUT', '/contacts', 'key_a_admin', { contacts: contacts(20_001) }),
      await call(mock, 'POST', '/contacts/search', 'key_a_admin', {
        find: { cell: ['1'] },
        options: { limit: 10_001 },
      }),
      await call(mock, 'POST', '/sales', 'key_a_admin', [
        { campaign_id: 'cmp_1', cell: '27821234567', junk: 'x'.repeat(9 * 1024 * 1024) },
      ]),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 413]);
    expect(JSON.stringify(mock.state())).toBe(before);
  });
});

function hookSeed(url: string): SeedDocument {
  const seed = testSeed();
  seed.hooks = [
    {
      _id: 'h',
      org_id: 'org_a',
      type: 'webhook',
      url,
      body: '{"from":"27821234567","message":"again","send_id":"s1"}',
    },
  ];
  seed.campaigns = [{ _id: 'cmp_h', org_id: 'org_a', hook_ids: ['h'] }];
  seed.sends = [{ _id: 's1', org_id: 'org_a', campaign_id: 'cmp_h', cell: '27821234567' }];
  return seed;
}

describe('webhooks under faults', () => {
  it('records a 500 once without retrying, and a redirect loop as one answered attempt', async () => {
    let hits = 0;
    const url = await listen(
      createServer((req, res) => {
        hits += 1;
        if (req.url === '/fail') res.writeHead(500).end('boom');
        else res.writeHead(302, { location: '/loop' }).end();
      }),
    );
    for (const [path, status] of [
      ['/fail', 500],
      ['/loop', 302],
    ] as const) {
      hits = 0;
      const mock = createMockService({ seed: hookSeed(url + path), webhooks: { timeoutMs: 500 } });
      await mock.replies.receive({ from: '27821234567', message: 'hi', send_id: 's1' });
      expect(mock.webhookDeliveries().map((d) => [d.attempt, d.outcome, d.status])).toEqual([
        [1, 'http_error', status],
      ]);
      expect(hits).toBe(1);
    }
  });

  it('bounds attempts against a hanging receiver, and keeps serving meanwhile', async () => {
    const url = await listen(createServer(() => {}));
    const mock = createMockService({
      seed: hookSeed(`${url}/hang`),
      webhooks: { timeoutMs: 300, retries: 3 },
    });
    const reply = mock.replies.receive({ from: '27821234567', message: 'hi', send_id: 's1' });
    const started = Date.now();
    expect((await call(mock, 'GET', '/tags', 'key_a_admin')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(250);
    await reply;
    // The clock moved past every retry sends them all; each waits its timeout for the receiver.
    mock.clock.advance('1h');
    const retries = mock.webhooksSettled();
    const during = Date.now();
    expect((await call(mock, 'GET', '/tags', 'key_a_admin')).status).toBe(200);
    expect(Date.now() - during).toBeLessThan(250);
    expect((await retries).map((d) => d.outcome)).toEqual(['timeout', 'timeout', 'timeout', 'timeout']);
  });

  it('cannot loop through a delivery from a seed, unmarked, redelivered to its own redeliver route', async () => {
    const mock = createMockService({ seed: testSeed(), webhooks: { timeoutMs: 2000 } });
    const url = await listen(createNodeServer(mock));
    const seed = hookSeed(`${url}/__mock/replies`);
    seed.webhook_deliveries = [
      {
        delivery_id: 'whd_loop',
        hook_id: 'h',
        org_id: 'org_a',
        url: `${url}/__mock/webhooks/whd_loop/redeliver`,
        method: 'POST',
        headers: {},
        attempt: 1,
        outcome: 'delivered',
        status: 200,
        at: '2026-01-01T00:00:00Z',
      },
    ];
    mock.reset(seed);
    expect(await mock.redeliverWebhook('whd_loop')).toMatchObject({
      attempt: 2,
      outcome: 'http_error',
      status: 409,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mock.webhookDeliveries()).toHaveLength(2);
  });

  it('keeps at most 64 webhook attempts out at once, the others waiting their turn', async () => {
    let open = 0;
    let most = 0;
    const url = await listen(
      createServer((req, res) => {
        open += 1;
        most = Math.max(most, open);
        req.resume();
        setTimeout(() => {
          open -= 1;
          res.end('ok');
        }, 100);
      }),
    );
    const mock = createMockService({ seed: hookSeed(`${url}/in`), webhooks: { timeoutMs: 5_000 } });
    const replies = Array.from({ length: 150 }, () =>
      mock.replies.receive({ from: '27821234567', message: 'hi', send_id: 's1' }),
    );
    await Promise.all(replies);
    expect(mock.webhookDeliveries().map((d) => d.outcome)).toEqual(new Array(150).fill('delivered'));
    expect(most).toBe(64);
  });

  it('cannot loop through a webhook pointed back at the mock’s own control plane', async () => {
    const mock = createMockService({ seed: testSeed(), webhooks: { timeoutMs: 2000 } });
    const url = await listen(createNodeServer(mock));
    mock.reset(hookSeed(`${url}/__mock/replies`));
    await mock.replies.receive({ from: '27821234567', message: 'first', send_id: 's1' });
    expect(mock.webhookDeliveries().map((d) => [d.attempt, d.outcome, d.status])).toEqual([
      [1, 'http_error', 409],
    ]);
    expect(mock.state().sends).toHaveLength(1);
  });
});
