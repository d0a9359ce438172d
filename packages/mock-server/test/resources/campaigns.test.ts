import { CampaignSchema, CampaignV2Schema } from '@marketing/domain';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();

describe('GET /campaigns and /campaigns/:campaign_id', () => {
  it('lists the organisation’s original campaigns as valid records', async () => {
    const { admin } = startMock();
    const res = await admin('GET', '/campaigns');
    const campaigns = res.body.data as unknown[];
    expect(campaigns.map((c) => CampaignSchema.parse(c)._id)).toEqual(['cmp_1', 'cmp_tag', 'cmp_other']);
  });

  it('returns one campaign and answers 404 Campaign not found otherwise', async () => {
    const { admin } = startMock();
    expect((await admin('GET', '/campaigns/cmp_1')).body.data).toMatchObject({
      name: 'Spring',
      defaultSaleValue: 100,
    });
    expect(await admin('GET', '/campaigns/nope')).toMatchObject({
      status: 404,
      body: { ok: false, error: 'Campaign not found' },
    });
    expect((await admin('GET', '/campaigns/cmp_b')).status).toBe(404);
    expect((await admin('GET', '/campaigns/cmp_v2')).status).toBe(404);
  });
});

describe('GET /campaigns/v2 and /campaigns/v2/:campaign_id', () => {
  it('returns V2 campaigns in full', async () => {
    const { admin } = startMock();
    const list = (await admin('GET', '/campaigns/v2')).body.data as unknown[];
    expect(list.map((c) => CampaignV2Schema.parse(c)._id)).toEqual(['cmp_v2']);
    expect((await admin('GET', '/campaigns/v2/cmp_v2')).body.data).toMatchObject({
      marketplace: { offer_id: 'off_1' },
    });
  });

  it('answers 404 Campaign not found for a missing or original campaign', async () => {
    const { admin } = startMock();
    expect(await admin('GET', '/campaigns/v2/nope')).toMatchObject({
      status: 404,
      body: { error: 'Campaign not found' },
    });
    expect((await admin('GET', '/campaigns/v2/cmp_1')).status).toBe(404);
  });

  it('answers 403 for a campaign outside a restricted key’s resources and lists only its own', async () => {
    const { mock, call } = startMock();
    mock.seed({
      api_keys: [
        {
          key: 'key_cmp',
          org_id: 'org_a',
          permissions: ['campaign.read.config'],
          resources: { campaign_ids: ['cmp_1'] },
        },
      ],
    });
    expect(await call('GET', '/campaigns/cmp_tag', { key: 'key_cmp' })).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_resource_ids', missing: { campaign_ids: ['cmp_tag'] } } },
    });
    expect(
      ((await call('GET', '/campaigns', { key: 'key_cmp' })).body.data as { _id: string }[]).map(
        (c) => c._id,
      ),
    ).toEqual(['cmp_1']);
  });
});
