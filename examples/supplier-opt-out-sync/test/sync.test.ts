import { createMockService } from '@marketing/mock-server';
import { mswHandlers } from '@marketing/mock-server/msw';
import { Client } from '@marketing/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkList, pullOptOuts, pushOptOuts, tagAsExcluded } from '../src/sync.js';

const mock = createMockService({
  now: '2026-11-01T00:00:00Z',
  seed: {
    orgs: [{ _id: 'org' }],
    api_keys: [
      {
        key: 'supplier',
        org_id: 'org',
        permissions: ['contact.read.pii', 'contact.update', 'compliance:send.create'],
      },
    ],
    tags: [{ tag_id: 'tag_optout', org_id: 'org' }],
    campaigns: [{ _id: 'cmp', org_id: 'org', nin_tag_ids: ['tag_optout'] }],
    contacts: ['27821000001', '27821000002', '27821000003'].map((cell) => ({ org_id: 'org', cell })),
  },
});
const server = setupServer(...mswHandlers(mock));
beforeAll(() => server.listen());
afterAll(() => server.close());
const client = new Client({ apiKey: 'supplier', baseUrl: mock.baseUrl });

it('pushes opt-outs both ways, pulls what changed, and checks a list', async () => {
  expect(await pushOptOuts(client, ['27821000001'], 'cmp')).toBe(1);
  mock.clock.set('2026-11-10T00:00:00Z');
  await tagAsExcluded(client, ['27821000002'], 'tag_optout');
  expect(await pullOptOuts(client, 'tag_optout', '2026-11-05T00:00:00Z')).toEqual(['27821000002']);
  expect(await checkList(client, ['0821000001', '0821000002', '0821000003'], 'cmp')).toEqual({
    sendable: ['0821000003'],
    blocked: [
      { cell: '0821000001', reason: 'opted_out_campaign' },
      { cell: '0821000002', reason: 'excluded_tag' },
    ],
  });
});
