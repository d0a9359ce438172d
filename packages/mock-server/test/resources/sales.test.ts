import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();

describe('POST /sales', () => {
  it('records sales, resolving local cells by the campaign country and defaulting the value', async () => {
    const { admin, mock } = startMock({ now: '2026-11-22T10:00:00Z' });
    const res = await admin('POST', '/sales', {
      body: [
        { campaign_id: 'cmp_1', cell: '0821234567', soldAt: '2026-11-20' },
        { campaign_id: 'cmp_v2', cell: '+27821234567' },
      ],
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(mock.state().sales).toMatchObject([
      { campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-19T22:00:00.000Z', saleValue: 100 },
      { campaign_id: 'cmp_v2', cell: '27821234567', soldAt: '2026-11-22T10:00:00.000Z', saleValue: 120 },
    ]);
  });

  it('answers 404 Campaign not found and stores nothing of the batch', async () => {
    const { admin, mock } = startMock();
    const res = await admin('POST', '/sales', {
      body: [
        { campaign_id: 'cmp_1', cell: '27821234567' },
        { campaign_id: 'nope', cell: '27821234567' },
      ],
    });
    expect(res).toMatchObject({ status: 404, body: { ok: false, error: 'Campaign not found' } });
    expect(mock.state().sales).toEqual([]);
  });

  it('answers 409 Duplicate sale for the same cell, campaign and day, stored or in the batch', async () => {
    const { admin } = startMock();
    const sale = { campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-20T09:00' };
    expect(
      (await admin('POST', '/sales', { body: [sale, { ...sale, soldAt: '2026-11-20T17:00' }] })).body,
    ).toEqual({ ok: false, error: 'Duplicate sale' });
    expect((await admin('POST', '/sales', { body: [sale] })).status).toBe(200);
    expect(await admin('POST', '/sales', { body: [{ ...sale, cell: '0821234567' }] })).toMatchObject({
      status: 409,
      body: { error: 'Duplicate sale' },
    });
    expect((await admin('POST', '/sales', { body: [{ ...sale, soldAt: '2026-11-21' }] })).status).toBe(200);
  });

  it('answers 400 naming the record for a local cell on a V2 campaign or a bad date', async () => {
    const { admin } = startMock();
    expect(
      await admin('POST', '/sales', {
        body: [
          { campaign_id: 'cmp_1', cell: '27821234567' },
          { campaign_id: 'cmp_v2', cell: '0821234567' },
        ],
      }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Sale 1: Sales for Campaigns V2 need the cell in international format' },
    });
    expect(
      (
        await admin('POST', '/sales', {
          body: [{ campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-02-30' }],
        })
      ).body.error,
    ).toMatch(/^Sale 0: soldAt/);
  });
});

describe('GET /sales/create', () => {
  it('records one sale with the key in the query', async () => {
    const { call, mock } = startMock();
    const res = await call('GET', '/sales/create', {
      query: {
        key: 'key_a_admin',
        campaign_id: 'cmp_1',
        cell: '27821234567',
        soldAt: '2026-11-20 14:30',
        saleValue: '49.5',
      },
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(mock.state().sales).toMatchObject([{ saleValue: 49.5, soldAt: '2026-11-20T12:30:00.000Z' }]);
  });

  it('refuses a parameter it does not know, naming it, and records nothing', async () => {
    const { call, mock } = startMock();
    const res = await call('GET', '/sales/create', {
      query: {
        key: 'key_a_admin',
        campaign_id: 'cmp_1',
        cell: '27821234567',
        soldAt: '2026-11-20',
        utm_source: 'x',
      },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { ok: false, error: 'utm_source: Unknown query parameter' },
    });
    expect(mock.state().sales).toEqual([]);
  });

  it('answers 401 without a key, 404 for an unknown campaign and 409 for a duplicate', async () => {
    const { call } = startMock();
    const query = { campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-20' };
    expect(await call('GET', '/sales/create', { query })).toMatchObject({
      status: 401,
      body: { ok: false, error: 'Unauthorized' },
    });
    expect(
      (await call('GET', '/sales/create', { query: { ...query, key: 'key_a_admin', campaign_id: 'nope' } }))
        .status,
    ).toBe(404);
    await call('GET', '/sales/create', { query: { ...query, key: 'key_a_admin' } });
    expect((await call('GET', '/sales/create', { query: { ...query, key: 'key_a_admin' } })).status).toBe(
      409,
    );
  });
});
