import { createMockService, type RequestLogEntry } from '@marketing/mock-server';
import { mswHandlers } from '@marketing/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSeed } from '../../mock-server/test/support/mock-world.js';
import { Client, type ClientOptions, ConnectionError, TimeoutError, UserAbortError } from '../src/index.js';

// The SDK calls mock.fetch directly (no ky, no Request); these tests hold that path to the ky path.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function start(transport: 'msw' | 'mock.fetch', options: Partial<ClientOptions> = {}) {
  const mock = createMockService({ seed: testSeed(), rateLimit: false, now: '2026-11-22T08:00:00Z' });
  server.resetHandlers(...(transport === 'msw' ? mswHandlers(mock) : []));
  const client = new Client({
    apiKey: 'key_a_admin',
    baseUrl: mock.baseUrl,
    headers: { 'X-Team': 'growth' },
    maxRetries: 0,
    ...(transport === 'mock.fetch' ? { fetch: mock.fetch } : {}),
    ...options,
  });
  return { mock, client };
}

// What the mock saw of a request, without what differs by run (IDs, times).
const seen = ({ method, path, query, headers, body, status, response }: RequestLogEntry) => ({
  method,
  path,
  query,
  headers,
  body,
  status,
  response,
});

async function callsThrough(transport: 'msw' | 'mock.fetch') {
  const { mock, client } = start(transport);
  const results = [
    await client.tags.list(),
    await client.contacts.get('+27 82 123 4567'),
    await client.contacts.search({ find: { tag_ids: { $in: ['tag_vip'] } }, projection: { cell: 1 } }),
    await client.compliance
      .checkSend({ cells: ['27821234567'], country: 'ZA' }, { campaign_id: 'cmp_1' })
      .catch((error: unknown) => (error as Error).message),
    await client.tags.list({ headers: { 'x-call': 'one' } }),
  ];
  return { results, seen: mock.requests().map(seen) };
}

describe('the in-process path through mock.fetch', () => {
  it('sends exactly what the ky path sends, and answers the same', async () => {
    const viaMsw = await callsThrough('msw');
    const viaFetch = await callsThrough('mock.fetch');
    expect(viaFetch).toEqual(viaMsw);
    expect(viaFetch.seen[2]?.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-team': 'growth',
    });
    expect(viaFetch.seen[3]?.query).toEqual({ campaign_id: 'cmp_1' });
  });

  it('times an attempt out without waiting for the mock’s answer', async () => {
    const { mock, client } = start('mock.fetch', { timeout: 50 });
    mock.faults.add({ path: '/tags', delay_ms: 2_000 });
    const started = Date.now();
    const error = await client.tags.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/timed out after 50 ms \(1 attempt\)/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('stops at once when the caller aborts', async () => {
    const { mock, client } = start('mock.fetch');
    mock.faults.add({ path: '/tags', delay_ms: 2_000 });
    const controller = new AbortController();
    const result = client.tags.list({ signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 10);
    expect(await result).toBeInstanceOf(UserAbortError);
  });

  it('goes through ky when hooks are set, so they see the Request and the Response', async () => {
    const urls: string[] = [];
    const { client, mock } = start('mock.fetch', {
      hooks: {
        beforeRequest: (request) => {
          urls.push(request.url);
          return undefined;
        },
        afterResponse: (_request, response) => {
          urls.push(`answered ${response.status}`);
        },
      },
    });
    await client.tags.list();
    expect(urls).toEqual([`${mock.baseUrl}/tags`, 'answered 200']);
  });

  it('refuses an answer past maxResponseBytes as the ky path does, counting bytes, not characters', async () => {
    for (const transport of ['msw', 'mock.fetch'] as const) {
      const { client } = start(transport, { maxResponseBytes: 100 });
      const error = await client.tags.list().catch((e: unknown) => e);
      expect(error, transport).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toContain('larger than 100 bytes (maxResponseBytes)');
    }
    // 'é' is one character and two bytes: the answer is under 300 characters, over 300 bytes.
    const { client, mock } = start('mock.fetch', { maxResponseBytes: 300 });
    mock.seed({ tags: [{ tag_id: 'tag_e', org_id: 'org_a', name: 'é'.repeat(140) }] });
    expect(await client.tags.get('tag_vip')).toMatchObject({ tag_id: 'tag_vip' });
    expect(await client.tags.get('tag_e').catch((e: unknown) => e)).toBeInstanceOf(ConnectionError);
  });
});
