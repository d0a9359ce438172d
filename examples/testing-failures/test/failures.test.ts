import { createMockService } from '@marketing/mock-server';
import { Client, TimeoutError } from '@marketing/sdk';
import { expect, it } from 'vitest';
import { notify } from '../src/notify.js';

// #region setup
// mock.fetch serves the SDK straight from the mock: no msw needed for code that takes a fetch.
function startMock() {
  const mock = createMockService({
    seed: {
      orgs: [{ _id: 'org' }],
      api_keys: [{ key: 'test_key', org_id: 'org' }],
      tags: [{ tag_id: 'tag_news', org_id: 'org', name: 'Newsletter' }],
    },
    rateLimit: false,
  });
  const client = new Client({ apiKey: 'test_key', baseUrl: mock.baseUrl, fetch: mock.fetch });
  return { mock, client };
}
// #endregion setup

it('retries a safe call that met a 503, and succeeds', async () => {
  // #region retry-503
  const { mock, client } = startMock();
  mock.faults.add({ method: 'GET', path: '/tags', status: 503, times: 1 });

  const tags = await client.tags.list(); // the SDK waits (backoff) and tries again
  expect(tags.map((t) => t.tag_id)).toEqual(['tag_news']);
  expect(mock.requests({ path: '/tags' }).map((r) => r.status)).toEqual([503, 200]);
  // #endregion retry-503
});

it('does not resend an SMS whose answer was lost after it was sent', async () => {
  // #region lost-answer
  const { mock, client } = startMock();
  // "after": the mock sends the SMS, then answers 502 instead of the real answer.
  mock.faults.add({ method: 'POST', path: '/send/sms', when: 'after', status: 502 });

  expect(await notify(client, '27821234567', 'Your order shipped')).toBe('unknown');
  expect(mock.requestCount({ method: 'POST', path: '/send/sms' })).toBe(1); // no blind retry
  expect(mock.outbox({ cell: '27821234567' })).toHaveLength(1); // it was sent, once
  // #endregion lost-answer
});

it('gives up on a slow answer at the client’s timeout', async () => {
  // #region timeout
  const { mock, client } = startMock();
  mock.faults.add({ path: '/tags', delay_ms: 500 }); // a slow but otherwise normal answer

  await expect(client.tags.list({ timeout: 100, maxRetries: 0 })).rejects.toBeInstanceOf(TimeoutError);
  // #endregion timeout
});

it('reports a dropped connection on an SMS as unknown, and sends nothing more', async () => {
  // #region dropped
  const { mock, client } = startMock();
  mock.faults.add({ method: 'POST', path: '/send/sms', drop: true }); // "before": nothing is sent

  expect(await notify(client, '27821234567', 'Hello')).toBe('unknown');
  expect(mock.outbox()).toEqual([]);
  expect(mock.requests()[0]).toMatchObject({ status: 0, fault_id: expect.any(String) });
  // #endregion dropped
});
