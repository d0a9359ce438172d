import { createMockService } from '@marketing/mock-server';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSeed } from '../../mock-server/test/support/mock-world.js';
import {
  Client,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  TimeoutError,
  UserAbortError,
} from '../src/index.js';

const base = 'https://retries.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const client = (options: Partial<ConstructorParameters<typeof Client>[0]> = {}) =>
  new Client({ apiKey: 'k', baseUrl: base, ...options });
const ok = (data: unknown) => HttpResponse.json({ ok: true, data });

/** Answers with each response in turn, counting calls. */
function sequence(
  method: 'get' | 'post',
  path: string,
  ...answers: ((request: Request) => Response | Promise<Response>)[]
) {
  const calls = { count: 0 };
  server.use(
    http[method](`${base}${path}`, async ({ request }) => {
      const answer = answers[Math.min(calls.count, answers.length - 1)]!;
      calls.count += 1;
      return answer(request);
    }),
  );
  return calls;
}

/** Never answers; gives up when the client aborts, so no timer of the test is left. */
const hang = (request: Request) =>
  new Promise<Response>((_, reject) =>
    request.signal.addEventListener('abort', () => reject(request.signal.reason)),
  );

const rateLimited = (retryAfter?: string, resetsAt?: number) =>
  HttpResponse.json(
    { ok: false, error: { code: 'rate_limited', remaining: 0, ...(resetsAt ? { resetsAt } : {}) } },
    { status: 429, headers: retryAfter ? { 'retry-after': retryAfter } : {} },
  );
const sms = {
  content: 'Hi',
  cell: '27821234567',
  country: 'ZA',
  skipNonContacts: true,
  deliveryMethod: 'standard',
} as const;

describe('retries', () => {
  it('honours resetsAt when there is no Retry-After header', async () => {
    const resetsAt = Date.parse('2026-11-22T10:00:05Z') / 1000;
    const calls = sequence(
      'get',
      '/tags',
      () => rateLimited(undefined, resetsAt),
      () => ok([]),
    );
    const result = client().tags.list();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual([]);
  });

  it('fails at once when the server asks for a longer wait than maxRetryAfter, rather than retrying too soon', async () => {
    const calls = sequence(
      'get',
      '/tags',
      () => rateLimited('3600'),
      () => ok([]),
    );
    const error = (await client({ maxRetryAfter: 2_000 })
      .tags.list()
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(3600);
    expect(error.message).toMatch(
      /\(not retried: the service asked for a longer wait than maxRetryAfter \(2000 ms\)\)$/,
    );
    expect(calls.count).toBe(1);
  });

  it('says how long an HTTP-date Retry-After asks for, in seconds from now', async () => {
    sequence('get', '/tags', () => rateLimited(new Date(Date.now() + 120_000).toUTCString()));
    const error = (await client({ maxRetryAfter: 2_000 })
      .tags.list()
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfter).toBe(120);
  });

  it('waits a Retry-After within maxRetryAfter, to the millisecond', async () => {
    const calls = sequence(
      'get',
      '/tags',
      () => rateLimited('2'),
      () => ok([]),
    );
    const result = client({ maxRetryAfter: 2_000 }).tags.list();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual([]);
    expect(calls.count).toBe(2);
  });

  it('throws RateLimitError with its fields once retries run out', async () => {
    sequence('get', '/tags', () => rateLimited('1', 1_800_000_000));
    const result = client({ maxRetries: 1 })
      .tags.list()
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    const error = (await result) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect([error.retryAfter, error.resetsAt]).toEqual([1, 1_800_000_000]);
  });
});

describe('timeouts and aborts', () => {
  it('raises TimeoutError when no answer comes in time, and leaves no timer behind', async () => {
    sequence('get', '/tags', hang);
    const result = client({ timeout: 1_000, maxRetries: 0 })
      .tags.list()
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toBeInstanceOf(TimeoutError);
    expect(await result).toMatchObject({ attempts: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retries a timed-out safe request', async () => {
    const calls = sequence('get', '/tags', hang, () => ok(['second']));
    const result = client({ timeout: 1_000 }).tags.list();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(result).resolves.toEqual(['second']);
    expect(calls.count).toBe(2);
  });

  it('refuses a call’s own retry, deadline or timeout options it could not use, sending nothing', async () => {
    const calls = sequence('get', '/tags', () => ok([]));
    await expect(client().tags.list({ deadline: Number.NaN })).rejects.toThrow(
      'GET /tags: deadline must be a number, 0 or more, got NaN',
    );
    await expect(client().tags.list({ timeout: -1 })).rejects.toThrow(RangeError);
    await expect(client().tags.list({ maxRetries: -1 })).rejects.toThrow(
      'GET /tags: maxRetries must be a whole number, 0 or more, got -1',
    );
    expect(calls.count).toBe(0);
    await expect(client().tags.list({ maxRetries: 0, timeout: 1_000 })).resolves.toEqual([]);
  });

  it('sends nothing for a signal aborted before the call, and says so', async () => {
    const calls = sequence('get', '/tags', () => ok([]));
    const error = await client()
      .tags.list({ signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserAbortError);
    expect((error as Error).message).toBe(`GET ${base}/tags was aborted before it was sent`);
    expect(calls.count).toBe(0);
  });

  it('raises UserAbortError on abort, without retrying and without a timer behind', async () => {
    const calls = sequence('get', '/tags', hang);
    const controller = new AbortController();
    const result = client()
      .tags.list({ signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await result).toBeInstanceOf(UserAbortError);
    expect(calls.count).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops waiting between retries when aborted', async () => {
    sequence('get', '/tags', () => rateLimited('30'));
    const controller = new AbortController();
    const result = client()
      .tags.list({ signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await result).toBeInstanceOf(UserAbortError);
    expect(vi.getTimerCount()).toBe(0);
  });
});

// The mock's public faults shape these answers (the same a user arms), through mock.fetch; fake
// timers drive both the client's waits and the mock's.
describe('retries against the mock’s faults', () => {
  function faulty(options: Partial<ConstructorParameters<typeof Client>[0]> = {}) {
    const mock = createMockService({ seed: testSeed(), rateLimit: false });
    return {
      mock,
      client: new Client({ apiKey: 'key_a_admin', baseUrl: mock.baseUrl, fetch: mock.fetch, ...options }),
    };
  }

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    const { mock, client } = faulty();
    mock.faults.add({
      path: '/tags',
      status: 429,
      headers: { 'retry-after': '3' },
      body: { ok: false, error: { code: 'rate_limited', remaining: 0 } },
    });
    const result = client.tags.list();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(mock.requestCount({ path: '/tags' })).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toHaveLength(3);
    expect(mock.requestCount({ path: '/tags' })).toBe(2);
  });

  it('retries a 503 on a safe endpoint with backoff', async () => {
    const { mock, client } = faulty();
    mock.faults.add({ path: '/tags', status: 503 });
    const result = client.tags.list();
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toHaveLength(3);
    expect(mock.requests().map((r) => r.status)).toEqual([503, 200]);
  });

  it('does not resend a single SMS whose answer was lost after the service sent it', async () => {
    const { mock, client } = faulty({ maxRetries: 5 });
    mock.faults.add({ path: '/send/sms', when: 'after', status: 502 });
    const result = client.send.sms(sms).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toBeInstanceOf(InternalServerError);
    expect(mock.requestCount({ path: '/send/sms' })).toBe(1);
    expect(mock.outbox()).toHaveLength(1);
  });

  it('does resend a single SMS refused with 429, which the service did not act on', async () => {
    const { mock, client } = faulty();
    mock.faults.add({
      path: '/send/sms',
      status: 429,
      headers: { 'retry-after': '1' },
      body: { ok: false, error: { code: 'rate_limited', remaining: 0 } },
    });
    const result = client.send.sms(sms);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toMatchObject({ totalCost: 1 });
    expect(mock.requestCount({ path: '/send/sms' })).toBe(2);
    expect(mock.outbox()).toHaveLength(1);
  });

  it('retries a dropped connection on a safe endpoint, not on an SMS send', async () => {
    const { mock, client } = faulty();
    mock.faults.add({ path: '/tags', drop: true });
    const list = client.tags.list();
    await vi.advanceTimersByTimeAsync(500);
    await expect(list).resolves.toHaveLength(3);
    expect(mock.requestCount({ path: '/tags' })).toBe(2);
    mock.faults.add({ path: '/send/sms', drop: true, when: 'after' });
    await expect(client.send.sms(sms)).rejects.toBeInstanceOf(ConnectionError);
    expect(mock.requestCount({ path: '/send/sms' })).toBe(1);
    expect(mock.outbox()).toHaveLength(1);
  });
});
