import { describe, expect, it } from 'vitest';
import { worldOf } from '../src/core/world-access.js';
import {
  createMockService,
  createWorldRouter,
  type SeedDocument,
  SeedError,
  type StateDocument,
} from '../src/index.js';
import { setFor } from '../src/store/campaign-contact-maps.js';
import { testSeed, useMockServer } from './support/mock-world.js';

const startMock = useMockServer();

describe('seed, reset and state', () => {
  it('round-trips: seeding the state into a fresh mock gives the same state', async () => {
    const { admin, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_1'] } });
    await admin('POST', '/sales', { body: [{ campaign_id: 'cmp_1', cell: '27821234567' }] });
    mock.clicks.create({ send_id: 'snd_v2' });
    const state = mock.state();
    const copy = createMockService({ seed: JSON.parse(JSON.stringify(state)) });
    expect(copy.state()).toEqual(state);
  });

  it('round-trips trusted, as a state file loads: what happened is taken as written, the same state', async () => {
    const { admin, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    mock.campaigns.run('cmp_1');
    await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_1'] } });
    await admin('POST', '/sales', { body: [{ campaign_id: 'cmp_1', cell: '27821234567' }] });
    mock.clicks.create({ send_id: 'snd_v2' });
    await mock.replies.receive({ from: '27821234567', message: 'STOP' });
    const state = mock.state();
    expect(state.outbox.length).toBeGreaterThan(0);
    expect(state.replies.length).toBeGreaterThan(0);
    const copy = createMockService({ seed: JSON.parse(JSON.stringify(state)), seedIsTrusted: true });
    expect(copy.state()).toEqual(state);
  });

  it('seeds a state that holds 150,000 messages in the outbox, as a large campaign run leaves', () => {
    const { mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    mock.campaigns.run('cmp_1');
    const state = mock.state();
    const [message] = state.outbox;
    const outbox = Array.from({ length: 150_000 }, (_, i) => ({
      ...message!,
      _id: `msg_${String(i).padStart(8, '0')}`,
    }));
    const copy = createMockService({ seed: { ...state, outbox } });
    expect(copy.state().outbox.length).toBe(150_000);
  });

  it('exports over HTTP a campaign sent to thousands of contacts, written in steps, as state() holds it', async () => {
    const { call, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    const campaign = worldOf(mock)!.campaigns.get('cmp_1')!;
    for (let i = 0; i < 3_000; i++) setFor(campaign, 'lastSent', `ct_${i}`, '2026-11-22T08:00:00.000Z');
    const exported = (await call<StateDocument>('GET', '/__mock/state')).body.data!;
    expect(Object.keys(exported.campaigns!.find((c) => c._id === 'cmp_1')!.lastSent!)).toHaveLength(3_000);
    expect(exported).toEqual(JSON.parse(JSON.stringify(mock.state())));
  });

  it('fills in documented defaults', () => {
    const mock = createMockService({
      seed: {
        orgs: [{ _id: 'o' }],
        api_keys: [{ key: 'k', org_id: 'o' }],
        campaigns: [{ _id: 'c', org_id: 'o' }],
      },
    });
    const state = mock.state();
    expect(state.orgs[0]).toEqual({
      _id: 'o',
      name: 'o',
      credits: 1000,
      timezone: 'Africa/Johannesburg',
      custom_fields: [],
    });
    expect(state.api_keys[0]?.permissions).toEqual(['*']);
    expect(state.campaigns[0]).toMatchObject({
      name: 'c',
      country: 'ZA',
      optOutLevel: 'campaign',
      deliveryMethod: 'standard',
      active: true,
    });
  });

  it('loads the example seed document of the mock’s specification, whose offer names a buyer it does not hold', async () => {
    // As the specification shows it: org_b, the offer's buyer, is not among its organisations.
    const example: SeedDocument = {
      orgs: [
        {
          _id: 'org_a',
          name: 'Acme',
          credits: 1000,
          timezone: 'Africa/Johannesburg',
          custom_fields: [{ id: 'c1', name: 'Policy', type: 'string' }],
        },
      ],
      api_keys: [
        { key: 'key_a_admin', org_id: 'org_a', permissions: ['*'] },
        {
          key: 'key_a_supplier',
          org_id: 'org_a',
          permissions: ['contact.read.pii', 'contact.update.deduped_campaign_ids'],
          resources: { tag_ids: ['tag_vip'], campaign_ids: ['cmp_1'] },
        },
      ],
      tags: [{ tag_id: 'tag_vip', org_id: 'org_a', name: 'VIP' }],
      campaigns: [
        {
          _id: 'cmp_1',
          org_id: 'org_a',
          name: 'Spring',
          country: 'ZA',
          kind: 'once-off',
          tag_ids: ['tag_vip'],
          nin_tag_ids: [],
          optOutLevel: 'campaign',
          defaultSaleValue: 100,
          hook_ids: ['hook_1'],
        },
      ],
      campaigns_v2: [
        {
          _id: 'cmp_v2',
          org_id: 'org_a',
          name: 'Offer',
          opt_out_level: 'campaign',
          targeting: { tag_ids: { $in: ['tag_vip'], $nin: [] } },
          hooks: { hook_ids: [] },
          marketplace: { offer_id: 'off_1', buyer_org_id: 'org_b' },
        },
      ],
      templates: [
        {
          _id: 'tpl_1',
          org_id: 'org_a',
          channel: 'email',
          subject: 'Hi',
          body: 'Hello {{contact.firstname?there}}',
        },
      ],
      hooks: [
        {
          _id: 'hook_1',
          org_id: 'org_a',
          type: 'webhook',
          url: 'http://127.0.0.1:9999/in',
          method: 'POST',
          body: '{"cell":"{{contact.cell}}"}',
          encode_into_url: false,
          headers: '{}',
        },
        {
          _id: 'hook_2',
          org_id: 'org_a',
          type: 'sms',
          content: 'Thanks {{contact.firstname}}',
          destinations: '27820000001',
          send_to_replying_contact: true,
        },
      ],
      offers: [
        {
          _id: 'off_1',
          seller_org_id: 'org_a',
          buyer_org_id: 'org_b',
          campaign_id: 'cmp_v2',
          price: 25,
          default_status: 'completed',
          caps: { total: 100, daily: 10 },
        },
      ],
      contacts: [{ org_id: 'org_a', cell: '27821234567', firstname: 'Thandi', tag_ids: ['tag_vip'] }],
      sends: [
        {
          _id: 'snd_1',
          org_id: 'org_a',
          campaign_id: 'cmp_1',
          cell: '27821234567',
          trigger: 'manualCampaign',
          channel: 'sms',
        },
      ],
    };
    const mock = createMockService({ seed: example });
    expect(mock.state().offers).toEqual([expect.objectContaining({ _id: 'off_1', buyer_org_id: 'org_b' })]);
    const tags = await mock.fetch(`${mock.baseUrl}/tags`, {
      headers: { authorization: 'Bearer key_a_admin' },
    });
    expect(((await tags.json()) as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ name: 'VIP' }),
    ]);
    // A seller that is not held is refused still.
    expect(() =>
      createMockService({
        seed: { ...example, offers: [{ ...example.offers![0]!, seller_org_id: 'org_z' }] },
      }),
    ).toThrow('offers.0.seller_org_id: Unknown organisation org_z');
  });

  it('refuses a seed with unknown organisations, duplicate IDs or invalid cells, applying none of it', () => {
    const mock = createMockService({ seed: testSeed() });
    const before = mock.state();
    expect(() =>
      mock.seed({
        tags: [
          { tag_id: 'tag_vip', org_id: 'org_a' },
          { tag_id: 't2', org_id: 'org_zzz' },
        ],
        contacts: [{ org_id: 'org_a', cell: 'junk' }],
      }),
    ).toThrowError(SeedError);
    try {
      mock.seed({
        tags: [
          { tag_id: 'tag_vip', org_id: 'org_a' },
          { tag_id: 't2', org_id: 'org_zzz' },
        ],
      });
    } catch (error) {
      expect((error as SeedError).issues).toEqual([
        { path: 'tags.0', message: 'Duplicate id tag_vip' },
        { path: 'tags.1.org_id', message: 'Unknown organisation org_zzz' },
      ]);
    }
    expect(mock.state()).toEqual(before);
  });

  it('resets to the world it started with, to an empty world with {}, or to exactly a given seed', async () => {
    const { mock, admin } = startMock();
    const start = mock.state();
    await admin('DELETE', '/contacts/27821234567');
    expect(mock.state()).not.toEqual(start);
    mock.reset();
    expect(mock.state()).toEqual(start);
    expect((await admin('GET', '/contacts/27821234567')).status).toBe(200);
    mock.reset({});
    expect(mock.state().orgs).toEqual([]);
    mock.reset({ orgs: [{ _id: 'x' }] });
    expect(mock.state().orgs.map((o) => o._id)).toEqual(['x']);
  });

  it('keeps the world whole when a reset is refused', () => {
    const mock = createMockService({ seed: testSeed() });
    const before = mock.state();
    expect(() => mock.reset({ tags: [{ tag_id: 't', org_id: 'ghost' }] })).toThrow(SeedError);
    expect(mock.state()).toEqual(before);
  });

  it('answers a known control path with another method 405 with Allow, and an unknown path 404', async () => {
    const { call } = startMock();
    const wrong = await call('DELETE', '/__mock/clock');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(wrong.body).toEqual({ ok: false, error: 'Method DELETE is not allowed on /__mock/clock' });
    const redeliver = await call('GET', '/__mock/webhooks/whd_1/redeliver');
    expect([redeliver.status, redeliver.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await call('GET', '/__mock/nowhere')).status).toBe(404);
  });

  it('refuses a key naming an unknown permission, naming it', () => {
    const mock = createMockService();
    expect(() =>
      mock.seed({
        orgs: [{ _id: 'o' }],
        api_keys: [{ key: 'k', org_id: 'o', permissions: ['contact.reed'] }],
      }),
    ).toThrow('api_keys.0.permissions.0: Unknown permission "contact.reed"');
    expect(mock.state().orgs).toEqual([]);
  });

  it('accepts *, a permission, and a parent of permissions', () => {
    const mock = createMockService();
    mock.seed({
      orgs: [{ _id: 'o' }],
      api_keys: [{ key: 'k', org_id: 'o', permissions: ['*', 'tag.read', 'contact', 'contact.update'] }],
    });
    expect(mock.state().api_keys).toHaveLength(1);
  });
});

describe('the clock', () => {
  it('follows real time until frozen, then moves only when told', () => {
    const mock = createMockService();
    expect(Math.abs(mock.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    mock.clock.freeze();
    mock.clock.set('2026-01-01T00:00:00Z');
    expect(mock.clock.advance('7d').toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(mock.clock.advance('36h').toISOString()).toBe('2026-01-09T12:00:00.000Z');
    expect(mock.clock.advance('90s').toISOString()).toBe('2026-01-09T12:01:30.000Z');
    expect(() => mock.clock.advance('soon')).toThrow('not a duration: soon');
  });
});

describe('the HTTP control plane under /__mock/', () => {
  it('resets with a seed, moves the clock and reads journals without an API key', async () => {
    const { mock, call } = startMock();
    expect(
      (
        await call('POST', '/__mock/reset', {
          body: { orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] },
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', '/tags', { key: 'k' })).body).toEqual({ ok: true, data: [] });
    expect(
      (
        await call('POST', '/__mock/clock', {
          body: { set: '2026-05-01T00:00:00Z', advance: '1d', freeze: true },
        })
      ).body,
    ).toEqual({
      ok: true,
      data: { now: '2026-05-02T00:00:00.000Z', mode: 'frozen' },
    });
    expect(mock.clock.now().toISOString()).toBe('2026-05-02T00:00:00.000Z');
    expect((await call('GET', '/__mock/requests', { query: { limit: '1' } })).body.data).toMatchObject([
      { path: '/tags', status: 200 },
    ]);
    expect((await call('GET', '/__mock/state')).body.data).toMatchObject({ orgs: [{ _id: 'o' }] });
  });

  it('resets over HTTP: no body to the start world, {} to empty; a refused seed changes nothing', async () => {
    const { mock, call } = startMock();
    const start = mock.state();
    await call('DELETE', '/contacts/27821234567', { key: 'key_a_admin' });
    expect((await call('POST', '/__mock/reset')).status).toBe(200);
    expect(mock.state()).toEqual(start);
    const refused = await call('POST', '/__mock/reset', {
      body: { tags: [{ tag_id: 't', org_id: 'ghost' }] },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'invalid_seed' } } });
    expect(mock.state()).toEqual(start);
    expect((await call('POST', '/__mock/reset', { body: {} })).status).toBe(200);
    expect(mock.state().orgs).toEqual([]);
  });

  it('answers 400 for a journal limit that is not a whole number', async () => {
    const { call } = startMock();
    for (const limit of ['abc', '-1', '1.5']) {
      expect(await call('GET', '/__mock/requests', { query: { limit } })).toMatchObject({
        status: 400,
        body: { ok: false, error: 'limit: Expected a whole number of 0 or more' },
      });
    }
    expect((await call('GET', '/__mock/requests', { query: { limit: '0' } })).body).toEqual({
      ok: true,
      data: [],
      dropped: 0,
      emptied: 0,
    });
  });

  it('answers 400 with the issues of an invalid seed and of a bad clock instruction', async () => {
    const { call } = startMock();
    expect(
      await call('POST', '/__mock/seed', { body: { tags: [{ tag_id: 't', org_id: 'ghost' }] } }),
    ).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: {
          code: 'invalid_seed',
          issues: [{ path: 'tags.0.org_id', message: 'Unknown organisation ghost' }],
        },
      },
    });
    expect((await call('POST', '/__mock/clock', { body: { advance: 'later' } })).status).toBe(400);
    expect((await call('POST', '/__mock/nothing')).status).toBe(404);
  });

  it('creates clicks, runs campaigns and lists the outbox', async () => {
    const { call } = startMock({ now: '2026-11-22T08:00:00Z' });
    const run = await call('POST', '/__mock/campaigns/cmp_1/run', { body: {} });
    expect(run.body.data).toMatchObject({
      campaign_id: 'cmp_1',
      sends: [{ cell: '27821234567' }, { cell: '27821234568' }],
    });
    const outbox = await call('GET', '/__mock/outbox', { query: { cell: '27821234567' } });
    expect(outbox.body.data).toMatchObject([
      { to: '27821234567', content: 'Spring', trigger: 'manualCampaign' },
    ]);
    const sendId = (run.body.data as { sends: { send_id: string }[] }).sends[0]!.send_id;
    expect((await call('POST', '/__mock/clicks', { body: { send_id: sendId } })).body.data).toEqual({
      click_id: expect.any(String),
    });
    expect((await call('POST', '/__mock/clicks', { body: { send_id: 'nope' } })).status).toBe(404);
  });

  it('is absent when the control plane is off', async () => {
    const { call } = startMock({ control: false });
    expect((await call('GET', '/__mock/state')).status).toBe(404);
  });

  it('serves the dashboard page it is given, to anyone, while its data still needs the token', async () => {
    const page = '<!doctype html><title>Dashboard</title>';
    const mock = createMockService({ dashboard: async () => page, controlToken: 'sesame' });
    const answer = await mock.fetch(`${mock.baseUrl}/__mock/ui`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answer.text()).toBe(page);
    expect((await mock.fetch(`${mock.baseUrl}/__mock/requests`)).status).toBe(401);
    const off = createMockService({ dashboard: async () => page, control: false });
    expect((await off.fetch(`${off.baseUrl}/__mock/ui`)).status).toBe(404);
    const without = createMockService();
    expect((await (await without.fetch(`${without.baseUrl}/__mock/ui`)).json()).error).toBe(
      'The dashboard is served by the standalone server (marketing-mock)',
    );
  });
});

describe('a mock whose memoryFull says there is no room', () => {
  it('refuses seeds, worlds, runs, clock moves, replies, clicks and service writes 507 in its words, and still reads and resets', async () => {
    const mock = createMockService({ seed: testSeed(), memoryFull: () => 'No room: delete a world' });
    const router = createWorldRouter(mock);
    const post = (path: string, body: unknown) =>
      router.fetch(`${mock.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const before = mock.state();
    for (const [path, body] of [
      ['/__mock/seed', { orgs: [{ _id: 'more' }] }],
      ['/__mock/pact/states/full', {}],
      ['/__mock/worlds', {}],
      ['/__mock/campaigns/cmp_1/run', {}],
      ['/__mock/clock', { advance: '1d' }],
      ['/__mock/replies', { from: '27821234567', message: 'hi' }],
      ['/__mock/clicks', { send_id: 'snd_none' }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status).toBe(507);
      expect(await answer.json()).toEqual({ ok: false, error: 'No room: delete a world' });
    }
    const write = await router.fetch(`${mock.baseUrl}/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer key_a_admin' },
      body: JSON.stringify({ contacts: [{ cell: '27829999999' }] }),
    });
    expect(write.status).toBe(507);
    const read = await router.fetch(`${mock.baseUrl}/contacts/27821234567`, {
      headers: { authorization: 'Bearer key_a_admin' },
    });
    expect(read.status).toBe(200);
    expect(mock.state()).toEqual(before);
    expect(router.list()).toEqual([]);
    // An export is made whole before it is written: refused too, rather than run the heap out.
    const exported = await router.fetch(`${mock.baseUrl}/__mock/state`);
    expect(exported.status).toBe(507);
    expect((await post('/__mock/reset', {})).status).toBe(200);
  });

  it('checks the room when each request’s turn comes, so that worlds and seeds sent together cannot all take it', async () => {
    const mock = createMockService({
      seed: testSeed(),
      // Room for one more world, and for one seed of the default world.
      memoryFull: () =>
        router.list().length >= 1 && mock.contactCount() > testContacts ? 'No room' : undefined,
    });
    const testContacts = mock.contactCount();
    const router = createWorldRouter(mock);
    const post = (path: string, body: unknown) =>
      router
        .fetch(`${mock.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        .then((answer) => answer.status);
    const seed = (cell: string) => ({ contacts: [{ org_id: 'org_a', cell }] });
    const statuses = await Promise.all([
      post('/__mock/worlds', { name: 'one', seed: {} }),
      post('/__mock/seed', seed('27829000001')),
      post('/__mock/worlds', { name: 'two', seed: {} }),
      post('/__mock/seed', seed('27829000002')),
    ]);
    expect(statuses).toEqual([201, 200, 507, 507]);
    expect(router.list().map((world) => world.name)).toEqual(['one']);
    expect(mock.contactCount()).toBe(testContacts + 1);
  });

  it('lets large uploads sent together take the room one at a time, the later ones refused 507', async () => {
    const mock = createMockService({
      seed: testSeed(),
      rateLimit: false,
      memoryFull: () => (mock.contactCount() > testContacts ? 'No room' : undefined),
    });
    const testContacts = mock.contactCount();
    const upload = (from: number) => {
      const body = JSON.stringify({
        contacts: Array.from({ length: 30_000 }, (_, i) => ({
          cell: `2783${String(from + i).padStart(7, '0')}`,
          firstname: 'A name long enough for a large body',
        })),
      });
      return mock
        .fetch(`${mock.baseUrl}/contacts`, {
          method: 'POST',
          headers: {
            authorization: 'Bearer key_a_admin',
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
          body,
        })
        .then((answer) => answer.status);
    };
    expect(await Promise.all([upload(0), upload(100_000)])).toEqual([200, 507]);
    expect(mock.contactCount()).toBe(testContacts + 30_000);
  });

  it('drops a new world whose seed outgrows the room midway, and frees its name', async () => {
    let looks = 0;
    // Room at first; none once the seed has run a few slices.
    const mock = createMockService({ memoryFull: () => (++looks > 5 ? 'No room' : undefined) });
    const router = createWorldRouter(mock);
    const contacts = Array.from({ length: 40_000 }, (_, i) => ({
      org_id: 'o',
      cell: `2783${String(i).padStart(7, '0')}`,
    }));
    const answer = await router.fetch(`${mock.baseUrl}/__mock/worlds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'big', seed: { orgs: [{ _id: 'o' }], contacts } }),
    });
    expect(answer.status).toBe(507);
    expect(await answer.json()).toEqual({ ok: false, error: 'No room' });
    expect(router.list()).toEqual([]);
    looks = 0;
    expect(router.create({ name: 'big' }).world).toBe('big');
  });
});

// A world of `count` contacts, each with the tag `tagOf` gives it, and a V2 campaign `v` drawing
// from tags a and b by `weights`.
function weightedWorld(count: number, tagOf: (i: number) => 'a' | 'b', weights: { a: number; b: number }) {
  return {
    orgs: [{ _id: 'o', credits: 1e9 }],
    tags: [
      { tag_id: 'a', org_id: 'o' },
      { tag_id: 'b', org_id: 'o' },
    ],
    campaigns_v2: [{ _id: 'v', org_id: 'o', targeting: { tag_ids: { $in: ['a', 'b'], $nin: [], weights } } }],
    contacts: Array.from({ length: count }, (_, i) => ({
      org_id: 'o',
      cell: `2783${String(i).padStart(7, '0')}`,
      tag_ids: [tagOf(i)],
    })),
  };
}

describe('campaign runs', () => {
  it('skip excluded, opted-out and segment-excluded contacts, and respect the send window', async () => {
    const { mock, admin } = startMock({ now: '2026-11-22T08:00:00Z' });
    await admin('POST', '/contacts/27821234568/optOut', { body: { campaign_ids: ['cmp_1'] } });
    expect(mock.campaigns.run('cmp_1').sends.map((s) => s.cell)).toEqual(['27821234567']);
    const night = createMockService({
      now: '2026-11-22T12:00:00Z',
      seed: {
        ...testSeed(),
        campaigns: [{ _id: 'w', org_id: 'org_a', send_window_hours: { min_hours: 20, max_hours: 6 } }],
      },
    });
    expect(night.campaigns.run('w')).toMatchObject({ skipped: 'outside_send_window', sends: [] });
  });

  it('draw V2 contacts in proportion to the weights, reproducibly', () => {
    const seed = weightedWorld(200, (i) => (i < 100 ? 'a' : 'b'), { a: 3, b: 1 });
    const run = () =>
      createMockService({ seed, now: '2026-11-22T08:00:00Z' }).campaigns.run('v', { limit: 40, seed: 5 });
    const first = run();
    const fromA = first.sends.filter((s) => Number(s.cell.slice(4)) < 100).length;
    expect([fromA, first.sends.length - fromA]).toEqual([30, 10]);
    expect(run().sends.map((s) => s.cell)).toEqual(first.sends.map((s) => s.cell));
  });

  it('run over HTTP a slice at a time, the same sends as in process, with the world held still', async () => {
    const seed = weightedWorld(12_000, (i) => (i % 2 ? 'a' : 'b'), { a: 1, b: 1 });
    const now = '2026-11-22T08:00:00Z';
    const inProcess = createMockService({ seed, now }).campaigns.run('v', { seed: 3 });
    const mock = createMockService({ seed, now });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const running = mock.fetch(`${mock.baseUrl}/__mock/campaigns/v/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"seed":3}',
    });
    // A request made meanwhile waits for the run: it sees every send or none.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const outbox = mock.fetch(`${mock.baseUrl}/__mock/outbox?channel=sms`);
    const run = (await (await running).json()).data;
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(2);
    expect(run.sends).toHaveLength(12_000);
    expect(run.sends.map((s: { cell: string }) => s.cell)).toEqual(inProcess.sends.map((s) => s.cell));
    expect((await (await outbox).json()).data).toHaveLength(12_000);
  });
});
