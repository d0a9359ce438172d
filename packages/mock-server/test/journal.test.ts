import { describe, expect, it } from 'vitest';
import { JOURNAL_BODY_LIMIT, RequestFilterError } from '../src/index.js';
import { useMockServer } from './support/mock-world.js';

const startMock = useMockServer();

describe('the request journal', () => {
  it('records the request and the answer of a refusal, under the x-request-id it answered', async () => {
    const { call, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    const res = await call('POST', '/compliance/send', {
      key: 'key_a_supplier',
      query: { campaignId: 'cmp_1' },
      body: { cells: ['27821234567'], country: 'ZA' },
    });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^req_/);
    const [entry] = mock.requests();
    expect(entry).toMatchObject({
      id,
      at: '2026-11-22T08:00:00.000Z',
      method: 'POST',
      path: '/compliance/send',
      query: { campaignId: 'cmp_1' },
      body: { cells: ['27821234567'], country: 'ZA' },
      status: 400,
      response: { ok: false, error: 'campaignId: Unknown query parameter' },
      error: 'campaignId: Unknown query parameter',
      org_id: 'org_a',
    });
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('redacts the API key to its scheme and last 4 characters', async () => {
    const { admin, mock } = startMock();
    await admin('GET', '/tags');
    expect(mock.requests()[0]?.headers.authorization).toBe('Bearer …dmin');
    expect(JSON.stringify(mock.requests())).not.toContain('key_a_admin');
  });

  it('shows the headers of a fetch Request, of fetch init, and none of a call made by hand', async () => {
    const { mock } = startMock();
    const url = `${mock.baseUrl}/tags`;
    await mock.fetch(new Request(url, { headers: { Authorization: 'Bearer key_a_admin', 'X-Trace': 'r1' } }));
    await mock.fetch(url, { headers: { Authorization: 'Bearer key_a_admin', 'X-Trace': 'i2' } });
    const byHand = await mock.respond({
      method: 'GET',
      url,
      headers: { get: () => null, has: () => false },
      text: async () => '',
    });
    expect(byHand.status).toBe(401);
    expect(mock.requests().map((entry) => entry.headers)).toEqual([
      { authorization: 'Bearer …dmin', 'x-trace': 'r1' },
      { authorization: 'Bearer …dmin', 'x-trace': 'i2' },
      {},
    ]);
  });

  it('shows the answer as it was sent, even after the records change', async () => {
    const { admin, mock } = startMock();
    await admin('GET', '/contacts/27821234567');
    await admin('PUT', '/contacts/27821234567/tag/add', { body: { tag_ids: ['tag_new'] } });
    const [get] = mock.requests({ method: 'GET' });
    expect((get!.response as { data: { tag_ids: string[] } }).data.tag_ids).toEqual(['tag_vip']);
  });

  it('cuts bodies at 64 kB, keeping the raw text', async () => {
    const { admin, mock } = startMock({ billing: false });
    const cells = Array.from({ length: 8000 }, (_, i) => `2782${String(i).padStart(7, '0')}`);
    await admin('POST', '/compliance/send', { body: { cells, country: 'ZA' } });
    const [entry] = mock.requests();
    expect(entry?.body_truncated).toBe(true);
    expect((entry!.body as string).length).toBe(JOURNAL_BODY_LIMIT);
    expect(entry?.response_truncated).toBe(true);
  });

  it('filters by method, path pattern, status, org and time, and counts', async () => {
    const { admin, call, mock } = startMock({ now: '2026-11-22T08:00:00Z' });
    await admin('GET', '/contacts/27821234567');
    mock.clock.advance('1m');
    await admin('GET', '/contacts/27829999999');
    await call('GET', '/tags', { key: 'key_b_admin' });
    await admin('DELETE', '/contacts/27821234568');
    expect(mock.requests({ path: '/contacts/:cell' }).map((r) => [r.method, r.status])).toEqual([
      ['GET', 200],
      ['GET', 404],
      ['DELETE', 200],
    ]);
    expect(mock.requestCount({ method: 'GET', path: '/contacts/:cell', status: 404 })).toBe(1);
    expect(mock.requestCount({ org: 'org_b' })).toBe(1);
    expect(mock.requestCount({ since: '2026-11-22T08:01:00Z' })).toBe(3);
    expect(mock.requests({ limit: 1 }).map((r) => r.method)).toEqual(['DELETE']);
    expect(() => mock.requests({ colour: 'red' } as never)).toThrow(RequestFilterError);
  });

  it('serves filters, counts and emptying over HTTP, refusing unknown filters by name', async () => {
    const { admin, call } = startMock();
    await admin('GET', '/tags');
    await admin('GET', '/tags/nope');
    const found = await call('GET', '/__mock/requests', { query: { path: '/tags/:tag_id', status: '404' } });
    expect(found.body.data).toMatchObject([{ path: '/tags/nope', status: 404 }]);
    expect((await call('GET', '/__mock/requests/count', { query: { method: 'GET' } })).body).toEqual({
      ok: true,
      data: { count: 2, dropped: 0 },
    });
    expect(await call('GET', '/__mock/requests', { query: { colour: 'red' } })).toMatchObject({
      status: 400,
      body: {
        error: 'colour: Unknown filter; use method, path, status, failed, org, since, after, id, limit',
      },
    });
    expect((await call('GET', '/__mock/requests/count', { query: { since: 'yesterday' } })).status).toBe(400);
    // Date.parse takes these too; nobody means them as an instant.
    for (const since of ['-1', '1', 'May 1', '2026-02-31T00:00:00Z', '2026-11-27T04:00:00', '2026-13-01'])
      expect((await call('GET', '/__mock/requests', { query: { since } })).body.error).toBe(
        `since: Expected an ISO 8601 instant such as 2026-11-01T09:00:00Z, got ${JSON.stringify(since)}`,
      );
    expect((await call('GET', '/__mock/requests', { query: { since: '2026-11-22' } })).status).toBe(200);
    expect((await call('DELETE', '/__mock/requests')).status).toBe(200);
    expect((await call('GET', '/__mock/requests/count')).body.data).toEqual({ count: 0, dropped: 0 });
  });

  it('does not journal the control plane', async () => {
    const { call, mock } = startMock();
    await call('GET', '/__mock/outbox');
    expect(mock.requests()).toEqual([]);
  });
});

describe('the control plane index and health', () => {
  it('lists every control route with a line of what it does', async () => {
    const { call } = startMock();
    const index = await call<{ method: string; path: string; description: string }[]>('GET', '/__mock/');
    expect(index.status).toBe(200);
    const routes = index.body.data!.map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /__mock/health',
        'POST /__mock/reset',
        'POST /__mock/faults',
        'GET /__mock/requests/count',
      ]),
    );
    for (const route of index.body.data!) expect(route.description.length).toBeGreaterThan(10);
  });

  it('answers health with the version and uptime', async () => {
    const { call } = startMock();
    expect((await call('GET', '/__mock/health')).body).toEqual({
      ok: true,
      data: { status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), uptime_s: expect.any(Number) },
    });
  });
});

describe('contact look-ups for the dashboard', () => {
  it('finds contacts by cell or tag, in one organisation or all, with their tags and opt-outs', async () => {
    const { call, mock } = startMock();
    const byCell = await call<{ org_id: string; cell: string }[]>('GET', '/__mock/contacts', {
      query: { cell: '0821234567' },
    });
    expect(byCell.body.data).toEqual([]);
    expect(mock.findContacts({ cell: '27821234567' })).toMatchObject([
      { org_id: 'org_a', firstname: 'Thandi' },
    ]);
    const tagged = await call<{ cell: string }[]>('GET', '/__mock/contacts', {
      query: { tag: 'tag_new', org: 'org_a' },
    });
    expect(tagged.body.data?.map((c) => c.cell)).toEqual(['27821234568']);
    expect(mock.findContacts({ limit: 2 })).toHaveLength(2);
    expect((await call('GET', '/__mock/contacts', { query: { limit: 'many' } })).status).toBe(400);
  });
});
