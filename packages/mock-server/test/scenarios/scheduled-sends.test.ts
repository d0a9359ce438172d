import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockService, type MockService, type SeedDocument } from '../../src/index.js';
import { useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();

/** An organisation in Johannesburg (UTC+2) with a daily campaign, a welcome campaign and contacts. */
function scheduleSeed(): SeedDocument {
  return {
    orgs: [{ _id: 'org_s', name: 'Scheduled', credits: 1000, timezone: 'Africa/Johannesburg' }],
    api_keys: [
      { key: 'key_s', org_id: 'org_s', permissions: ['*'] },
      {
        key: 'key_s_supplier',
        org_id: 'org_s',
        permissions: ['contact.read.pii'],
        resources: { campaign_ids: ['cmp_daily'] },
      },
    ],
    tags: [
      { tag_id: 'tag_daily', org_id: 'org_s', name: 'Daily' },
      { tag_id: 'tag_join', org_id: 'org_s', name: 'Joined' },
      { tag_id: 'tag_never', org_id: 'org_s', name: 'Never' },
    ],
    templates: [{ _id: 'tpl_news', org_id: 'org_s', channel: 'email', subject: 'News', body: 'Plain news' }],
    campaigns: [
      {
        _id: 'cmp_daily',
        org_id: 'org_s',
        name: 'Daily deal',
        kind: 'recurring',
        tag_ids: ['tag_daily'],
        nin_tag_ids: ['tag_never'],
        send_window_hours: { min_hours: 9, max_hours: 17 },
      },
      {
        _id: 'cmp_welcome',
        org_id: 'org_s',
        name: 'Welcome',
        kind: 'welcome',
        tag_ids: ['tag_join'],
        welcomeConfig: {
          delayDays: 3,
          content: 'Welcome {{contact.firstname?friend}}',
          updateLastSent: true,
        },
      },
    ],
    contacts: [
      {
        org_id: 'org_s',
        cell: '27831110001',
        firstname: 'Ayanda',
        email: 'ayanda@example.com',
        tag_ids: ['tag_daily'],
      },
      { org_id: 'org_s', cell: '27831110002', firstname: 'Bongi', tag_ids: ['tag_daily'] },
      { org_id: 'org_s', cell: '27831110003', firstname: 'Chris', tag_ids: ['tag_daily', 'tag_never'] },
      { org_id: 'org_s', cell: '27831110004', firstname: 'Dineo' },
      { org_id: 'org_s', cell: '27831110005', firstname: 'Eli' },
    ],
  };
}

const START = '2026-11-22T06:00:00Z'; // 08:00 in Johannesburg, before the 09:00 window opens

function contactId(mock: MockService, cell: string): string {
  return mock.findContacts({ cell })[0]!._id;
}

describe('a recurring campaign', () => {
  it('sends once a day at its window’s opening for 7 advanced days, counting each send', () => {
    const mock = createMockService({ seed: scheduleSeed(), now: START });
    expect(mock.schedule()).toEqual([
      { kind: 'recurring_send', at: '2026-11-22T07:00:00.000Z', campaign_id: 'cmp_daily' },
    ]);
    mock.clock.advance('7d');
    const sends = mock.outbox({ cell: '27831110001' });
    expect(sends.map((m) => m.createdAt)).toEqual(
      Array.from({ length: 7 }, (_, day) => `2026-11-${22 + day}T07:00:00.000Z`),
    );
    expect(sends.every((m) => m.trigger === 'recurringSend' && m.campaign_id === 'cmp_daily')).toBe(true);
    const campaign = mock.state().campaigns.find((c) => c._id === 'cmp_daily')!;
    const ayanda = contactId(mock, '27831110001');
    expect(campaign.contactSendCounts).toEqual({ [ayanda]: 7, [contactId(mock, '27831110002')]: 7 });
    expect(campaign.lastSent?.[ayanda]).toBe('2026-11-28T07:00:00.000Z');
    // The excluded tag keeps Chris out; nothing is sent outside the campaign's targeting.
    expect(mock.outbox({ cell: '27831110003' })).toEqual([]);
    expect(mock.state().orgs[0]!.credits).toBe(1000 - 14);
  });

  it('stops a clock move over HTTP where it is once there is no room, what was due until then done', async () => {
    const mock: MockService = createMockService({
      seed: scheduleSeed(),
      now: START,
      // The room runs out once the third day's sends are made.
      memoryFull: () => (mock.outbox().length >= 6 ? 'No room' : undefined),
    });
    const answer = await mock.fetch(`${mock.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance: '30d' }),
    });
    expect(answer.status).toBe(507);
    const { error } = (await answer.json()) as { error: string };
    const stoppedAt = /The clock stopped at (\S+), with what was due until then done$/.exec(error)?.[1];
    expect(stoppedAt).toBe(mock.clock.now().toISOString());
    expect(mock.clock.now().getTime()).toBeLessThan(Date.parse(START) + 30 * 86_400_000);
    // Every day's send up to where it stopped, and none after.
    const days = mock.outbox({ cell: '27831110001' }).map((m) => m.createdAt);
    expect(days.length).toBeGreaterThanOrEqual(3);
    expect(days.length).toBeLessThan(30);
    expect(days.every((at) => at <= stoppedAt!)).toBe(true);
  });

  it('plans its next send from the new time when the clock is set back, then sends daily from there', async () => {
    const mock = createMockService({ seed: scheduleSeed(), now: '2026-11-27T12:00:00Z' });
    expect(mock.schedule()[0]?.at).toBe('2026-11-28T07:00:00.000Z');
    // Over HTTP, as a pipeline sets the clock of the standalone server.
    const set = await mock.fetch(`${mock.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: START, freeze: true }),
    });
    expect(set.status).toBe(200);
    expect(mock.schedule()).toEqual([
      { kind: 'recurring_send', at: '2026-11-22T07:00:00.000Z', campaign_id: 'cmp_daily' },
    ]);
    mock.clock.advance('7d');
    expect(mock.outbox({ cell: '27831110001' }).map((m) => m.createdAt)).toEqual(
      Array.from({ length: 7 }, (_, day) => `2026-11-${22 + day}T07:00:00.000Z`),
    );
  });

  it('plans its next send from real time when the clock goes back to it from ahead', () => {
    const mock = createMockService({ seed: scheduleSeed(), now: '2030-01-01T12:00:00Z' });
    mock.clock.real();
    const next = Date.parse(mock.schedule()[0]!.at);
    expect(next - Date.now()).toBeGreaterThan(0);
    expect(next - Date.now()).toBeLessThanOrEqual(86_400_000);
  });

  it('keeps what already ran when the clock is set back', () => {
    const mock = createMockService({ seed: scheduleSeed(), now: START });
    mock.clock.advance('2d');
    expect(mock.outbox({ cell: '27831110001' })).toHaveLength(2);
    mock.clock.set('2026-11-20T06:00:00Z');
    expect(mock.outbox({ cell: '27831110001' })).toHaveLength(2);
    expect(mock.schedule().map((event) => event.at)).toEqual(['2026-11-20T07:00:00.000Z']);
  });

  it('does nothing while the clock stands before its window', () => {
    const mock = createMockService({ seed: scheduleSeed(), now: START });
    mock.clock.advance('59m');
    expect(mock.outbox()).toEqual([]);
    mock.clock.advance('1m');
    expect(mock.outbox()).toHaveLength(2);
  });
});

describe('a welcome campaign', () => {
  it('sends exactly delayDays after a contact gains its tag, and not to a contact that opted out meanwhile', async () => {
    const { mock, call } = startMock({ seed: scheduleSeed(), now: START });
    const key = 'key_s';
    await call('PUT', '/contacts/27831110004/tag/add', { key, body: { tag_ids: ['tag_join'] } });
    await call('PUT', '/contacts/27831110005/tag/add', { key, body: { tag_ids: ['tag_join'] } });
    await call('POST', '/contacts/27831110005/optOut', { key, body: { campaign_ids: ['cmp_welcome'] } });
    expect((await call('GET', '/__mock/schedule')).body.data).toEqual([
      { kind: 'recurring_send', at: '2026-11-22T07:00:00.000Z', campaign_id: 'cmp_daily' },
      expect.objectContaining({
        kind: 'welcome',
        at: '2026-11-25T06:00:00.000Z',
        campaign_id: 'cmp_welcome',
      }),
      expect.objectContaining({
        kind: 'welcome',
        at: '2026-11-25T06:00:00.000Z',
        campaign_id: 'cmp_welcome',
      }),
    ]);

    await call('POST', '/__mock/clock', { body: { advance: '71h59m' } });
    expect(mock.outbox({ cell: '27831110004' })).toEqual([]);
    await call('POST', '/__mock/clock', { body: { advance: '1m' } });
    expect(mock.outbox({ cell: '27831110004' })).toMatchObject([
      {
        content: 'Welcome Dineo',
        trigger: 'welcome',
        campaign_id: 'cmp_welcome',
        createdAt: '2026-11-25T06:00:00.000Z',
      },
    ]);
    expect(mock.outbox({ cell: '27831110005' })).toEqual([]);
    const campaign = mock.state().campaigns.find((c) => c._id === 'cmp_welcome')!;
    expect(campaign.lastSent).toEqual({ [contactId(mock, '27831110004')]: '2026-11-25T06:00:00.000Z' });
  });

  it('welcomes a contact uploaded with the tag, once, even if it gains the tag again', async () => {
    const { mock, call } = startMock({ seed: scheduleSeed(), now: START });
    const upload = await call('POST', '/contacts', {
      key: 'key_s',
      body: { contacts: [{ cell: '27831110009', firstname: 'Fezile' }], tag_ids: ['tag_join'] },
    });
    expect(upload.status).toBe(200);
    await call('PUT', '/contacts/27831110009/tag/remove', { key: 'key_s', body: { tag_ids: ['tag_join'] } });
    await call('PUT', '/contacts/27831110009/tag/add', { key: 'key_s', body: { tag_ids: ['tag_join'] } });
    mock.clock.advance('4d');
    expect(mock.outbox({ cell: '27831110009' }).map((m) => m.content)).toEqual(['Welcome Fezile']);
  });
});

describe('a scheduled bulk email', () => {
  it('stays scheduled until its to_start_at, then is sent at that time, free of charge', async () => {
    const { mock, call } = startMock({ seed: scheduleSeed(), now: START });
    const sent = await call('POST', '/send/email/bulk', {
      key: 'key_s',
      body: {
        from: 'news@example.com',
        template_id: 'tpl_news',
        destinations: ['ayanda@example.com', 'someone@example.com'],
        to_start_at: '2026-11-22T06:30:00Z',
      },
    });
    expect(sent.status).toBe(200);
    expect(mock.schedule(1)).toEqual([
      { kind: 'scheduled_send', at: '2026-11-22T06:30:00.000Z', send_id: expect.any(String) },
    ]);
    await call('POST', '/__mock/clock', { body: { advance: '29m' } });
    expect(mock.outbox({ channel: 'email' }).map((m) => m.status)).toEqual(['scheduled', 'scheduled']);
    await call('POST', '/__mock/clock', { body: { advance: '1m' } });
    const emails = (await call('GET', '/__mock/outbox', { query: { channel: 'email' } })).body.data;
    expect(emails).toMatchObject([
      { to: 'ayanda@example.com', status: 'sent', cost: 0 },
      { to: 'someone@example.com', status: 'sent', cost: 0 },
    ]);
    expect(mock.state().orgs[0]!.credits).toBe(1000);
  });

  it('goes out when real time passes its to_start_at, before the next answer', async () => {
    const { mock, call } = startMock({ seed: scheduleSeed() });
    await call('POST', '/send/email/bulk', {
      key: 'key_s',
      body: {
        from: 'news@example.com',
        template_id: 'tpl_news',
        destinations: ['ayanda@example.com'],
        to_start_at: new Date(Date.now() + 50).toISOString(),
      },
    });
    expect(mock.outbox({ channel: 'email' })[0]!.status).toBe('scheduled');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await call('GET', '/__mock/outbox', { query: { channel: 'email' } })).body.data).toMatchObject([
      { status: 'sent' },
    ]);
  });
});

describe('a reply to a scheduled send', () => {
  it('opts the contact out at STOP, notes the reply and click on the campaign, and the supplier’s next pull sees it', async () => {
    const { mock, call } = startMock({ seed: scheduleSeed(), now: START });
    await call('POST', '/__mock/clock', { body: { advance: '1d' } });
    const [first] = mock.outbox({ cell: '27831110002' });
    expect(first).toMatchObject({ trigger: 'recurringSend' });
    await call('POST', '/__mock/clicks', { body: { send_id: first!.send_id } });
    await call('POST', '/__mock/clock', { body: { advance: '2h' } });
    const reply = await call('POST', '/__mock/replies', { body: { from: '27831110002', message: 'STOP' } });
    expect(reply.body.data).toMatchObject({ opted_out: true, reply: { campaign_id: 'cmp_daily' } });

    const pulled = await call('POST', '/contacts/search', {
      key: 'key_s_supplier',
      body: {
        find: { updatedAt: { $gte: '2026-11-23T08:00:00Z' } },
        projection: { cell: 1, deduped_campaign_ids: 1 },
      },
    });
    expect((pulled.body.data as { contacts: unknown[] }).contacts).toEqual([
      { _id: expect.any(String), cell: '27831110002', deduped_campaign_ids: ['cmp_daily'] },
    ]);
    const bongi = contactId(mock, '27831110002');
    const campaign = mock.state().campaigns.find((c) => c._id === 'cmp_daily')!;
    expect(campaign.lastReply).toEqual({ [bongi]: '2026-11-23T08:00:00.000Z' });
    expect(campaign.lastClick).toEqual({ [bongi]: '2026-11-23T06:00:00.000Z' });
    expect(campaign.contactClickCounts).toEqual({ [bongi]: 1 });

    // The next daily send leaves the opted-out contact out.
    mock.clock.advance('1d');
    expect(mock.outbox({ cell: '27831110002' })).toHaveLength(2);
    expect(mock.outbox({ cell: '27831110001' })).toHaveLength(3);
  });
});

describe('advancing the clock', () => {
  it('gives the same world in one step as in many small steps', async () => {
    const join = (mock: MockService) =>
      mock.handle(
        new Request(`${mock.baseUrl}/contacts/27831110004/tag/add`, {
          method: 'PUT',
          headers: { authorization: 'Bearer key_s', 'content-type': 'application/json' },
          body: JSON.stringify({ tag_ids: ['tag_join'] }),
        }),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 36 * 60 }), { minLength: 1, maxLength: 12 }),
        async (steps) => {
          const total = steps.reduce((sum, minutes) => sum + minutes, 0);
          const once = createMockService({ seed: scheduleSeed(), now: START });
          const stepped = createMockService({ seed: scheduleSeed(), now: START });
          // A welcome in flight in both, besides the daily sends.
          for (const mock of [once, stepped]) expect((await join(mock)).status).toBe(200);
          once.clock.advance(`${total}m`);
          for (const minutes of steps) stepped.clock.advance(`${minutes}m`);
          expect(stepped.clock.now()).toEqual(once.clock.now());
          expect(stepped.state()).toEqual(once.state());
          expect(stepped.schedule()).toEqual(once.schedule());
        },
      ),
      { numRuns: 25 },
    );
  });
});
