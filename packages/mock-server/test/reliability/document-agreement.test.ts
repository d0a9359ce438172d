import { buildPath, type EndpointDefinition, endpoints, toOpenApiPath } from '@marketing/domain';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { OpenApiValidator } from '../../../../test-support/openapi-validator.js';
import { createMockService } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

// Requests are generated per endpoint from values the test world knows (cells, tags, campaigns),
// in every combination of the optional fields (so the cross-field rules are both kept and broken),
// then half of them mutated (a field removed, retyped or added). The document's verdict (ajv on the
// query and body) must equal the service's: refused with 400, or accepted.

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

const worldCells = ['27821234567', '27821234568', '27820000009'];
const tagIds = ['tag_vip', 'tag_new', 'tag_optout'];
const newCell = fc.integer({ min: 1_000_000, max: 9_999_999 }).map((n) => `083${n}`);
const someOf = <T>(values: T[]) => fc.subarray(values, { minLength: 0 });
const nonEmptyOf = <T>(values: T[]) => fc.subarray(values, { minLength: 1 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
// An object without its undefined fields: what JSON would carry.
const defined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
const object = (shape: Record<string, fc.Arbitrary<unknown>>) => fc.record(shape).map(defined);
const strings = (shape: Record<string, fc.Arbitrary<string | undefined>>) =>
  fc.record(shape).map((q) => defined(q) as Record<string, string>);

const tagFilter = object({ $in: maybe(nonEmptyOf(tagIds)), $all: maybe(nonEmptyOf(tagIds)) });
// International cells: a local one is valid only beside `country`, which a mutation may remove (a
// rule across fields that depends on the form of a cell, which the service judges row by row).
const uploadBody = object({
  country: maybe(fc.constant('ZA')),
  tag_ids: maybe(someOf(tagIds)),
  contacts: fc
    .uniqueArray(newCell, { minLength: 1, maxLength: 3 })
    .chain((cells) =>
      fc.tuple(
        ...cells.map((cell) =>
          object({ cell: fc.constant(`27${cell.slice(1)}`), firstname: maybe(fc.constant('Ann')) }),
        ),
      ),
    ),
});
const lead = object({
  resource_id: fc.string({ minLength: 1, maxLength: 8 }),
  cell: newCell.map((c) => `27${c.slice(1)}`),
  campaign_id: maybe(fc.constant('cmp_v2')),
  send_id: maybe(fc.constant('snd_v2')),
  click_id: maybe(fc.constant('clk_none')),
  status: maybe(fc.constantFrom('completed', 'pending', 'rejected')),
});

/** Requests for each endpoint, as the world's organisation would write them. */
const calls: Record<string, fc.Arbitrary<Call>> = {
  'contacts.get': fc.constantFrom(...worldCells).map((cell) => ({ params: { cell } })),
  'contacts.delete': fc.constantFrom(...worldCells).map((cell) => ({ params: { cell } })),
  'contacts.search': object({
    find: object({
      cell: maybe(nonEmptyOf(worldCells)),
      tag_ids: maybe(tagFilter),
      updatedAt: maybe(object({ $gte: maybe(day), $lte: maybe(day.map((d) => `${d}T10:00:00Z`)) })),
    }),
    projection: maybe(fc.constantFrom({ cell: 1 }, { firstname: 1, tag_ids: 1 })),
    options: maybe(object({ skip: maybe(fc.nat(50)), limit: maybe(fc.integer({ min: 1, max: 10_000 })) })),
  }).map((body) => ({ body })),
  'contacts.optOut': fc.record({
    params: fc.constantFrom(...worldCells).map((cell) => ({ cell })),
    body: object({
      campaign_ids: maybe(someOf(['cmp_1', 'cmp_other'])),
      all: maybe(fc.boolean()),
      create_missing_contact: maybe(fc.boolean()),
    }),
  }),
  'contacts.optOutCampaign': fc.record({
    params: fc.constantFrom(...worldCells).map((cell) => ({ cell })),
    body: object({ campaign_id: fc.constantFrom('cmp_1', 'cmp_other'), all: maybe(fc.boolean()) }),
  }),
  'contacts.addTags': fc.record({
    params: fc.constantFrom(...worldCells).map((cell) => ({ cell })),
    body: object({
      tag_ids: maybe(someOf(tagIds)),
      tags: maybe(someOf(['VIP', 'New'])),
      create_missing_contact: maybe(fc.boolean()),
    }),
  }),
  'contacts.removeTags': fc.record({
    params: fc.constantFrom(...worldCells).map((cell) => ({ cell })),
    body: object({ tag_ids: maybe(someOf(tagIds)), tags: maybe(someOf(['VIP', 'New'])) }),
  }),
  'contacts.create': uploadBody.map((body) => ({ body })),
  'contacts.upsert': uploadBody.map((body) => ({ body })),
  'contacts.bulkUpdate': object({
    find: object({ cell: maybe(nonEmptyOf(worldCells)), tag_ids: maybe(tagFilter) }),
    update: object({
      $addToSet: maybe(
        object({
          tag_ids: maybe(nonEmptyOf(tagIds).map(($each) => ({ $each }))),
          deduped_campaign_ids: maybe(nonEmptyOf(['cmp_1', 'cmp_other']).map(($each) => ({ $each }))),
        }),
      ),
      $pull: maybe(nonEmptyOf(tagIds).map(($in) => ({ tag_ids: { $in } }))),
    }),
  }).map((body) => ({ body })),
  'tags.list': fc.constant({}),
  'tags.get': fc.constantFrom(...tagIds).map((tag_id) => ({ params: { tag_id } })),
  'tags.delete': fc.constantFrom(...tagIds).map((tag_id) => ({ params: { tag_id } })),
  'campaigns.list': fc.constant({}),
  'campaigns.get': fc.constantFrom('cmp_1', 'cmp_none').map((campaign_id) => ({ params: { campaign_id } })),
  'campaignsV2.list': fc.constant({}),
  'campaignsV2.get': fc
    .constantFrom('cmp_v2', 'cmp_none')
    .map((campaign_id) => ({ params: { campaign_id } })),
  'send.sms': object({
    content: fc.constantFrom('Hello', 'Your code is 1234'),
    cell: fc.constantFrom(...worldCells),
    skipNonContacts: fc.boolean(),
    country: fc.constant('ZA'),
    deliveryMethod: fc.constantFrom('standard', 'reverse', 'transactional'),
    campaign_id: maybe(fc.constant('cmp_1')),
    sendOptions: maybe(object({ testMode: maybe(fc.boolean()) })),
  }).map((body) => ({ body })),
  'send.emailBulk': object({
    from: fc.constant('news@acme.example'),
    template_id: fc.constant('tpl_plain'),
    destinations: nonEmptyOf(['ann@example.com', 'ben@example.com']),
    filter_non_contacts: maybe(fc.boolean()),
    to_start_at: maybe(fc.constant('2026-12-01T09:00:00Z')),
  }).map((body) => ({ body })),
  'sales.create': fc
    .array(
      object({
        campaign_id: fc.constantFrom('cmp_1', 'cmp_none'),
        cell: fc.constantFrom(...worldCells),
        send_id: maybe(fc.constant('snd_v2')),
        soldAt: maybe(day),
        saleValue: maybe(fc.nat(500)),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((body) => ({ body })),
  'sales.createByPostback': strings({
    key: fc.constant('key_a_admin'),
    campaign_id: fc.constantFrom('cmp_1', 'cmp_none'),
    cell: fc.constantFrom(...worldCells),
    soldAt: maybe(fc.oneof(day, fc.constant('krGYpGWQ'), fc.constant('2026-11-20 14:30'))),
    saleValue: maybe(fc.constantFrom('49.5', '12', '-3', 'ten')),
  }).map((query) => ({ query })),
  'transactions.create': fc.array(lead, { minLength: 1, maxLength: 3 }).map((body) => ({ body })),
  // One matchback only: OpenAPI cannot state a rule across query parameters (see the gap below).
  'transactions.createByPostback': fc
    .tuple(
      strings({
        key: fc.constant('key_b_admin'),
        resource_id: fc.string({ minLength: 0, maxLength: 6 }),
        cell: newCell.map((c) => `27${c.slice(1)}`),
        status: maybe(fc.constantFrom('completed', 'pending', 'lost')),
      }),
      fc.constantFrom(['campaign_id', 'cmp_v2'], ['send_id', 'snd_v2'], ['click_id', 'clk_none']),
    )
    .map(([query, [name, id]]) => ({ query: { ...query, [name]: id } })),
  'transactions.updateStatus': fc.record({
    params: fc.constantFrom('tx_1', 'tx_none').map((id) => ({ id })),
    body: object({ status: fc.constantFrom('completed', 'rejected', 'pending') }),
  }),
  'transactions.search': object({
    _id: maybe(fc.oneof(fc.constant('tx_1'), fc.constant(['tx_1', 'tx_2']))),
    status: maybe(fc.constantFrom('completed', 'pending', 'rejected')),
    offer_id: maybe(fc.constant('off_1')),
    createdAt: maybe(object({ $gte: maybe(day), $lte: maybe(day) })),
  }).map((body) => ({ body })),
  'compliance.checkSend': fc.record({
    query: strings({ campaign_id: maybe(fc.constantFrom('cmp_1', 'cmp_none', '')) }),
    body: object({ cells: nonEmptyOf([...worldCells, '0821234567', 'junk']), country: fc.constant('ZA') }),
  }),
};

// The ways a request is broken: a field removed, given another type, or one added; a query
// parameter emptied, removed or added. Strings are replaced only by other types: a stranger string
// where a cell or a tag goes is a 400 no JSON Schema can foresee. The key is never touched: without
// it the answer is 401, whatever the rest says.
const strangers: unknown[] = [null, 7, -1, 0.5, true, [], {}];

type Path = (string | number)[];
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => pathsOf(v, [...at, i]))];
  if (value && typeof value === 'object')
    return [at, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))];
  return [at];
}
const valueAt = (value: unknown, path: Path) =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);

function mutatedBody(body: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(body);
  const kinds = ['remove', 'retype', 'add'] as const;
  return fc
    .tuple(fc.nat(paths.length - 1), fc.constantFrom(...kinds), fc.constantFrom(...strangers))
    .map(([i, kind, stranger]) => {
      const path = paths[i]!;
      const copy = structuredClone(body);
      const target = valueAt(copy, path);
      if (kind === 'add' && target && typeof target === 'object' && !Array.isArray(target)) {
        (target as Record<string, unknown>).stranger = 1;
        return copy;
      }
      if (path.length === 0) return kind === 'remove' ? copy : structuredClone(stranger);
      const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
      const key = path.at(-1)!;
      if (kind === 'remove' && Array.isArray(parent)) parent.splice(Number(key), 1);
      else if (kind === 'remove') delete parent[key];
      else parent[key] = structuredClone(stranger);
      return copy;
    });
}

function mutatedQuery(query: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  const names = Object.keys(query).filter((n) => n !== 'key');
  return fc
    .tuple(fc.nat(2), fc.constantFrom(...(names.length ? names : ['stranger'])))
    .map(([kind, name]) => {
      if (kind === 0) return { ...query, stranger: '1' };
      const { [name]: _, ...rest } = query;
      return kind === 1 ? rest : { ...query, [name]: '' };
    });
}

function mutated(call: Call): fc.Arbitrary<Call> {
  return fc.oneof(
    call.body === undefined ? fc.constant(call) : mutatedBody(call.body).map((body) => ({ ...call, body })),
    mutatedQuery(call.query ?? {}).map((query) => ({ ...call, query })),
  );
}

const keyOf = (endpoint: EndpointDefinition) =>
  endpoint.id.startsWith('transactions.') ? 'key_b_admin' : 'key_a_admin';

// The service's verdict: a 400, or for an upload, rows reported as invalid (it refuses rows one by
// one, in a 200, rather than the whole upload).
function refusedByService(status: number, answer: { data?: { invalidContacts?: unknown[] } }): boolean {
  return status === 400 || (answer.data?.invalidContacts?.length ?? 0) > 0;
}

const tally = { requests: 0, refused: 0 };
afterAll(() => {
  console.log(
    `${tally.requests} generated requests, ${tally.refused} refused: the document and the service agree on each`,
  );
});

describe('the OpenAPI document and the service', () => {
  const mock = createMockService({ seed: testSeed(), rateLimit: false, now: '2026-11-22T08:00:00Z' });
  const validator = new OpenApiValidator(mock.openApiDocument());

  it('has generated requests for every endpoint', () => {
    expect(endpoints.map((e) => e.id).filter((id) => !calls[id])).toEqual([]);
  });

  it.each(endpoints.map((e) => [e.id, e] as const))(
    'agree on every generated request to %s: accepted, or refused with 400',
    async (_, endpoint) => {
      const service = createMockService({ seed: testSeed(), rateLimit: false, now: '2026-11-22T08:00:00Z' });
      const requests = calls[endpoint.id]!.chain((call) => fc.oneof(fc.constant(call), mutated(call)));
      await fc.assert(
        fc.asyncProperty(requests, async (call) => {
          service.reset();
          const url = new URL(service.baseUrl + buildPath(endpoint.path, call.params ?? {}));
          for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
          const headers: Record<string, string> = { authorization: `Bearer ${keyOf(endpoint)}` };
          if (call.body !== undefined) headers['content-type'] = 'application/json';
          const response = await service.handle(
            new Request(url, {
              method: endpoint.method,
              headers,
              body: call.body === undefined ? undefined : JSON.stringify(call.body),
            }),
          );
          const answer = await response.json();
          const problems = validator.checkRequest(
            endpoint.method,
            toOpenApiPath(endpoint.path),
            call.query ?? {},
            call.body,
          );
          const serviceRefused = refusedByService(response.status, answer);
          tally.requests += 1;
          if (serviceRefused) tally.refused += 1;
          const request = `${endpoint.method} ${url.pathname}${url.search} ${JSON.stringify(call.body)}`;
          expect(
            { documentRefuses: problems !== undefined, serviceRefuses: serviceRefused },
            `${request}\n  document: ${problems ?? 'valid'}\n  service: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`,
          ).toEqual({ documentRefuses: serviceRefused, serviceRefuses: serviceRefused });
        }),
        { numRuns: 12, seed: 30 },
      );
    },
  );

  it('refuses and accepts in good measure, over at least 200 requests', () => {
    expect(tally.requests).toBeGreaterThanOrEqual(endpoints.length * 12);
    expect(tally.refused / tally.requests).toBeGreaterThan(0.25);
    expect(tally.refused / tally.requests).toBeLessThan(0.75);
  });

  it('cannot state a rule across query parameters: the lead postback’s single matchback is checked by the service alone', async () => {
    const query = { key: 'key_b_admin', resource_id: 'r9', cell: '27831110009' };
    expect(validator.checkRequest('GET', '/exchange/buyer/transaction/create', query)).toBeUndefined();
    const url = new URL(`${mock.baseUrl}/exchange/buyer/transaction/create`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    expect((await mock.handle(new Request(url))).status).toBe(400);
  });
});
