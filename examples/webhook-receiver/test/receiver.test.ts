import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockService } from '@marketing/mock-server';
import { afterAll, expect, it } from 'vitest';
import { createReceiver, type ReplyHandler } from '../src/receiver.js';

const receivers: Server[] = [];
afterAll(() => {
  for (const receiver of receivers) {
    receiver.closeAllConnections();
    receiver.close();
  }
});

async function listen(handle: ReplyHandler): Promise<string> {
  const receiver = createReceiver(handle);
  receivers.push(receiver);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/replies`;
}

// #region drive-retries
// A mock whose webhook gives up on an answer after 200 ms and retries the same delivery 200 ms
// later on the mock's clock (frozen at `now`), with one reply to deliver to `url`: the clock is
// moved past every retry, and the test waits for their receivers' answers.
async function deliverReply(url: string) {
  const mock = createMockService({
    now: '2026-01-01T09:00:00Z',
    webhooks: { timeoutMs: 200 },
    seed: {
      orgs: [{ _id: 'org' }],
      hooks: [
        {
          _id: 'hook',
          org_id: 'org',
          type: 'webhook',
          url,
          body: '{"cell":"{{contact.cell}}","said":"{{reply.Message}}"}',
        },
      ],
      campaigns: [{ _id: 'cmp', org_id: 'org', hook_ids: ['hook'] }],
      contacts: [{ org_id: 'org', cell: '27821000001' }],
      sends: [{ _id: 'snd', org_id: 'org', campaign_id: 'cmp', cell: '27821000001' }],
    },
  });
  await mock.replies.receive({ from: '27821000001', message: 'YES', send_id: 'snd' });
  // Moved past every retry, the clock sends them, each at its time.
  mock.clock.advance('1m');
  return mock.webhooksSettled();
}
// #endregion drive-retries

it('handles a reply once although the mock delivered it more than once with one idempotency key', async () => {
  const handled: Record<string, unknown>[] = [];
  // Slow on purpose the first time, so the mock's webhook times out and retries the same delivery.
  let first = true;
  const url = await listen(async (reply) => {
    handled.push(reply);
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  });
  const attempts = await deliverReply(url);
  // The retry waits for the slow first attempt to finish, so it may time out in turn.
  expect(attempts.length).toBeGreaterThan(1);
  expect(attempts.map((a) => a.outcome)).toEqual([...attempts.slice(1).map(() => 'timeout'), 'delivered']);
  expect(new Set(attempts.map((a) => a.headers['service-idemptotency-key'])).size).toBe(1);
  expect(handled).toEqual([{ cell: '27821000001', said: 'YES' }]);
});

it('handles a reply again after its handling failed, since the receiver drops the attempt unanswered', async () => {
  const saved: Record<string, unknown>[] = [];
  let calls = 0;
  const url = await listen(async (reply) => {
    calls += 1;
    if (calls === 1) throw new Error('the database was down');
    saved.push(reply);
  });
  const attempts = await deliverReply(url);
  expect(attempts.map((a) => a.outcome)).toEqual(['connection_error', 'delivered']);
  expect(calls).toBe(2);
  expect(saved).toEqual([{ cell: '27821000001', said: 'YES' }]);
});
