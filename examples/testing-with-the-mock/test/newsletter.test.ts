// #region setup
import { createMockService } from '@marketing/mock-server';
import { BadRequestError, Client } from '@marketing/sdk';
import { expect, it } from 'vitest';
import { subscribe } from '../src/newsletter.js';

// A fresh mock per test: its own world, clock and journals. The client calls it through
// mock.fetch, in process, with no network and no interception.
function startMock() {
  const mock = createMockService({
    seed: {
      orgs: [{ _id: 'org' }],
      api_keys: [{ key: 'test_key', org_id: 'org' }],
      tags: [{ tag_id: 'tag_news', org_id: 'org', name: 'Newsletter' }],
      contacts: [{ org_id: 'org', cell: '27821000002', global_opt_out: true }],
    },
  });
  const client = new Client({ apiKey: 'test_key', baseUrl: mock.baseUrl, fetch: mock.fetch });
  return { mock, client };
}
// #endregion setup

// #region tests
it('creates a missing contact and tags it', async () => {
  const { mock, client } = startMock();
  expect(await subscribe(client, '27821000001')).toEqual({ subscribed: true, reachable: true });
  expect(mock.state().contacts.find((c) => c.cell === '27821000001')?.tag_ids).toEqual(['tag_news']);
});

it('reports a globally opted-out contact as unreachable', async () => {
  const { client } = startMock();
  expect(await subscribe(client, '27821000002')).toEqual({ subscribed: true, reachable: false });
});

it('surfaces the service’s refusal when the tag does not exist', async () => {
  const { mock, client } = startMock();
  mock.reset({ orgs: [{ _id: 'org' }], api_keys: [{ key: 'test_key', org_id: 'org' }] });
  await expect(subscribe(client, '27821000003')).rejects.toThrowError(BadRequestError);
  expect(mock.requests().map((r) => [r.method, r.path, r.status])).toEqual([
    ['PUT', '/contacts/27821000003/tag/add', 400],
  ]);
});
// #endregion tests
