import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMockService,
  type MockService,
  type ReplyResult,
  type ScheduledEventView,
  type SeedDocument,
  type WebhookDelivery,
} from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

// A webhook hook on cmp_1 that posts to `url`.
function seedWithWebhook(url: string): SeedDocument {
  const seed = testSeed();
  seed.hooks = [{ _id: 'hook_web', org_id: 'org_a', type: 'webhook', url, method: 'POST', body: '{}' }];
  seed.campaigns = seed.campaigns!.map((c) => (c._id === 'cmp_1' ? { ...c, hook_ids: ['hook_web'] } : c));
  return seed;
}

// A receiver that never answers.
async function hangingReceiver(): Promise<string> {
  const server = createServer(() => {});
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
}

async function control<T>(mock: MockService, method: string, path: string, body?: unknown): Promise<T> {
  const response = await mock.fetch(`${mock.baseUrl}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return ((await response.json()) as { data: T }).data;
}

// Runs cmp_1 and has its contact reply to the send: its webhook's first attempt is awaited.
function reply(mock: MockService, message = 'hello'): Promise<ReplyResult> {
  const [send] = mock.campaigns.run('cmp_1').sends;
  return mock.replies.receive({ from: send!.cell, message, send_id: send!.send_id });
}

const REFUSED = 'http://127.0.0.1:9/in';
const AT = '2026-11-22T08:00:00Z';

describe('webhook retries on the mock’s clock', () => {
  it('over HTTP: the schedule lists the next retry, and a clock move answers once the retries it sent have ended', async () => {
    const mock = createMockService({
      seed: seedWithWebhook(REFUSED),
      now: AT,
      webhooks: { timeoutMs: 10_000 },
    });
    const [send] = mock.campaigns.run('cmp_1').sends;
    const reply = await control<ReplyResult>(mock, 'POST', '/__mock/replies', {
      from: send!.cell,
      message: 'hello',
      send_id: send!.send_id,
    });
    const [hook] = reply.hooks;
    const attempts = hook?.type === 'webhook' ? hook.attempts : [];
    expect(attempts.map((a) => a.outcome)).toEqual(['connection_error']);
    const schedule = () => control<ScheduledEventView[]>(mock, 'GET', '/__mock/schedule');
    const deliveries = () => control<WebhookDelivery[]>(mock, 'GET', '/__mock/webhooks');
    expect(await schedule()).toContainEqual({
      kind: 'webhook_retry',
      at: '2026-11-22T08:00:10.000Z',
      delivery_id: attempts[0]!.delivery_id,
      hook_id: 'hook_web',
      attempt: 2,
    });

    await control(mock, 'POST', '/__mock/clock', { advance: '15s' });
    expect((await deliveries()).map((a) => [a.attempt, a.at])).toEqual([
      [1, '2026-11-22T08:00:00.000Z'],
      [2, '2026-11-22T08:00:10.000Z'],
    ]);
    expect(await schedule()).toContainEqual(
      expect.objectContaining({ kind: 'webhook_retry', at: '2026-11-22T08:00:20.000Z', attempt: 3 }),
    );

    await control(mock, 'POST', '/__mock/clock', { advance: '1h' });
    expect(await deliveries()).toHaveLength(4);
    expect(await schedule()).toEqual([]);
  });

  it('sends the retry a state left waiting once a mock started from that state reaches its time', async () => {
    const first = createMockService({
      seed: seedWithWebhook(REFUSED),
      now: AT,
      webhooks: { timeoutMs: 10_000 },
    });
    await reply(first);
    first.clock.advance('10s');
    await first.webhooksSettled();

    const restarted = createMockService({ seed: first.state(), now: '2026-11-22T08:00:15Z' });
    expect(restarted.schedule()).toEqual([
      expect.objectContaining({ kind: 'webhook_retry', at: '2026-11-22T08:00:20.000Z', attempt: 3 }),
    ]);
    restarted.clock.advance('5s');
    expect((await restarted.webhooksSettled()).map((a) => [a.attempt, a.at])).toEqual([
      [1, '2026-11-22T08:00:00.000Z'],
      [2, '2026-11-22T08:00:10.000Z'],
      [3, '2026-11-22T08:00:20.000Z'],
    ]);
  });

  it('leaves no retry behind in a world reset while an attempt was out', async () => {
    const mock = createMockService({
      seed: seedWithWebhook(await hangingReceiver()),
      now: AT,
      webhooks: { timeoutMs: 300 },
    });
    const replied = reply(mock);
    mock.reset(testSeed());
    const result = await replied;
    expect(result.hooks).toMatchObject([{ type: 'webhook', attempts: [{ outcome: 'timeout' }] }]);
    expect(mock.schedule()).toEqual([]);
    mock.clock.advance('1h');
    expect(await mock.webhooksSettled()).toEqual([]);
  });

  it('gives every delivery a key of its own, though mocks made alike count their other IDs alike', async () => {
    const keys = new Set<string>();
    for (let made = 0; made < 3; made++) {
      const mock = createMockService({
        seed: seedWithWebhook(REFUSED),
        now: AT,
        webhooks: { timeoutMs: 1_000 },
      });
      for (let n = 0; n < 2; n++) {
        const { hooks } = await reply(mock, 'hi');
        const attempt = hooks[0]?.type === 'webhook' ? hooks[0].attempts[0] : undefined;
        expect(attempt?.delivery_id).toMatch(/^whd_6b02a100[0-9a-f]{16}$/);
        expect(attempt?.headers['service-idemptotency-key']).toBe(attempt?.delivery_id);
        keys.add(attempt!.delivery_id);
      }
    }
    expect(keys.size).toBe(6);
  });

  it('schedules no retry the clock could never reach, past the end of 9999', async () => {
    const mock = createMockService({ seed: seedWithWebhook(REFUSED), now: '9999-12-31T23:59:59.900Z' });
    await reply(mock, 'hi');
    expect(mock.webhookDeliveries().map((d) => d.outcome)).toEqual(['connection_error']);
    expect(mock.schedule()).toEqual([]);
  });

  it('numbers a redelivery sent while a retry waits, and the retries after it, each its own, counting it among the attempts', async () => {
    const mock = createMockService({
      seed: seedWithWebhook(REFUSED),
      now: AT,
      webhooks: { timeoutMs: 10_000 },
    });
    await reply(mock);
    const [first] = mock.webhookDeliveries();
    expect(mock.schedule()).toContainEqual(expect.objectContaining({ kind: 'webhook_retry', attempt: 2 }));
    expect((await mock.redeliverWebhook(first!.delivery_id)).attempt).toBe(2);
    mock.clock.advance('1h');
    await mock.webhooksSettled();
    // The retries take 3 and 4; the fourth attempt is the last, as without the redelivery.
    expect(mock.webhookDeliveries().map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    expect(mock.schedule()).toEqual([]);
  });

  it('does not retry a redelivery, nor a delivery that was answered', async () => {
    let calls = 0;
    const server = createServer((req, res) => {
      calls += 1;
      req.resume();
      if (calls === 1) req.socket.destroy();
      else res.writeHead(200).end();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
    const mock = createMockService({ seed: seedWithWebhook(url), now: AT, webhooks: { timeoutMs: 1_000 } });
    await reply(mock);
    mock.clock.advance('1s');
    const attempts = await mock.webhooksSettled();
    expect(attempts.map((a) => a.outcome)).toEqual(['connection_error', 'delivered']);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const again = await mock.redeliverWebhook(attempts[0]!.delivery_id);
    expect(again).toMatchObject({ attempt: 3, outcome: 'connection_error' });
    mock.clock.advance('1h');
    expect(await mock.webhooksSettled()).toHaveLength(3);
    expect(createMockService({ seed: mock.state(), now: AT }).schedule()).toEqual([]);
  });
});
