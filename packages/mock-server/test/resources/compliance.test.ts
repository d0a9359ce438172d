import { describe, expect, it } from 'vitest';
import { testSeed, useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();

describe('POST /compliance/send', () => {
  it('refuses more than 10,000 cells in one check', async () => {
    const { admin } = startMock();
    const cells = Array.from({ length: 10_001 }, (_, i) => `0831${String(i).padStart(6, '0')}`);
    const res = await admin('POST', '/compliance/send', { body: { cells, country: 'ZA' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain('Too big: expected array to have <=10000 items');
  });

  it('checks only global opt-outs without a campaign, charging 0.14 credits per cell', async () => {
    const { call, admin, mock } = startMock();
    await admin('POST', '/contacts/27821234568/optOut', { body: { all: true } });
    await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_1'] } });
    const res = await call('POST', '/compliance/send', {
      key: 'key_a_supplier',
      body: { cells: ['0821234567', '0821234568', '0831112222', 'junk'], country: 'ZA' },
    });
    expect(res.body).toEqual({
      ok: true,
      data: {
        credits_used: 0.56,
        results: [
          { cell: '0821234567', can_send: true },
          { cell: '0821234568', can_send: false, reason: 'opted_out_global' },
          { cell: '0831112222', can_send: true },
          { cell: 'junk', can_send: false, reason: 'invalid_cell' },
        ],
      },
    });
    expect(mock.state().orgs[0]?.credits).toBe(999.44);
  });

  it('applies the campaign’s opt-outs, excluded tags and segments with campaign_id', async () => {
    const { call, admin } = startMock();
    await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_1'] } });
    await admin('PUT', '/contacts/27821234568/tag/add', { body: { tag_ids: ['tag_optout'] } });
    const res = await call('POST', '/compliance/send', {
      key: 'key_a_supplier',
      query: { campaign_id: 'cmp_1' },
      body: { cells: ['27821234567', '27821234568', '27820000009', '27831112222'], country: 'ZA' },
    });
    expect(res.body.data).toEqual({
      campaign_id: 'cmp_1',
      credits_used: 0.56,
      results: [
        { cell: '27821234567', can_send: false, reason: 'opted_out_campaign' },
        { cell: '27821234568', can_send: false, reason: 'excluded_tag' },
        { cell: '27820000009', can_send: false, reason: 'excluded_segment' },
        { cell: '27831112222', can_send: true },
      ],
    });
  });

  it('answers 404 for an unknown campaign and 403 for one outside the key’s resources', async () => {
    const { call } = startMock();
    const body = { cells: ['27821234567'], country: 'ZA' };
    expect(
      await call('POST', '/compliance/send', { key: 'key_a_admin', query: { campaign_id: 'nope' }, body }),
    ).toMatchObject({
      status: 404,
      body: { error: 'Campaign not found' },
    });
    expect(
      (
        await call('POST', '/compliance/send', {
          key: 'key_a_supplier',
          query: { campaign_id: 'cmp_tag' },
          body,
        })
      ).status,
    ).toBe(403);
  });

  it('answers 402 and charges nothing when credits do not cover the cells', async () => {
    const { call } = startMock({
      seed: { ...testSeed(), orgs: [{ _id: 'org_a', credits: 0.2 }, { _id: 'org_b' }] },
    });
    const res = await call('POST', '/compliance/send', {
      key: 'key_a_admin',
      body: { cells: ['1', '2'], country: 'ZA' },
    });
    expect(res).toMatchObject({
      status: 402,
      body: {
        error: 'Insufficient balance',
        hint: expect.stringContaining("costs 0.28 credits and the organisation's balance is 0.2"),
      },
    });
  });

  it('refuses a misspelt campaignId instead of answering without the campaign', async () => {
    const { call, admin, mock } = startMock();
    await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_1'] } });
    const credits = mock.state().orgs[0]?.credits;
    const res = await call('POST', '/compliance/send', {
      key: 'key_a_supplier',
      query: { campaignId: 'cmp_1' },
      body: { cells: ['27821234567'], country: 'ZA' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ok: false,
      error: 'campaignId: Unknown query parameter',
      hint: 'Did you mean campaignId → campaign_id? This endpoint takes: campaign_id.',
    });
    expect(mock.state().orgs[0]?.credits).toBe(credits);
  });

  it('refuses any query parameter on an endpoint that takes none', async () => {
    const { admin } = startMock();
    const res = await admin('GET', '/tags', { query: { limit: '5' } });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'limit: Unknown query parameter', hint: 'This endpoint takes no query parameters.' },
    });
  });

  it('answers 400 without cells and 403 without compliance:send.create', async () => {
    const { call } = startMock();
    expect(
      (await call('POST', '/compliance/send', { key: 'key_a_admin', body: { cells: [], country: 'ZA' } }))
        .status,
    ).toBe(400);
    expect(
      await call('POST', '/compliance/send', { key: 'key_a_tags', body: { cells: ['1'], country: 'ZA' } }),
    ).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_permissions', missing: ['compliance:send.create'] } },
    });
  });
});
