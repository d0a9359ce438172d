import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, type RequestLogEntry, type SeedDocument } from '../src/index.js';
import { testSeed, useMockServer } from './support/mock-world.js';

const startMock = useMockServer();

type Page = { ok: true; data: RequestLogEntry[]; dropped: number; emptied: number };

describe('the request journal, round three', () => {
  it('journals the answer’s headers: a fault’s retry-after, a 405’s Allow, the request ID', async () => {
    const { admin, mock } = startMock();
    mock.faults.add({ path: '/tags', status: 503, headers: { 'retry-after': '7' } });
    const faulted = await admin('GET', '/tags');
    await admin('GET', '/contacts/search');
    const [first, second] = mock.requests();
    expect(first?.response_headers).toMatchObject({
      'retry-after': '7',
      'x-request-id': faulted.headers.get('x-request-id'),
      'content-type': 'application/json; charset=utf-8',
    });
    expect(second?.status).toBe(405);
    expect(second?.response_headers.allow).toMatch(/POST/);
  });

  it('answers one entry whole by its ID, and a 404 naming an ID it does not hold', async () => {
    const { admin, call } = startMock({ billing: false });
    const cells = Array.from({ length: 500 }, (_, i) => `2782${String(i).padStart(7, '0')}`);
    const sent = await admin('POST', '/compliance/send', { body: { cells, country: 'ZA' } });
    const id = sent.headers.get('x-request-id')!;
    const page = (await call('GET', '/__mock/requests')).body as Page;
    expect(page.data[0]).toMatchObject({ id, truncated: true });
    expect((page.data[0]!.body as string).length).toBe(4096);
    const whole = await call<RequestLogEntry>('GET', `/__mock/requests/${id}`);
    expect(whole.body.data?.body).toEqual({ cells, country: 'ZA' });
    expect(whole.body.data?.truncated).toBeUndefined();
    expect(await call('GET', '/__mock/requests/req_000000000000000000000001')).toMatchObject({
      status: 404,
      body: { error: expect.stringContaining('No request req_000000000000000000000001 in the journal') },
    });
  });

  it('filters by ID, by entries after an ID, by status class and by failures', async () => {
    const { admin, call, mock } = startMock();
    mock.faults.add({ path: '/tags', drop: true });
    await admin('GET', '/tags').catch(() => undefined);
    const ok = await admin('GET', '/tags');
    await admin('GET', '/tags/nope');
    mock.faults.add({ path: '/tags', status: 503 });
    await admin('GET', '/tags');
    const statuses = (query: Record<string, string>) =>
      call('GET', '/__mock/requests', { query }).then((r) => (r.body as Page).data.map((e) => e.status));
    expect(await statuses({})).toEqual([0, 200, 404, 503]);
    expect(await statuses({ status: '4xx' })).toEqual([404]);
    expect(await statuses({ status: '5xx' })).toEqual([503]);
    expect(await statuses({ failed: 'true' })).toEqual([0, 404, 503]);
    expect(await statuses({ failed: 'false' })).toEqual([200]);
    expect(await statuses({ after: ok.headers.get('x-request-id')! })).toEqual([404, 503]);
    expect(await statuses({ id: ok.headers.get('x-request-id')! })).toEqual([200]);
    expect(mock.requestCount({ status: '4xx' })).toBe(1);
    for (const [query, error] of [
      [{ status: '4x' }, 'status: Expected a status code (404) or a class (4xx, 5xx)'],
      [{ failed: 'yes' }, 'failed: Expected true or false'],
      [{ after: 'nope' }, 'after: Expected a request ID (req_ and 24 hex digits)'],
      [{ limit: '1001' }, 'limit: At most 1000; page with after=<id>'],
    ] as const)
      expect(await call('GET', '/__mock/requests', { query })).toMatchObject({
        status: 400,
        body: { error },
      });
  });

  it('refuses a filter given twice instead of taking the first', async () => {
    const { call } = startMock();
    const url = `${'https://api.marketing.test'}/__mock/requests?status=200&status=404`;
    const res = await fetch(url);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('status: Given more than once; give it once');
    expect((await call('GET', '/__mock/requests/count', { query: {} })).status).toBe(200);
  });

  it('lists the newest 100 by default, and says how many the bound dropped until emptied', async () => {
    const { admin, call } = startMock({ requestJournalLimit: 150 });
    for (let n = 0; n < 160; n++) await admin('GET', '/tags');
    const page = (await call('GET', '/__mock/requests')).body as Page;
    expect(page.data).toHaveLength(100);
    expect(page.dropped).toBe(10);
    expect((await call('GET', '/__mock/requests/count')).body.data).toEqual({ count: 150, dropped: 10 });
    await call('DELETE', '/__mock/requests');
    expect(((await call('GET', '/__mock/requests')).body as Page).dropped).toBe(0);
  });

  it('counts how many times the journal was emptied, so a poller with `after` sees a reset', async () => {
    const { admin, call, mock } = startMock();
    await admin('GET', '/tags');
    const before = (await call('GET', '/__mock/requests')).body as Page;
    expect(before.emptied).toBe(0);
    const newest = before.data.at(-1)!.id;
    await call('DELETE', '/__mock/requests');
    await call('POST', '/__mock/reset', {});
    const after = (await call('GET', '/__mock/requests', { query: { after: newest } })).body as Page;
    expect(after.emptied).toBe(2);
    expect(mock.requestPage().emptied).toBe(2);
  });

  it('journals and lists a body nested 5,000 deep, shown as its text', async () => {
    const { call, mock } = startMock();
    const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const sent = await call('PUT', '/contacts/27821234567/tag/add', { key: 'key_a_admin', rawBody: nested });
    expect(sent.status).toBe(400);
    const listed = await call('GET', '/__mock/requests');
    expect(listed.status).toBe(200);
    const whole = await call<RequestLogEntry>('GET', `/__mock/requests/${sent.headers.get('x-request-id')}`);
    expect(whole.status).toBe(200);
    expect(whole.body.data?.body).toBe(nested);
    expect(mock.requests()[0]?.body).toBe(nested);
  });

  it('redacts a postback key in the query, and keeps a parameter named toString as a parameter', async () => {
    const { call, mock } = startMock();
    await call('GET', '/tags', { query: { key: 'key_a_secret_postback', toString: 'x' } });
    const [entry] = mock.requests();
    expect(entry?.query).toEqual({ key: '…back', toString: 'x' });
    expect(JSON.stringify(mock.requests())).not.toContain('secret_postback');
    expect(JSON.stringify(mock.requestsHar())).not.toContain('secret_postback');
  });

  it('keeps a repeated query parameter as the list of its values, in order', async () => {
    const { mock } = startMock();
    await mock.fetch(`${mock.baseUrl}/tags?a=1&a=2&b=3`);
    expect(mock.requests()[0]?.query).toEqual({ a: ['1', '2'], b: '3' });
  });

  it('exports the journal as HAR 1.2, a dropped connection marked as such', async () => {
    const { admin, call, mock } = startMock();
    await admin('PUT', '/contacts/27821234567/tag/add', { body: { tag_ids: ['tag_new'] } });
    mock.faults.add({ path: '/tags', drop: true });
    await admin('GET', '/tags').catch(() => undefined);
    const res = await fetch(`${mock.baseUrl}/__mock/requests.har`);
    expect(res.headers.get('content-disposition')).toContain('requests.har');
    const har = await res.json();
    expect(har.log).toMatchObject({ version: '1.2', creator: { name: 'marketing-mock' } });
    const [post, dropped] = har.log.entries;
    expect(post.request).toMatchObject({
      method: 'PUT',
      url: `${mock.baseUrl}/contacts/27821234567/tag/add`,
      postData: { text: '{"tag_ids":["tag_new"]}' },
      headers: expect.arrayContaining([{ name: 'authorization', value: 'Bearer …dmin' }]),
    });
    expect(post.response.headers).toContainEqual({ name: 'x-request-id', value: post._request_id });
    expect(JSON.parse(post.response.content.text)).toMatchObject({ ok: true });
    expect(dropped.response).toMatchObject({ status: 0, _error: expect.stringContaining('dropped') });
    expect((await call('GET', '/__mock/requests.har', { query: { status: '2xx' } })).body).toMatchObject({
      log: { entries: [{ response: { status: 200 } }] },
    });
  });

  it('answers the HAR text JSON.stringify gives of mock.requestsHar(), made a few entries at a time', async () => {
    const { admin, mock } = startMock();
    // Bodies over 64 kB are cut, which the log's comment says; 120 entries take three batches.
    await admin('POST', '/contacts/search', { body: { find: { cell: ['x'.repeat(70_000)] } } });
    for (let i = 0; i < 120; i++) await admin('GET', `/contacts/2782123456${i % 10}`);
    const text = await (await fetch(`${mock.baseUrl}/__mock/requests.har`)).text();
    expect(text).toBe(JSON.stringify(mock.requestsHar()));
    expect(JSON.parse(text).log.comment).toContain('cut');
    expect((await mock.requestsHarJson({ status: '2xx' })).join('')).toBe(
      JSON.stringify(mock.requestsHar({ status: '2xx' })),
    );
    const ticks: number[] = [];
    const ticker = setInterval(() => ticks.push(1), 0);
    await mock.requestsHarJson();
    clearInterval(ticker);
    expect(ticks.length).toBeGreaterThan(0);
  });

  it('makes the listed page in pieces of about 64 kB that join to the page’s text', async () => {
    const { admin, mock } = startMock({ billing: false });
    const cells = Array.from({ length: 2_000 }, (_, i) => `2782${String(i).padStart(7, '0')}`);
    for (let i = 0; i < 40; i++) await admin('POST', '/compliance/send', { body: { cells, country: 'ZA' } });
    const pieces = await mock.requestPagePieces({ limit: 1000 });
    expect(pieces.join('')).toBe(await mock.requestPageJson({ limit: 1000 }));
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThan(64 * 1024 + 20_000);
    const listed = await (await fetch(`${mock.baseUrl}/__mock/requests?limit=1000`)).json();
    expect(listed).toEqual(JSON.parse(pieces.join('')));
  });

  it('makes exports one at a time, and refuses one past eight waiting 503 with retry-after', async () => {
    const { admin, call } = startMock();
    for (let i = 0; i < 50; i++) await admin('GET', `/contacts/2782123456${i % 10}`);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('GET', i % 2 ? '/__mock/requests.har' : '/__mock/state')),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(3);
    expect(busy[0]!.headers.get('retry-after')).toBe('1');
    expect(busy[0]!.body).toEqual({
      ok: false,
      error: 'The mock is busy: 8 exports are waiting their turn; try again shortly',
    });
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(12 - busy.length);
    expect((await call('GET', '/__mock/requests.har')).status).toBe(200);
  });

  it('makes journal pages of more than 100 entries one at a time, refusing past 64 waiting; small pages never wait', async () => {
    const { admin, call } = startMock();
    for (let i = 0; i < 150; i++) await admin('GET', `/contacts/2782123456${i % 10}`);
    const [newest] = ((await call('GET', '/__mock/requests?limit=1')).body as { data: { id: string }[] })
      .data;
    const large = Array.from({ length: 80 }, () => call('GET', '/__mock/requests?limit=1000'));
    // Asked while 64 large pages wait: the default page, and a dashboard's poll for what is new.
    const small = [
      call('GET', '/__mock/requests'),
      call('GET', `/__mock/requests?limit=1000&after=${newest!.id}`),
    ];
    const answers = await Promise.all(large);
    const busy = answers.filter((answer) => answer.status === 503);
    // 64 wait; the first is made at once, or counted as waiting until its turn starts.
    expect(busy.length).toBeGreaterThanOrEqual(80 - 1 - 64);
    expect(busy.length).toBeLessThanOrEqual(80 - 64);
    expect(busy[0]!.headers.get('retry-after')).toBe('1');
    expect(busy[0]!.body).toEqual({
      ok: false,
      error: 'The mock is busy: 64 large journal pages are waiting their turn; try again shortly',
    });
    for (const answer of answers.filter((a) => a.status === 200))
      expect((answer.body as { data: unknown[] }).data.length).toBeGreaterThan(100);
    expect((await Promise.all(small)).map((answer) => answer.status)).toEqual([200, 200]);
  });
});

describe('the outbox filters', () => {
  it('refuses an unknown channel, a bad instant, an unknown or repeated filter, by name', async () => {
    const { call } = startMock();
    for (const [query, error] of [
      ['channel=fax', 'channel: Expected sms or email'],
      ['since=bad', 'since: '],
      ['colour=red', 'colour: Unknown filter'],
      ['cell=1&cell=2', 'cell: '],
    ])
      expect(await (await fetch(`https://api.marketing.test/__mock/outbox?${query}`)).json()).toEqual({
        ok: false,
        error: expect.stringContaining(error!),
      });
    expect((await call('GET', '/__mock/outbox', { query: { channel: 'sms' } })).status).toBe(200);
  });
});

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function hookSeed(url: string): SeedDocument {
  const seed = testSeed();
  seed.hooks = [{ _id: 'h', org_id: 'org_a', type: 'webhook', url, body: '{"cell":"{{contact.cell}}"}' }];
  seed.campaigns = [{ _id: 'cmp_h', org_id: 'org_a', hook_ids: ['h'] }];
  seed.sends = [{ _id: 's1', org_id: 'org_a', campaign_id: 'cmp_h', cell: '27821234567' }];
  return seed;
}

describe('webhook delivery detail and redelivery', () => {
  it('names the cause of a refused connection, with the body and headers that were sent', async () => {
    const closed = await listen(createServer());
    servers.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mock = createMockService({ seed: hookSeed(`${closed}/in`), webhooks: { retries: 0 } });
    await mock.replies.receive({ from: '27821234567', message: 'hi', send_id: 's1' });
    const [first] = mock.webhookDeliveries();
    const detail = await (await mock.fetch(`${mock.baseUrl}/__mock/webhooks/${first!.delivery_id}`)).json();
    expect(detail.data).toMatchObject({
      outcome: 'connection_error',
      error: expect.stringMatching(/^fetch failed: .*ECONNREFUSED/),
      body: '{"cell":"27821234567"}',
      headers: expect.objectContaining({ 'x-marketing-mock-webhook': '1' }),
    });
  });

  it('redelivers as it was sent: a new attempt with the same body and idempotency key', async () => {
    const seen: { key: string | undefined; body: string }[] = [];
    const receiver = await listen(
      createServer((req, res) => {
        let body = '';
        req.on('data', (d) => {
          body += d;
        });
        req.on('end', () => {
          seen.push({ key: req.headers['service-idemptotency-key'] as string | undefined, body });
          res.writeHead(seen.length === 1 ? 500 : 200).end('ok');
        });
      }),
    );
    const mock = createMockService({ seed: hookSeed(`${receiver}/in`) });
    await mock.replies.receive({ from: '27821234567', message: 'hi', send_id: 's1' });
    const id = mock.webhookDeliveries()[0]!.delivery_id;
    const again = await mock.fetch(`${mock.baseUrl}/__mock/webhooks/${id}/redeliver`, { method: 'POST' });
    expect((await again.json()).data).toMatchObject({ delivery_id: id, attempt: 2, outcome: 'delivered' });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]?.key).toBe(id);
    expect(mock.webhookDelivery(id)).toMatchObject({
      outcome: 'delivered',
      status: 200,
      attempts: [{ attempt: 1, outcome: 'http_error', status: 500 }, { attempt: 2 }],
    });
  });

  it('numbers redeliveries sent together one after another', async () => {
    const receiver = await listen(
      createServer((_req, res) => {
        // Answered late, so that all the redeliveries are out together.
        setTimeout(() => res.writeHead(200).end('ok'), 100);
      }),
    );
    const mock = createMockService({ seed: hookSeed(`${receiver}/in`) });
    await mock.replies.receive({ from: '27821234567', message: 'hi', send_id: 's1' });
    const id = mock.webhookDeliveries()[0]!.delivery_id;
    const sent = await Promise.all([1, 2, 3].map(() => mock.redeliverWebhook(id)));
    expect(sent.map((a) => a.attempt)).toEqual([2, 3, 4]);
    expect(
      mock
        .webhookDelivery(id)!
        .attempts.map((a) => a.attempt)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect((await mock.redeliverWebhook(id)).attempt).toBe(5);
  });

  it('answers 404 for an unknown delivery and 409 for one that was never sent', async () => {
    const seed = hookSeed('http://127.0.0.1:9/in');
    seed.orgs = seed.orgs!.map((o) => (o._id === 'org_a' ? { ...o, credits: 0 } : o));
    const mock = createMockService({ seed });
    await mock.replies.receive({ from: '27821234567', message: 'hi', send_id: 's1' });
    const [skipped] = mock.webhookDeliveries();
    const post = (id: string) =>
      mock.fetch(`${mock.baseUrl}/__mock/webhooks/${id}/redeliver`, { method: 'POST' });
    expect((await post('dlv_nope')).status).toBe(404);
    expect((await mock.fetch(`${mock.baseUrl}/__mock/webhooks/dlv_nope`)).status).toBe(404);
    const refused = await post(skipped!.delivery_id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toContain('never sent (skipped_insufficient_balance)');
  });
});
