import { describe, expect, it } from 'vitest';
import { bodyPieces } from '../../src/core/responses.js';
import { useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();
const buyer =
  (call: ReturnType<ReturnType<typeof useMockServer>>['call']) =>
  (method: string, path: string, body?: unknown) =>
    call(method, path, { key: 'key_b_admin', body });
const credits = (mock: { state(): { orgs: { _id: string; credits: number }[] } }) =>
  Object.fromEntries(mock.state().orgs.map((o) => [o._id, o.credits]));

describe('POST /exchange/buyer/transaction', () => {
  it('answers 201 Lead(s) submitted, completes by the offer default and moves credits', async () => {
    const { call, mock } = startMock();
    const res = await buyer(call)('POST', '/exchange/buyer/transaction', [
      { resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2' },
    ]);
    expect(res).toMatchObject({ status: 201, body: { ok: true, data: 'Lead(s) submitted' } });
    expect(mock.state().transactions).toMatchObject([
      {
        resource_id: 'r1',
        status: 'completed',
        status_reason: 'offer_default',
        price: 25,
        buyer_org_id: 'org_b',
        seller_org_id: 'org_a',
      },
    ]);
    expect(credits(mock)).toEqual({ org_a: 1025, org_b: 975 });
  });

  it('matches back through a send', async () => {
    const { call, mock } = startMock();
    await buyer(call)('POST', '/exchange/buyer/transaction', [
      { resource_id: 'r1', cell: '27831110001', send_id: 'snd_v2', status: 'pending' },
    ]);
    expect(mock.state().transactions).toMatchObject([
      { campaign_id: 'cmp_v2', send_id: 'snd_v2', status: 'pending', status_reason: 'requested' },
    ]);
  });

  it('matches back through a click', async () => {
    const { call, mock } = startMock();
    const { click_id } = mock.clicks.create({ send_id: 'snd_v2' });
    expect(
      (
        await buyer(call)('POST', '/exchange/buyer/transaction', [
          { resource_id: 'r1', cell: '27831110001', click_id },
        ])
      ).status,
    ).toBe(201);
    expect(mock.state().transactions).toMatchObject([{ click_id, campaign_id: 'cmp_v2' }]);
  });

  it('answers 400 with each lead that has no or several matchbacks, storing nothing', async () => {
    const { call, mock } = startMock();
    const res = await buyer(call)('POST', '/exchange/buyer/transaction', [
      { resource_id: 'ok', cell: '27831110001', campaign_id: 'cmp_v2' },
      { resource_id: 'none', cell: '27831110002' },
      { resource_id: 'two', cell: '27831110003', campaign_id: 'cmp_v2', send_id: 'snd_v2' },
    ]);
    expect(res).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: [
          {
            index: 1,
            resource_id: 'none',
            issue: 'Exactly one of campaign_id, send_id or click_id is required',
          },
          {
            index: 2,
            resource_id: 'two',
            issue: 'Exactly one of campaign_id, send_id or click_id is required',
          },
        ],
      },
    });
    expect(mock.state().transactions).toEqual([]);
  });

  it('answers 404 listing the leads with no marketplace offer of the caller, non-marketplace campaigns included', async () => {
    const { call, mock } = startMock();
    const res = await buyer(call)('POST', '/exchange/buyer/transaction', [
      { resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2' },
      { resource_id: 'r2', cell: '27831110002', campaign_id: 'cmp_b' },
      { resource_id: 'r3', cell: '27831110003', campaign_id: 'nope' },
    ]);
    expect(res).toMatchObject({
      status: 404,
      body: { ok: false, error: 'No matching marketplace offer for: r2, r3' },
    });
    expect(mock.state().transactions).toEqual([]);
  });

  it('answers 404 to the seller, who is not the offer’s buyer', async () => {
    const { admin } = startMock();
    expect(
      (
        await admin('POST', '/exchange/buyer/transaction', {
          body: [{ resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2' }],
        })
      ).status,
    ).toBe(404);
  });

  it('creates nothing new for a resource_id submitted again', async () => {
    const { call, mock } = startMock();
    const lead = [{ resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2' }];
    await buyer(call)('POST', '/exchange/buyer/transaction', lead);
    expect((await buyer(call)('POST', '/exchange/buyer/transaction', lead)).status).toBe(201);
    expect(mock.state().transactions).toHaveLength(1);
    expect(credits(mock).org_b).toBe(975);
  });

  it('answers 400 for 1,001 leads and for none', async () => {
    const { call } = startMock();
    const leads = Array.from({ length: 1001 }, (_, i) => ({
      resource_id: `r${i}`,
      cell: '27831110001',
      campaign_id: 'cmp_v2',
    }));
    expect((await buyer(call)('POST', '/exchange/buyer/transaction', leads)).status).toBe(400);
    expect((await buyer(call)('POST', '/exchange/buyer/transaction', [])).status).toBe(400);
  });
});

describe('GET /exchange/buyer/transaction/create', () => {
  it('submits one lead with the key in the query', async () => {
    const { call, mock } = startMock();
    const res = await call('GET', '/exchange/buyer/transaction/create', {
      query: {
        key: 'key_b_admin',
        resource_id: 'r1',
        cell: '27831110001',
        campaign_id: 'cmp_v2',
        status: 'pending',
      },
    });
    expect(res).toMatchObject({ status: 201, body: { data: 'Lead(s) submitted' } });
    expect(mock.state().transactions).toMatchObject([{ resource_id: 'r1', status: 'pending' }]);
  });

  it('answers 400 for a lead without a matchback and 401 for an unknown key', async () => {
    const { call } = startMock();
    expect(
      await call('GET', '/exchange/buyer/transaction/create', {
        query: { key: 'key_b_admin', resource_id: 'r1', cell: '27831110001' },
      }),
    ).toMatchObject({
      status: 400,
      body: {
        error: [
          {
            index: 0,
            resource_id: 'r1',
            issue: 'Exactly one of campaign_id, send_id or click_id is required',
          },
        ],
      },
    });
    expect(
      (
        await call('GET', '/exchange/buyer/transaction/create', {
          query: { key: 'nope', resource_id: 'r1', cell: '1', campaign_id: 'c' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('the lead postback’s key', () => {
  const lead = { resource_id: 'pb', cell: '27831110001', campaign_id: 'cmp_v2' };

  it('is read from the query alone: a bearer header lets neither a wrong key nor a missing one through', async () => {
    const { call, mock } = startMock();
    const wrong = await call('GET', '/exchange/buyer/transaction/create', {
      key: 'key_b_admin',
      query: { ...lead, key: 'bogus' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { ok: false, error: 'Unauthorized' } });
    const missing = await call('GET', '/exchange/buyer/transaction/create', {
      key: 'key_b_admin',
      query: lead,
    });
    expect(missing).toMatchObject({ status: 401, body: { ok: false, error: 'Unauthorized' } });
    expect(mock.state().transactions).toEqual([]);
  });

  it('is the query’s even when a bearer header names another key', async () => {
    const { call, mock } = startMock();
    const res = await call('GET', '/exchange/buyer/transaction/create', {
      key: 'bogus',
      query: { ...lead, key: 'key_b_admin' },
    });
    expect(res.status).toBe(201);
    expect(mock.state().transactions).toHaveLength(1);
  });
});

describe('PUT /exchange/buyer/transaction/:id/status', () => {
  async function pending(startOptions = {}) {
    const started = startMock(startOptions);
    await buyer(started.call)('POST', '/exchange/buyer/transaction', [
      { resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2', status: 'pending' },
    ]);
    return { ...started, id: started.mock.state().transactions[0]!._id };
  }

  it('accepts a pending transaction, moving the credits', async () => {
    const { call, mock, id } = await pending();
    const res = await buyer(call)('PUT', `/exchange/buyer/transaction/${id}/status`, { status: 'completed' });
    expect(res).toMatchObject({
      status: 200,
      body: { ok: true, data: { _id: id, status: 'completed', status_reason: 'accepted' } },
    });
    expect(credits(mock)).toEqual({ org_a: 1025, org_b: 975 });
  });

  it('rejects a pending transaction without moving credits', async () => {
    const { call, mock, id } = await pending();
    expect(
      (await buyer(call)('PUT', `/exchange/buyer/transaction/${id}/status`, { status: 'rejected' })).body
        .data,
    ).toMatchObject({
      status: 'rejected',
      status_reason: 'rejected_by_buyer',
    });
    expect(credits(mock)).toEqual({ org_a: 1000, org_b: 1000 });
  });

  it('answers 409 Transaction is not pending for a completed or rejected one', async () => {
    const { call, id } = await pending();
    await buyer(call)('PUT', `/exchange/buyer/transaction/${id}/status`, { status: 'rejected' });
    expect(
      await buyer(call)('PUT', `/exchange/buyer/transaction/${id}/status`, { status: 'completed' }),
    ).toMatchObject({
      status: 409,
      body: { ok: false, error: 'Transaction is not pending' },
    });
  });

  it('answers 404 Transaction not found, also to the seller', async () => {
    const { call, admin, id } = await pending();
    expect(
      await buyer(call)('PUT', '/exchange/buyer/transaction/nope/status', { status: 'completed' }),
    ).toMatchObject({
      status: 404,
      body: { error: 'Transaction not found' },
    });
    expect(
      (await admin('PUT', `/exchange/buyer/transaction/${id}/status`, { body: { status: 'completed' } }))
        .status,
    ).toBe(404);
  });

  it('answers 400 for a status other than completed or rejected', async () => {
    const { call, id } = await pending();
    expect(
      (await buyer(call)('PUT', `/exchange/buyer/transaction/${id}/status`, { status: 'pending' })).status,
    ).toBe(400);
  });
});

describe('POST /exchange/buyer/transaction/search', () => {
  it('finds the caller’s transactions by status and date, oldest first', async () => {
    const { call, mock } = startMock({ now: '2026-11-20T08:00:00Z' });
    await buyer(call)('POST', '/exchange/buyer/transaction', [
      { resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2' },
    ]);
    mock.clock.advance('1d');
    await buyer(call)('POST', '/exchange/buyer/transaction', [
      { resource_id: 'r2', cell: '27831110002', campaign_id: 'cmp_v2', status: 'pending' },
    ]);
    const all = await buyer(call)('POST', '/exchange/buyer/transaction/search', {});
    expect((all.body.data as { resource_id: string }[]).map((t) => t.resource_id)).toEqual(['r1', 'r2']);
    const pendingOnly = await buyer(call)('POST', '/exchange/buyer/transaction/search', {
      status: 'pending',
      createdAt: { $gte: '2026-11-21' },
    });
    expect((pendingOnly.body.data as { resource_id: string }[]).map((t) => t.resource_id)).toEqual(['r2']);
    expect(
      (await call('POST', '/exchange/buyer/transaction/search', { key: 'key_a_admin', body: {} })).body.data,
    ).toEqual([]);
  });

  it('finds transactions named by ID, oldest first whatever the order named, among thousands seeded out of order, and answers thousands in pieces', async () => {
    const { call, mock } = startMock();
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    const transactions = Array.from({ length: 3_600 }, (_, i) => ({
      _id: `tx_${String(i).padStart(4, '0')}`,
      resource_id: `r${i}`,
      offer_id: i % 2 ? 'off_1' : 'off_2',
      campaign_id: 'cmp_v2',
      cell: '27831110001',
      status: 'pending' as const,
      status_reason: 'offer_default' as const,
      price: 1,
      buyer_org_id: i % 3 ? 'org_b' : 'org_a',
      seller_org_id: 'org_a',
      createdAt: at(i),
      updatedAt: at(i),
    }));
    // Seeded newest first, with one of another organisation named.
    mock.seed({ transactions: [...transactions].reverse() });
    const ids = (data: unknown) => (data as { _id: string }[]).map((t) => t._id);
    const expected = transactions.filter((t) => t.buyer_org_id === 'org_b');
    const all = await buyer(call)('POST', '/exchange/buyer/transaction/search', {});
    expect(ids(all.body.data)).toEqual(ids(expected));
    const named = await buyer(call)('POST', '/exchange/buyer/transaction/search', {
      _id: ['tx_3599', 'tx_0001', 'tx_0000', 'tx_0005', 'tx_missing', 'tx_0001'],
      offer_id: ['off_1'],
    });
    expect(ids(named.body.data)).toEqual(['tx_0001', 'tx_0005', 'tx_3599']);
    // Past 2,000 the answer is made a piece at a time, so the Node server writes it a turn apart.
    const answer = await mock.respond({
      method: 'POST',
      url: `${mock.baseUrl}/exchange/buyer/transaction/search`,
      headers: new Headers({ authorization: 'Bearer key_b_admin', 'content-type': 'application/json' }),
      text: async () => '{}',
    });
    expect(bodyPieces(answer)?.length).toBeGreaterThan(1);
  });

  it('answers 400 for more than 10,000 IDs or offers, as for every list in a body', async () => {
    const { call } = startMock();
    const many = Array.from({ length: 10_001 }, (_, i) => `tx_${i}`);
    for (const field of ['_id', 'offer_id']) {
      const answer = await buyer(call)('POST', '/exchange/buyer/transaction/search', { [field]: many });
      expect(answer.status, field).toBe(400);
      expect(String(answer.body.error)).toContain(field);
    }
    const atMost = await buyer(call)('POST', '/exchange/buyer/transaction/search', { _id: many.slice(1) });
    expect(atMost.status).toBe(200);
  });

  it('accepts an empty body and refuses unknown fields', async () => {
    const { call } = startMock();
    expect((await call('POST', '/exchange/buyer/transaction/search', { key: 'key_b_admin' })).status).toBe(
      200,
    );
    expect((await buyer(call)('POST', '/exchange/buyer/transaction/search', { state: 'x' })).status).toBe(
      400,
    );
  });
});
