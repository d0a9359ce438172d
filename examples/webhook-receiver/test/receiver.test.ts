import type { AddressInfo } from 'node:net';
import { createMockService } from '@marketing/mock-server';
import { afterAll, expect, it } from 'vitest';
import { createReceiver } from '../src/receiver.js';

const handled: Record<string, unknown>[] = [];
// Slow on purpose the first time, so the mock's webhook times out and retries the same delivery.
let first = true;
const receiver = createReceiver(async (reply) => {
  handled.push(reply);
  if (first) {
    first = false;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/replies`;
afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});

it('handles a reply once although the mock delivered it twice with one idempotency key', async () => {
  const mock = createMockService({
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
  const attempts = mock.webhookDeliveries();
  expect(attempts.map((a) => a.outcome)).toEqual(['timeout', 'delivered']);
  expect(new Set(attempts.map((a) => a.headers['service-idemptotency-key'])).size).toBe(1);
  expect(handled).toEqual([{ cell: '27821000001', said: 'YES' }]);
});
