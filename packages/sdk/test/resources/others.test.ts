import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, PermissionDeniedError } from '../../src/index.js';
import { useSdk } from '../support/sdk-world.js';

const { start } = useSdk();

describe('client.tags', () => {
  it('lists, gets and deletes, and throws NotFoundError and PermissionDeniedError', async () => {
    const { admin, client } = start();
    expect((await admin.tags.list()).map((t) => t.tag_id)).toEqual(['tag_vip', 'tag_new', 'tag_optout']);
    expect(await admin.tags.get('tag_new')).toEqual({ tag_id: 'tag_new', name: 'New' });
    expect(await admin.tags.delete('tag_new')).toEqual({ tag_id: 'tag_new', name: 'New' });
    await expect(admin.tags.get('tag_new')).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'Tag not found',
    });
    const denied = (await client('key_a_tags')
      .tags.delete('tag_vip')
      .catch((e: unknown) => e)) as PermissionDeniedError;
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied.missingPermissions).toEqual(['tag.delete']);
  });
});

describe('client.campaigns and client.campaignsV2', () => {
  it('lists and gets both models, and throws NotFoundError with Campaign not found', async () => {
    const { admin } = start();
    expect((await admin.campaigns.list()).map((c) => c._id)).toEqual(['cmp_1', 'cmp_tag', 'cmp_other']);
    expect((await admin.campaigns.get('cmp_1')).defaultSaleValue).toBe(100);
    expect((await admin.campaignsV2.list()).map((c) => c._id)).toEqual(['cmp_v2']);
    expect((await admin.campaignsV2.get('cmp_v2')).marketplace?.offer_id).toBe('off_1');
    await expect(admin.campaigns.get('nope')).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'Campaign not found',
    });
    await expect(admin.campaignsV2.get('nope')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('client.send', () => {
  it('sends an SMS and a bulk email, and surfaces send failures as BadRequestError', async () => {
    const { admin, mock } = start();
    const sms = await admin.send.sms({
      content: 'Hi',
      cell: '0821234567',
      country: 'ZA',
      skipNonContacts: true,
      deliveryMethod: 'standard',
    });
    expect(sms).toEqual({ customerId: expect.any(String), totalCost: 1 });
    await admin.send.emailBulk({
      from: 'a@acme.example',
      template_id: 'tpl_plain',
      destinations: ['x@example.com'],
    });
    expect(mock.outbox().map((m) => m.channel)).toEqual(['sms', 'email']);
    await expect(
      admin.send.sms({
        content: 'Hi',
        cell: 'nope',
        country: 'ZA',
        skipNonContacts: true,
        deliveryMethod: 'standard',
      }),
    ).rejects.toMatchObject({ name: 'BadRequestError', error: 'Invalid cell number' });
    await expect(
      admin.send.emailBulk({ from: 'a@acme.example', template_id: 'nope', destinations: ['x@example.com'] }),
    ).rejects.toMatchObject({
      status: 400,
      error: 'Template not found',
    });
  });
});

describe('client.sales', () => {
  it('uploads sales, throws NotFoundError and ConflictError, and builds a postback URL the service accepts', async () => {
    const { admin, mock } = start();
    await admin.sales.create([{ campaign_id: 'cmp_1', cell: '0821234567', soldAt: '2026-11-20' }]);
    await expect(admin.sales.create([{ campaign_id: 'nope', cell: '0821234567' }])).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'Campaign not found',
    });
    const duplicate = await admin.sales
      .create([{ campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-20' }])
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(ConflictError);
    const url = admin.sales.postbackUrl({
      campaign_id: 'cmp_1',
      cell: '27821234568',
      soldAt: '2026-11-21 14:30',
      saleValue: 10,
    });
    expect(url).toBe(
      `${mock.baseUrl}/sales/create?key=key_a_admin&campaign_id=cmp_1&cell=27821234568&soldAt=2026-11-21+14%3A30&saleValue=10`,
    );
    expect(await (await fetch(url)).json()).toEqual({ ok: true });
    expect(mock.state().sales).toHaveLength(2);
  });
});

describe('client.transactions', () => {
  it('submits leads, accepts a pending one, searches, and throws the documented errors', async () => {
    const { buyer, mock } = start();
    await buyer.transactions.create([
      { resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2', status: 'pending' },
    ]);
    const [pending] = await buyer.transactions.search({ status: 'pending' });
    expect(await buyer.transactions.updateStatus(pending!._id, 'completed')).toMatchObject({
      status: 'completed',
      status_reason: 'accepted',
    });
    await expect(buyer.transactions.updateStatus(pending!._id, 'rejected')).rejects.toMatchObject({
      name: 'ConflictError',
      error: 'Transaction is not pending',
    });
    await expect(buyer.transactions.updateStatus('nope', 'rejected')).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'Transaction not found',
    });
    await expect(
      buyer.transactions.create([{ resource_id: 'r2', cell: '1', campaign_id: 'cmp_b' }]),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'No matching marketplace offer for: r2',
    });
    const issues = await buyer.transactions
      .create([{ resource_id: 'r3', cell: '1' } as never])
      .catch((e: { leadIssues?: unknown }) => e.leadIssues);
    expect(issues).toEqual([
      { index: 0, resource_id: 'r3', issue: 'Exactly one of campaign_id, send_id or click_id is required' },
    ]);
    const url = buyer.transactions.postbackUrl({
      resource_id: 'r4',
      cell: '27831110004',
      campaign_id: 'cmp_v2',
    });
    expect((await fetch(url)).status).toBe(201);
    expect(mock.state().transactions.map((t) => t.resource_id)).toEqual(['r1', 'r4']);
  });
});

describe('client.compliance', () => {
  it('checks cells, with and without a campaign', async () => {
    const { supplier, admin } = start();
    await admin.contacts.optOut('27821234567', { campaign_ids: ['cmp_1'] });
    expect((await supplier.compliance.checkSend({ cells: ['0821234567'], country: 'ZA' })).results).toEqual([
      { cell: '0821234567', can_send: true },
    ]);
    const checked = await supplier.compliance.checkSend(
      { cells: ['0821234567'], country: 'ZA' },
      { campaign_id: 'cmp_1' },
    );
    expect(checked).toEqual({
      campaign_id: 'cmp_1',
      credits_used: 0.14,
      results: [{ cell: '0821234567', can_send: false, reason: 'opted_out_campaign' }],
    });
    await expect(
      admin.compliance.checkSend({ cells: ['1'], country: 'ZA' }, { campaign_id: 'nope' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
