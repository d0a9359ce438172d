import { buildPath, type EndpointDefinition } from '@marketing/domain';
import fc from 'fast-check';

/** A valid request for each endpoint against the test world, for mutations to start from. */
export const validRequests: Record<
  string,
  { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }
> = {
  'contacts.get': { params: { cell: '27821234567' } },
  'contacts.search': {
    body: {
      find: { tag_ids: { $in: ['tag_vip'] } },
      projection: { cell: 1 },
      options: { skip: 0, limit: 5 },
    },
  },
  'contacts.delete': { params: { cell: '27821234568' } },
  'contacts.optOut': { params: { cell: '27821234567' }, body: { campaign_ids: ['cmp_1'] } },
  'contacts.optOutCampaign': { params: { cell: '27821234567' }, body: { campaign_id: 'cmp_1' } },
  'contacts.addTags': { params: { cell: '27821234567' }, body: { tag_ids: ['tag_new'] } },
  'contacts.removeTags': { params: { cell: '27821234567' }, body: { tags: ['VIP'] } },
  'contacts.create': { body: { country: 'ZA', contacts: [{ cell: '0835550001', firstname: 'A' }] } },
  'contacts.upsert': { body: { contacts: [{ cell: '27821234567', lastname: 'B' }] } },
  'contacts.bulkUpdate': {
    body: {
      find: { tag_ids: { $in: ['tag_vip'] } },
      update: { $addToSet: { tag_ids: { $each: ['tag_new'] } } },
    },
  },
  'tags.list': {},
  'tags.get': { params: { tag_id: 'tag_vip' } },
  'tags.delete': { params: { tag_id: 'tag_new' } },
  'campaigns.list': {},
  'campaigns.get': { params: { campaign_id: 'cmp_1' } },
  'campaignsV2.list': {},
  'campaignsV2.get': { params: { campaign_id: 'cmp_v2' } },
  'send.sms': {
    body: {
      content: 'Hi {{contact.firstname}}',
      cell: '0821234567',
      skipNonContacts: true,
      country: 'ZA',
      deliveryMethod: 'standard',
    },
  },
  'send.emailBulk': {
    body: { from: 'a@acme.example', template_id: 'tpl_plain', destinations: ['x@example.com'] },
  },
  'sales.create': { body: [{ campaign_id: 'cmp_1', cell: '0821234567', soldAt: '2026-11-20' }] },
  'sales.createByPostback': { query: { key: 'key_a_admin', campaign_id: 'cmp_1', cell: '27821234567' } },
  'transactions.create': { body: [{ resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2' }] },
  'transactions.createByPostback': {
    query: { key: 'key_b_admin', resource_id: 'r2', cell: '27831110002', campaign_id: 'cmp_v2' },
  },
  'transactions.updateStatus': { params: { id: 'tx_1' }, body: { status: 'completed' } },
  'transactions.search': { body: { status: 'pending' } },
  'compliance.checkSend': {
    query: { campaign_id: 'cmp_1' },
    body: { cells: ['0821234567', 'junk'], country: 'ZA' },
  },
};

const nasty = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '',
  '%',
  '%E0%A4%A',
  '..',
  '\u0000',
  '😀',
  'x'.repeat(10_000),
  '27821234567',
  '+27 82 123 4567',
);
const key = fc.oneof(fc.string({ maxLength: 12 }), nasty);
const value: fc.Arbitrary<unknown> = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nasty, fc.constant(null));

/** Replaces, deletes or adds fields at any depth of a JSON value. */
function mutate(base: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(base)) {
    return fc.oneof(
      fc.constant(base),
      fc.constant([]),
      value,
      fc.tuple(fc.nat(base.length), value).map(([i, v]) => base.map((x, j) => (j === i ? v : x))),
      base.length ? mutate(base[0]).map((first) => [first, ...base.slice(1)]) : fc.constant(base),
    );
  }
  if (base !== null && typeof base === 'object') {
    const entries = Object.entries(base);
    return fc.oneof(
      fc.constant(base),
      value,
      fc
        .tuple(key, value)
        .map(([k, v]) =>
          JSON.parse(JSON.stringify({ ...base, [k]: v }).replace('{', `{"__proto__":{"polluted":1},`)),
        ),
      fc
        .nat(Math.max(0, entries.length - 1))
        .map((i) => Object.fromEntries(entries.filter((_, j) => j !== i))),
      ...entries.map(([k, v]) => mutate(v).map((m) => ({ ...base, [k]: m }))),
    );
  }
  return value;
}

const deepNesting = fc.integer({ min: 100, max: 5_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);

/** A request to one endpoint: valid, mutated or random in every part, as a `Request`. */
export function requestFor(endpoint: EndpointDefinition, baseUrl: string): fc.Arbitrary<Request> {
  const valid = validRequests[endpoint.id] ?? {};
  const params = fc.oneof(
    fc.constant(valid.params ?? {}),
    fc.record(
      Object.fromEntries(
        Object.keys(valid.params ?? {}).map((k) => [
          k,
          fc.oneof(
            fc.string({ minLength: 1 }),
            nasty.filter((s) => s !== ''),
          ),
        ]),
      ),
    ),
  );
  const query = fc.oneof(
    fc.constant(valid.query ?? {}),
    mutate(valid.query ?? {}),
    fc.dictionary(key, fc.string()),
  );
  const body = fc.oneof(
    fc.constant(JSON.stringify(valid.body ?? {})),
    mutate(valid.body ?? {}).map((b) => JSON.stringify(b) ?? ''),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string(),
    deepNesting,
    fc.constant('{"a":'),
  );
  const auth = fc.oneof(
    fc.constant('Bearer key_a_admin'),
    fc.constant('Bearer key_b_admin'),
    fc.constant('Bearer key_a_supplier'),
    fc.constant(undefined),
    fc.string().map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  );
  const contentType = fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
  );
  return fc.record({ params, query, body, auth, contentType }).map((parts) => {
    let path: string;
    try {
      path = buildPath(endpoint.path, parts.params as Record<string, string>);
    } catch {
      path = endpoint.path.replace(/:\w+/g, 'x');
    }
    const url = new URL(baseUrl + path);
    const query = parts.query !== null && typeof parts.query === 'object' ? parts.query : { q: parts.query };
    for (const [k, v] of Object.entries(query))
      url.searchParams.set(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
    const headers = new Headers();
    if (parts.auth) headers.set('authorization', parts.auth);
    if (parts.contentType) headers.set('content-type', parts.contentType);
    const withBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
    return new Request(url, { method: endpoint.method, headers, body: withBody ? parts.body : undefined });
  });
}
