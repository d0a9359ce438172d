import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createMockService,
  type MockService,
  type MockServiceOptions,
  type SeedDocument,
} from '../../src/index.js';
import { mswHandlers } from '../../src/msw/index.js';

/** A small world: two organisations, admin, supplier and narrow keys, tags, campaigns of both models, an offer. */
export function testSeed(): SeedDocument {
  return {
    orgs: [
      {
        _id: 'org_a',
        name: 'Acme',
        credits: 1000,
        custom_fields: [{ id: 'c1', name: 'Policy', type: 'number' }],
      },
      { _id: 'org_b', name: 'Buyer Co', credits: 1000 },
    ],
    api_keys: [
      { key: 'key_a_admin', org_id: 'org_a', permissions: ['*'] },
      {
        key: 'key_a_supplier',
        org_id: 'org_a',
        permissions: [
          'contact.read.pii',
          'contact.update.deduped_campaign_ids',
          'contact.update.tag_ids',
          'compliance:send.create',
        ],
        resources: { tag_ids: ['tag_vip', 'tag_optout'], campaign_ids: ['cmp_1'] },
      },
      { key: 'key_a_tags', org_id: 'org_a', permissions: ['tag.read'] },
      { key: 'key_b_admin', org_id: 'org_b', permissions: ['*'] },
    ],
    tags: [
      { tag_id: 'tag_vip', org_id: 'org_a', name: 'VIP' },
      { tag_id: 'tag_new', org_id: 'org_a', name: 'New' },
      { tag_id: 'tag_optout', org_id: 'org_a', name: 'Supplier opt-out' },
      { tag_id: 'tag_b', org_id: 'org_b', name: 'B' },
    ],
    segments: [{ _id: 'seg_blocked', org_id: 'org_a', cells: ['27820000009'] }],
    campaigns: [
      {
        _id: 'cmp_1',
        org_id: 'org_a',
        name: 'Spring',
        tag_ids: ['tag_vip'],
        nin_tag_ids: ['tag_optout'],
        nin_segment_ids: ['seg_blocked'],
        optOutLevel: 'campaign',
        defaultSaleValue: 100,
        maxSMSParts: 2,
      },
      { _id: 'cmp_tag', org_id: 'org_a', name: 'Tagged', tag_ids: ['tag_vip'], optOutLevel: 'tag' },
      { _id: 'cmp_other', org_id: 'org_a', name: 'Other', tag_ids: ['tag_new'] },
      { _id: 'cmp_b', org_id: 'org_b', name: 'B campaign' },
    ],
    campaigns_v2: [
      {
        _id: 'cmp_v2',
        org_id: 'org_a',
        name: 'Offer',
        targeting: { tag_ids: { $in: ['tag_vip'], $nin: [] } },
        financials: { income_per_sale: 120 },
        marketplace: { offer_id: 'off_1', buyer_org_id: 'org_b' },
      },
    ],
    templates: [
      {
        _id: 'tpl_email',
        org_id: 'org_a',
        channel: 'email',
        subject: 'Hi',
        body: 'Hello {{contact.firstname?there}}',
      },
      { _id: 'tpl_plain', org_id: 'org_a', channel: 'email', subject: 'News', body: 'Plain news' },
      { _id: 'tpl_sms', org_id: 'org_a', channel: 'sms', body: 'Welcome {{contact.firstname?friend}}' },
    ],
    offers: [
      {
        _id: 'off_1',
        seller_org_id: 'org_a',
        buyer_org_id: 'org_b',
        campaign_id: 'cmp_v2',
        price: 25,
        default_status: 'completed',
        caps: { total: 3 },
      },
    ],
    contacts: [
      {
        org_id: 'org_a',
        cell: '27821234567',
        firstname: 'Thandi',
        email: 'thandi@example.com',
        tag_ids: ['tag_vip'],
      },
      { org_id: 'org_a', cell: '27821234568', firstname: 'Sipho', tag_ids: ['tag_vip', 'tag_new'] },
      { org_id: 'org_a', cell: '27820000009', tag_ids: ['tag_vip'] },
      { org_id: 'org_b', cell: '27829999999', firstname: 'Other org' },
    ],
    sends: [{ _id: 'snd_v2', org_id: 'org_a', campaign_id: 'cmp_v2', cell: '27821234567' }],
  };
}

/** The answer of a call: status, parsed envelope, headers. */
export interface CallResult<T = unknown> {
  status: number;
  body: { ok: boolean; data?: T; error?: unknown };
  headers: Headers;
}

/** Options of one call. */
export interface CallOptions {
  key?: string | undefined;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string>;
}

/**
 * Starts msw for a test file and hands each test a fresh mock and a `call` helper that uses plain
 * `fetch`, as any client would.
 */
export function useMockServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  return function startMock(options: MockServiceOptions = {}) {
    const mock: MockService = createMockService({ seed: testSeed(), rateLimit: false, ...options });
    server.use(...mswHandlers(mock));
    async function call<T = unknown>(
      method: string,
      path: string,
      opts: CallOptions = {},
    ): Promise<CallResult<T>> {
      const url = new URL(mock.baseUrl + path);
      for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
      const headers: Record<string, string> = {};
      if (opts.key !== undefined) headers.authorization = `Bearer ${opts.key}`;
      const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { method, headers, body });
      return { status: response.status, body: await response.json(), headers: response.headers };
    }
    return {
      mock,
      call,
      admin: (method: string, path: string, opts: CallOptions = {}) =>
        call(method, path, { key: 'key_a_admin', ...opts }),
    };
  };
}
