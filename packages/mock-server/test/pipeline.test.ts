import { endpoints } from '@marketing/domain';
import { describe, expect, it } from 'vitest';
import { createMockService, VERSION } from '../src/index.js';
import { useMockServer } from './support/mock-world.js';

const startMock = useMockServer();
const concrete = (path: string) =>
  path
    .replace(':cell', '27821234567')
    .replace(':tag_id', 'tag_vip')
    .replace(':campaign_id', 'cmp_1')
    .replace(':id', 'tx_1');

describe('authentication and authorisation', () => {
  it('answers 401 Unauthorized on every endpoint without a key or with an unknown key', async () => {
    const { call } = startMock();
    for (const endpoint of endpoints) {
      for (const key of [undefined, 'unknown_key']) {
        const res = await call(endpoint.method, concrete(endpoint.path), {
          key,
          body: endpoint.body ? {} : undefined,
        });
        expect(res, `${endpoint.id} ${key}`).toMatchObject({
          status: 401,
          body: { ok: false, error: 'Unauthorized' },
        });
      }
    }
  });

  it('answers 403 insufficient_permissions on every endpoint for a key without its permission', async () => {
    const { mock, call } = startMock();
    mock.seed({ api_keys: [{ key: 'key_nothing', org_id: 'org_a', permissions: [] }] });
    for (const endpoint of endpoints) {
      const query = endpoint.auth === 'query-key' ? { key: 'key_nothing' } : undefined;
      const res = await call(endpoint.method, concrete(endpoint.path), {
        key: 'key_nothing',
        query,
        body: endpoint.body ? {} : undefined,
      });
      expect(res, endpoint.id).toMatchObject({
        status: 403,
        body: { ok: false, error: { code: 'insufficient_permissions', missing: [endpoint.permission] } },
      });
    }
  });

  it('reads the Authorization header as a Bearer token, scheme in any case, and nothing else', async () => {
    const { mock } = startMock();
    const status = async (authorization: string) =>
      (await mock.handle(new Request(`${mock.baseUrl}/tags`, { headers: { authorization } }))).status;
    // Alternating forms, so that each is read afresh after another.
    const forms: [string, number][] = [
      ['Bearer key_a_admin', 200],
      ['bearer key_a_admin', 200],
      ['Basic key_a_admin', 401],
      ['BEARER   key_a_admin  ', 200],
      ['Bearer', 401],
      ['Bearer key_a_admin extra', 401],
      ['Bearer key_a_admin', 200],
      ['key_a_admin', 401],
    ];
    for (const [authorization, expected] of [...forms, ...forms])
      expect(await status(authorization), authorization).toBe(expected);
  });

  it('grants nested permissions: contact.update covers tag changes', async () => {
    const { mock, call } = startMock();
    mock.seed({ api_keys: [{ key: 'key_update', org_id: 'org_a', permissions: ['contact.update'] }] });
    const res = await call('PUT', '/contacts/27821234567/tag/add', {
      key: 'key_update',
      body: { tag_ids: ['tag_new'] },
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/contacts/27821234567', { key: 'key_update' })).status).toBe(403);
  });

  it('keeps organisations apart', async () => {
    const { call } = startMock();
    const b = (method: string, path: string, body?: unknown) =>
      call(method, path, { key: 'key_b_admin', body });
    expect((await b('GET', '/contacts/27821234567')).status).toBe(404);
    expect((await b('DELETE', '/contacts/27821234567')).status).toBe(404);
    expect((await b('GET', '/tags/tag_vip')).status).toBe(404);
    expect((await b('GET', '/campaigns/cmp_1')).status).toBe(404);
    expect((await b('POST', '/contacts/27821234567/optOut', { all: true })).body.data).toEqual({
      matchedCount: 0,
      modifiedCount: 0,
    });
    const search = await b('POST', '/contacts/search', { find: { tag_ids: { $in: ['tag_vip'] } } });
    expect((search.body.data as { contacts: unknown[] }).contacts).toEqual([]);
    expect((await call('GET', '/contacts/27821234567', { key: 'key_a_admin' })).body.data).toMatchObject({
      deduped_campaign_ids: [],
    });
  });
});

describe('the request pipeline', () => {
  it('answers 404 for an unknown route and 405 for a known path with another method', async () => {
    const { admin } = startMock();
    expect(await admin('GET', '/nowhere')).toMatchObject({
      status: 404,
      body: { ok: false, error: 'Not found' },
    });
    const res = await admin('PATCH', '/tags');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 405 with Allow for a static path called with another method, before reading it as a cell', async () => {
    const { admin } = startMock();
    const res = await admin('GET', '/contacts/search');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body).toEqual({ ok: false, error: 'Method GET is not allowed on /contacts/search' });
  });

  it('answers 400 for a body that is not JSON, changing nothing', async () => {
    const { call, mock } = startMock();
    const before = mock.state();
    const res = await call('POST', '/contacts/update', { key: 'key_a_admin', rawBody: '{"find":' });
    expect(res).toMatchObject({ status: 400, body: { ok: false, error: 'Request body is not valid JSON' } });
    expect(mock.state()).toEqual(before);
  });

  it('answers 413 for a body over the size limit', async () => {
    const { admin } = startMock({ maxBodyBytes: 100 });
    expect(
      (await admin('POST', '/contacts', { body: { contacts: [{ cell: 'x'.repeat(200) }] } })).status,
    ).toBe(413);
  });

  it('serves the OpenAPI document, versioned as the mock is', async () => {
    const { call } = startMock();
    const res = (await call('GET', '/openapi.json')) as unknown as {
      status: number;
      body: { openapi: string; info: { version: string } };
    };
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe(VERSION);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('names the address the request came to as the document’s server, or the public URL when given', async () => {
    const mock = createMockService({ baseUrl: 'http://0.0.0.0:4010' });
    const served = await mock.handle(
      new Request('http://0.0.0.0:4010/openapi.json', { headers: { host: 'localhost:4010' } }),
    );
    expect((await served.json()).servers).toEqual([
      { url: 'http://localhost:4010', description: 'The service.' },
    ]);
    const proxied = createMockService({
      baseUrl: 'http://0.0.0.0:4010',
      publicUrl: 'https://mock.example.com/',
    });
    const document = await (await proxied.handle(new Request('http://0.0.0.0:4010/openapi.json'))).json();
    expect(document.servers).toEqual([{ url: 'https://mock.example.com', description: 'The service.' }]);
    expect(proxied.openApiDocument().servers[0]?.url).toBe('https://mock.example.com');
  });

  it('journals each request with its organisation', async () => {
    const { admin, call, mock } = startMock();
    await admin('GET', '/tags');
    await call('GET', '/tags');
    expect(mock.requests().map((r) => [r.method, r.path, r.status, r.org_id])).toEqual([
      ['GET', '/tags', 200, 'org_a'],
      ['GET', '/tags', 401, undefined],
    ]);
  });

  it('keeps the latest requests up to its limit, each with the time it was answered', async () => {
    const { admin, mock } = startMock({ requestJournalLimit: 3, now: '2026-11-22T10:00:00Z' });
    for (let i = 0; i < 8; i++) {
      await admin('GET', i % 2 === 0 ? '/tags' : '/campaigns');
      mock.clock.advance('1s');
    }
    expect(mock.requests().map((r) => [r.path, r.at])).toEqual([
      ['/campaigns', '2026-11-22T10:00:05.000Z'],
      ['/tags', '2026-11-22T10:00:06.000Z'],
      ['/campaigns', '2026-11-22T10:00:07.000Z'],
    ]);
    expect(mock.requests({ limit: 1 }).map((r) => r.path)).toEqual(['/campaigns']);
    expect(mock.requests({ limit: 10 })).toHaveLength(3);
    expect(mock.requests({ limit: 0 })).toEqual([]);
  });

  it('shares the organisation budget of 50 units a minute across endpoints', async () => {
    const { admin, mock } = startMock({ rateLimit: {}, now: '2026-11-22T10:00:00Z' });
    for (let i = 0; i < 50; i++) expect((await admin('GET', '/tags')).status).toBe(200);
    expect((await admin('GET', '/campaigns')).status).toBe(429);
    mock.clock.advance('60s');
    expect((await admin('GET', '/campaigns')).status).toBe(200);
  });

  it('charges uploads rate-limit units per started 1,000 contacts', async () => {
    const { admin } = startMock({ rateLimit: { perMinute: 9 }, now: '2026-11-22T10:00:00Z' });
    const contacts = Array.from({ length: 1001 }, (_, i) => ({ cell: `2783${String(i).padStart(7, '0')}` }));
    expect((await admin('PUT', '/contacts', { body: { contacts } })).status).toBe(429);
    expect((await admin('POST', '/contacts', { body: { contacts } })).status).toBe(200);
  });
});
