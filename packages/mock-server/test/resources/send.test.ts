import { describe, expect, it } from 'vitest';
import { testSeed, useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();
const sms = {
  content: 'Hello {{contact.firstname}}',
  cell: '0821234567',
  skipNonContacts: true,
  country: 'ZA',
  deliveryMethod: 'reverse',
};

describe('POST /send/sms', () => {
  it('renders, sends and charges parts times the delivery method price', async () => {
    const { admin, mock } = startMock();
    const res = await admin('POST', '/send/sms', { body: { ...sms, campaign_id: 'cmp_1' } });
    expect(res.body).toEqual({ ok: true, data: { customerId: expect.any(String), totalCost: 1.5 } });
    expect(mock.outbox()).toMatchObject([
      {
        to: '27821234567',
        content: 'Hello Thandi',
        trigger: 'manualSingle',
        send_id: (res.body.data as { customerId: string }).customerId,
      },
    ]);
    expect(mock.state().orgs[0]?.credits).toBe(998.5);
  });

  it('skips a non-contact at no cost when skipNonContacts is set', async () => {
    const { admin, mock } = startMock();
    const res = await admin('POST', '/send/sms', { body: { ...sms, content: 'Hi', cell: '0831112222' } });
    expect(res.body.data).toMatchObject({ totalCost: 0 });
    expect(mock.outbox()).toEqual([]);
  });

  it('answers 400 for templates to a non-contact', async () => {
    const { admin } = startMock();
    const res = await admin('POST', '/send/sms', {
      body: { ...sms, cell: '0831112222', skipNonContacts: false },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { ok: false, error: 'Templates can only be used when sending to contacts of your organisation' },
    });
  });

  it('skips a contact opted out of the campaign at no cost', async () => {
    const { admin, mock } = startMock();
    await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_1'] } });
    expect(
      (await admin('POST', '/send/sms', { body: { ...sms, campaign_id: 'cmp_1' } })).body.data,
    ).toMatchObject({ totalCost: 0 });
    expect(mock.outbox()).toEqual([]);
  });

  it('skips a contact the campaign excludes by tag or segment, as the compliance check refuses it, and sends for another campaign', async () => {
    const { admin, mock } = startMock();
    // 27820000009 is a contact in the segment cmp_1 excludes.
    await admin('PUT', '/contacts/27821234567/tag/add', { body: { tag_ids: ['tag_optout'] } });
    const checked = await admin('POST', '/compliance/send?campaign_id=cmp_1', {
      body: { cells: ['27821234567', '27820000009'], country: 'ZA' },
    });
    expect(checked.body.data).toMatchObject({
      results: [{ reason: 'excluded_tag' }, { reason: 'excluded_segment' }],
    });
    for (const cell of ['0821234567', '0820000009'])
      expect(
        (await admin('POST', '/send/sms', { body: { ...sms, cell, campaign_id: 'cmp_1' } })).body.data,
      ).toMatchObject({ totalCost: 0 });
    expect(mock.outbox()).toEqual([]);
    const other = await admin('POST', '/send/sms', { body: { ...sms, campaign_id: 'cmp_other' } });
    expect(other.body.data).toMatchObject({ totalCost: 1.5 });
    expect(mock.outbox()).toHaveLength(1);
  });

  it('prices without sending or charging in test mode', async () => {
    const { admin, mock } = startMock();
    const res = await admin('POST', '/send/sms', {
      body: { ...sms, content: 'a'.repeat(161), sendOptions: { testMode: true } },
    });
    expect(res.body.data).toMatchObject({ totalCost: 3 });
    expect(mock.outbox()).toEqual([]);
    expect(mock.state().orgs[0]?.credits).toBe(1000);
  });

  it('answers 400 for more parts than the campaign allows, an invalid cell, or an unknown campaign', async () => {
    const { admin } = startMock();
    expect(
      await admin('POST', '/send/sms', { body: { ...sms, content: 'a'.repeat(400), campaign_id: 'cmp_1' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Message needs 3 SMS parts; the campaign allows 2' },
    });
    expect((await admin('POST', '/send/sms', { body: { ...sms, cell: 'abc' } })).body.error).toBe(
      'Invalid cell number',
    );
    expect((await admin('POST', '/send/sms', { body: { ...sms, campaign_id: 'nope' } })).body.error).toBe(
      'Campaign not found',
    );
  });

  it('answers 400 with a readable message for a missing field', async () => {
    const { admin } = startMock();
    const { deliveryMethod: _, ...rest } = sms;
    const res = await admin('POST', '/send/sms', { body: rest });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^deliveryMethod: /);
  });

  it('answers 402 and sends nothing when the organisation cannot pay', async () => {
    const { admin, mock } = startMock({
      seed: { ...testSeed(), orgs: [{ _id: 'org_a', credits: 1 }, { _id: 'org_b' }] },
    });
    expect(await admin('POST', '/send/sms', { body: sms })).toMatchObject({
      status: 402,
      body: { error: 'Insufficient balance' },
    });
    expect(mock.outbox()).toEqual([]);
  });
});

describe('POST /send/email/bulk', () => {
  const email = {
    from: 'news@acme.example',
    template_id: 'tpl_email',
    destinations: ['thandi@example.com', 'stranger@example.com'],
  };

  it('sends to contacts only with filter_non_contacts, rendering contact fields', async () => {
    const { admin, mock } = startMock();
    expect(
      (await admin('POST', '/send/email/bulk', { body: { ...email, filter_non_contacts: true } })).body,
    ).toEqual({ ok: true, data: {} });
    expect(mock.outbox({ channel: 'email' })).toMatchObject([
      { to: 'thandi@example.com', content: 'Hello Thandi', subject: 'Hi', status: 'sent' },
    ]);
  });

  it('needs filter_non_contacts for a template with contact fields', async () => {
    const { admin } = startMock();
    expect(await admin('POST', '/send/email/bulk', { body: email })).toMatchObject({
      status: 400,
      body: { error: 'filter_non_contacts must be true when the template has contact fields to replace' },
    });
  });

  it('schedules a send for a future to_start_at', async () => {
    const { admin, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    await admin('POST', '/send/email/bulk', {
      body: { ...email, template_id: 'tpl_plain', to_start_at: '2026-11-23T08:00:00Z' },
    });
    expect(mock.outbox()).toMatchObject([
      { to: 'thandi@example.com', status: 'scheduled', scheduled_for: '2026-11-23T08:00:00.000Z' },
      { to: 'stranger@example.com', status: 'scheduled' },
    ]);
  });

  it('answers 400 Template not found for an unknown or SMS template', async () => {
    const { admin } = startMock();
    for (const template_id of ['nope', 'tpl_sms']) {
      expect(await admin('POST', '/send/email/bulk', { body: { ...email, template_id } })).toMatchObject({
        status: 400,
        body: { error: 'Template not found' },
      });
    }
  });
});
