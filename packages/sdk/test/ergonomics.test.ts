import { createServer } from 'node:net';
import { routes } from '@marketing/domain/routes';
import { createMockService } from '@marketing/mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSeed } from '../../mock-server/test/support/mock-world.js';
import {
  BadRequestError,
  Client,
  type ClientOptions,
  ConnectionError,
  RateLimitError,
  UserAbortError,
} from '../src/index.js';

function start(options: Partial<ClientOptions> = {}) {
  const mock = createMockService({ seed: testSeed(), rateLimit: false });
  const client = new Client({ apiKey: 'key_a_admin', baseUrl: mock.baseUrl, fetch: mock.fetch, ...options });
  return { mock, client };
}
// A port nothing listens on: opened, then closed.
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
const recorder = () => {
  const lines: [string, string][] = [];
  const at = (level: string) => (message: string) => lines.push([level, message]);
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('withResponse and asResponse', () => {
  it('answer the data with the raw response and the request ID the mock journaled', async () => {
    const { mock, client } = start();
    const { data, response, requestId } = await client.tags.get('tag_vip').withResponse();
    expect(data).toEqual({ tag_id: 'tag_vip', name: 'VIP' });
    expect(response.status).toBe(200);
    expect(requestId).toMatch(/^req_/);
    expect(mock.requests()[0]?.id).toBe(requestId);
    const raw = await client.contacts.get('27821234567').asResponse();
    expect(raw.headers.get('content-type')).toContain('application/json');
  });

  it('reject the same way as awaiting the call', async () => {
    const { client } = start();
    await expect(client.tags.get('nope').withResponse()).rejects.toMatchObject({ status: 404 });
    await expect(client.tags.get('nope').asResponse()).rejects.toMatchObject({ status: 404 });
  });

  it('work on requester.request for any route', async () => {
    const { client } = start();
    const contact = await client.requester.request(routes.contacts.get, { params: { cell: '27821234567' } });
    expect(contact.firstname).toBe('Thandi');
  });
});

describe('errors that say what happened', () => {
  it('name the method, the URL, the request ID and the hint of a refusal', async () => {
    const { client, mock } = start();
    const error = await client.contacts.get('12ab').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    const refusal = error as BadRequestError;
    expect(refusal.requestId).toBe(mock.requests()[0]?.id);
    expect(refusal.hint).toContain('27821234567');
    expect(refusal.message).toMatch(
      /^GET https:\/\/api\.marketing\.test\/contacts\/12ab failed with 400: Invalid cell number \(.+\) \[request req_\w+\]$/,
    );
  });

  it('name the attempts and the cause’s code of a connection failure', async () => {
    const port = await closedPort();
    const client = new Client({ apiKey: 'k', baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const error = await client.tags.list().catch((e: unknown) => e);
    vi.restoreAllMocks();
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(
      `GET http://127.0.0.1:${port}/tags failed after 2 attempts: ECONNREFUSED`,
    );
    expect(error).toMatchObject({ systemCode: 'ECONNREFUSED', attempts: 2 });
  });
});

describe('a fetch of your own that never reads the body (a test double)', () => {
  const search = { find: { cell: ['27821234567'] } };
  // Each call races a second: pending, it was pending for ever, whatever its timeout.
  const settled = (call: Promise<unknown>) =>
    Promise.race([
      call.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      new Promise((resolve) => setTimeout(() => resolve('still pending'), 1_000)),
    ]);

  it('rejects a call with a body with ConnectionError when it fails', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const client = new Client({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1', fetch: failing, maxRetries: 0 });
    for (const call of [
      client.contacts.search(search),
      client.send.sms({
        content: 'Hi',
        cell: '27821234567',
        skipNonContacts: true,
        country: 'ZA',
        deliveryMethod: 'standard',
      }),
    ])
      expect(await settled(call)).toMatchObject({ error: expect.any(ConnectionError) });
  });

  it('stops a call at once when aborted, though the fetch ignores its signal', async () => {
    const never = vi.fn(() => new Promise<Response>(() => {}));
    const client = new Client({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1', fetch: never, maxRetries: 0 });
    const controller = new AbortController();
    const call = client.tags.list({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await settled(call)).toMatchObject({ error: expect.any(UserAbortError) });
  });

  it('resolves a call with a body when it answers', async () => {
    const answering = vi.fn(async () =>
      Response.json({ ok: true, data: { parsed_request: {}, contacts: [] } }),
    );
    const client = new Client({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1', fetch: answering });
    expect(await settled(client.contacts.search(search))).toEqual({
      value: { parsed_request: {}, contacts: [] },
    });
    // The body it was given is the one the call sent.
    const [request] = answering.mock.calls[0] as unknown as [Request];
    expect(await request.json()).toEqual(search);
  });
});

describe('logging', () => {
  it('logs each request, answer and retry at debug', async () => {
    const { lines, logger } = recorder();
    const { client, mock } = start({ logger, logLevel: 'debug' });
    mock.faults.add({ path: '/tags', status: 503 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await client.tags.list();
    vi.restoreAllMocks();
    expect(
      lines.map(([level, line]) => `${level} ${line.replace(/\d+ ms/g, 'N ms').replace(/req_\w+/, 'ID')}`),
    ).toEqual([
      'debug [marketing-sdk] GET https://api.marketing.test/tags (attempt 1)',
      'debug [marketing-sdk] GET https://api.marketing.test/tags answered 503 in N ms (ID)',
      'debug [marketing-sdk] GET https://api.marketing.test/tags: retrying in N ms after 503 (attempt 2)',
      'debug [marketing-sdk] GET https://api.marketing.test/tags (attempt 2)',
      'debug [marketing-sdk] GET https://api.marketing.test/tags answered 200 in N ms (ID)',
    ]);
  });

  it('warns of a retry wait over a second by default, and takes its level from MARKETING_LOG', async () => {
    const { lines, logger } = recorder();
    const { client, mock } = start({ logger });
    mock.faults.add({ path: '/tags', status: 429, headers: { 'retry-after': '1.2' } });
    await client.tags.list();
    expect(lines).toEqual([['warn', expect.stringContaining('retrying in 1200 ms after 429')]]);

    vi.stubEnv('MARKETING_LOG', 'debug');
    const quiet = recorder();
    await start({ logger: quiet.logger }).client.tags.list();
    expect(quiet.lines.length).toBe(2);
    vi.stubEnv('MARKETING_LOG', 'off');
    const off = recorder();
    await start({ logger: off.logger }).client.tags.list();
    expect(off.lines).toEqual([]);
  });
});

describe('a deadline on the whole call', () => {
  it('gives up at once rather than wait past it for a retry', async () => {
    const { client, mock } = start();
    mock.faults.add({ path: '/tags', status: 429, headers: { 'retry-after': '52' } });
    const started = Date.now();
    const error = await client.tags.list({ deadline: 2_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as Error).message).toMatch(
      /\(not retried: the wait of 52000 ms would pass the deadline\)$/,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(mock.requestCount({ path: '/tags' })).toBe(1);
  });

  it('bounds each attempt by what is left of it', async () => {
    const { client, mock } = start({ deadline: 300 });
    mock.faults.add({ path: '/tags', delay_ms: 2_000 });
    const started = Date.now();
    await expect(client.tags.list()).rejects.toThrow(/timed out after \d+ ms \(1 attempt, deadline 300 ms\)/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
