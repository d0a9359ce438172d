import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();

describe('a supplier keeps opt-outs in sync', () => {
  it('pushes an opt-out through the endpoint and through an exclusion tag, then pulls changes by tag and time', async () => {
    const { call, mock } = startMock({ now: '2026-11-01T00:00:00Z' });
    const supplier = (method: string, path: string, body?: unknown, query?: Record<string, string>) =>
      call(method, path, { key: 'key_a_supplier', body, query });

    // Push by endpoint: the contact is deduped against the supplier's campaign.
    mock.clock.set('2026-11-10T09:00:00Z');
    expect(
      (await supplier('POST', '/contacts/27821234567/optOut', { campaign_ids: ['cmp_1'] })).body.data,
    ).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });

    // Push by exclusion tag: the tag is one of the campaign's nin_tag_ids.
    mock.clock.set('2026-11-12T09:00:00Z');
    await supplier('PUT', '/contacts/27821234568/tag/add', { tag_ids: ['tag_optout'] });

    // Pull: everything carrying the opt-out tag updated since a timestamp, cells only.
    const pulled = await supplier('POST', '/contacts/search', {
      find: { tag_ids: { $all: ['tag_optout'] }, updatedAt: { $gte: '2026-11-11T00:00:00Z' } },
      projection: { cell: 1 },
    });
    expect((pulled.body.data as { contacts: unknown[] }).contacts).toEqual([
      { _id: expect.any(String), cell: '27821234568' },
    ]);
    const sinceLastWeek = await supplier('POST', '/contacts/search', {
      find: { tag_ids: { $in: ['tag_vip'] }, updatedAt: { $gte: '2026-11-05T00:00:00Z' } },
      projection: { cell: 1, deduped_campaign_ids: 1 },
    });
    expect((sinceLastWeek.body.data as { contacts: unknown[] }).contacts).toEqual([
      { _id: expect.any(String), cell: '27821234567', deduped_campaign_ids: ['cmp_1'] },
      { _id: expect.any(String), cell: '27821234568', deduped_campaign_ids: [] },
    ]);

    // Check a list before sending: both pushes are honoured for the campaign.
    const check = await supplier(
      'POST',
      '/compliance/send',
      { cells: ['0821234567', '0821234568', '0831234567'], country: 'ZA' },
      { campaign_id: 'cmp_1' },
    );
    expect((check.body.data as { results: unknown[] }).results).toEqual([
      { cell: '0821234567', can_send: false, reason: 'opted_out_campaign' },
      { cell: '0821234568', can_send: false, reason: 'excluded_tag' },
      { cell: '0831234567', can_send: true },
    ]);

    // The campaign itself no longer targets either contact.
    expect(mock.campaigns.run('cmp_1').sends.map((s) => s.cell)).toEqual([]);
  });

  it('records an opt-out reply (STOP) to a campaign send like the endpoint does', async () => {
    const { mock, admin } = startMock({ now: '2026-11-22T08:00:00Z' });
    const [send] = mock.campaigns.run('cmp_1').sends;
    const result = await mock.replies.receive({
      from: send!.cell,
      message: 'stop please',
      send_id: send!.send_id,
    });
    expect(result).toMatchObject({
      reply: { kind: 'optOut', campaign_id: 'cmp_1', Msisdn: send!.cell },
      opted_out: true,
    });
    expect((await admin('GET', `/contacts/${send!.cell}`)).body.data).toMatchObject({
      deduped_campaign_ids: ['cmp_1'],
    });
  });

  it('lets a key restricted to one campaign opt a contact out of every campaign with all: true', async () => {
    const { call, admin } = startMock();
    const optOut = await call('POST', '/contacts/27821234567/optOut', {
      key: 'key_a_supplier',
      body: { all: true },
    });
    expect(optOut.body.data).toEqual({ matchedCount: 1, modifiedCount: 1 });
    expect((await admin('GET', '/contacts/27821234567')).body.data).toMatchObject({ global_opt_out: true });
    // Campaigns outside the key's list are covered too.
    const check = await admin('POST', '/compliance/send', {
      body: { cells: ['27821234567'], country: 'ZA' },
    });
    expect((check.body.data as { results: unknown[] }).results).toEqual([
      { cell: '27821234567', can_send: false, reason: 'opted_out_global' },
    ]);
  });

  it('refuses create_missing_contact to a key without contact.create, creating nothing', async () => {
    const { call, admin } = startMock();
    const refusal = { code: 'insufficient_permissions', missing: ['contact.create'] };
    const optOut = await call('POST', '/contacts/27831112222/optOut', {
      key: 'key_a_supplier',
      body: { campaign_ids: ['cmp_1'], create_missing_contact: true },
    });
    expect(optOut).toMatchObject({ status: 403, body: { ok: false, error: refusal } });
    const tag = await call('PUT', '/contacts/27831112222/tag/add', {
      key: 'key_a_supplier',
      body: { tag_ids: ['tag_optout'], create_missing_contact: true },
    });
    expect(tag).toMatchObject({ status: 403, body: { ok: false, error: refusal } });
    expect((await admin('GET', '/contacts/27831112222')).status).toBe(404);
    // Without the flag the same key records opt-outs as before.
    const plain = await call('POST', '/contacts/27821234567/optOut', {
      key: 'key_a_supplier',
      body: { campaign_ids: ['cmp_1'] },
    });
    expect(plain.status).toBe(200);
  });

  it('lets a supplier key that holds contact.create create the missing contact it opts out', async () => {
    const { mock, call, admin } = startMock();
    mock.seed({
      api_keys: [
        {
          key: 'key_a_supplier_create',
          org_id: 'org_a',
          permissions: ['contact.update.deduped_campaign_ids', 'contact.create'],
          resources: { campaign_ids: ['cmp_1'] },
        },
      ],
    });
    const created = await call('POST', '/contacts/27831112222/optOut', {
      key: 'key_a_supplier_create',
      body: { all: true, create_missing_contact: true },
    });
    expect(created.body.data).toEqual({ matchedCount: 1, modifiedCount: 1 });
    expect((await admin('GET', '/contacts/27831112222')).body.data).toMatchObject({ global_opt_out: true });
  });
});
