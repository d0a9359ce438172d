import { createMockService } from '@marketing/mock-server';
import { mswHandlers } from '@marketing/mock-server/msw';
import { Client } from '@marketing/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reviewLeads, submitLeads } from '../src/buyer.js';

const mock = createMockService({
  now: '2026-11-20T08:00:00Z',
  seed: {
    orgs: [{ _id: 'seller' }, { _id: 'buyer', credits: 100 }],
    api_keys: [{ key: 'buyer_key', org_id: 'buyer' }],
    campaigns_v2: [{ _id: 'cmp', org_id: 'seller', marketplace: { offer_id: 'off', buyer_org_id: 'buyer' } }],
    offers: [
      {
        _id: 'off',
        seller_org_id: 'seller',
        buyer_org_id: 'buyer',
        campaign_id: 'cmp',
        price: 25,
        caps: { daily: 2 },
      },
    ],
    sends: ['27821000001', '27821000002', '27821000003'].map((cell, i) => ({
      _id: `s${i}`,
      org_id: 'seller',
      campaign_id: 'cmp',
      cell,
    })),
  },
});
const server = setupServer(...mswHandlers(mock));
beforeAll(() => server.listen());
afterAll(() => server.close());
const client = new Client({ apiKey: 'buyer_key', baseUrl: mock.baseUrl });

it('submits leads, reports unmatched ones, and accepts the ones a cap held', async () => {
  const clicks = ['s0', 's1', 's2'].map((send_id) => mock.clicks.create({ send_id }).click_id);
  const leads = [
    { id: 'a', cell: '27821000001', clickId: clicks[0]! },
    { id: 'b', cell: '27821000002', clickId: clicks[1]! },
    { id: 'c', cell: '27821000003', clickId: clicks[2]! },
    { id: 'ghost', cell: '27821000004', clickId: 'no-such-click' },
  ];
  expect(await submitLeads(client, leads)).toEqual({ submitted: ['a', 'b', 'c'], unmatched: ['ghost'] });
  mock.clock.advance('1d');
  await submitLeads(client, [{ id: 'a-again', cell: '27821000001', clickId: clicks[0]! }]);
  expect(await reviewLeads(client, (id) => id === 'c')).toEqual({
    completed: ['a', 'b', 'c'],
    duplicates: ['a-again'],
    accepted: ['c'],
  });
  expect(mock.state().orgs.find((o) => o._id === 'buyer')?.credits).toBe(25);
});
