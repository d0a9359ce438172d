import { describe, expect, it } from 'vitest';
import { createMockService, FaultError, type FaultInput } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

const mockOf = () => createMockService({ seed: testSeed(), rateLimit: false });
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('a fault that no transport could serve', () => {
  it.each<[string, FaultInput, RegExp]>([
    [
      'a CRLF in a header value',
      { status: 503, headers: { 'retry-after': '1\r\nset-cookie: x=1' } },
      /^headers\.retry-after: .*CR, LF/,
    ],
    ['a lone LF in a header value', { status: 503, headers: { 'x-note': 'a\nb' } }, /^headers\.x-note: /],
    [
      'a header name with a space',
      { status: 503, headers: { 'retry after': '1' } },
      /^headers\.retry after: "retry after" is not a valid header name/,
    ],
    ['a header name with a colon', { status: 503, headers: { 'x:y': '1' } }, /not a valid header name/],
    ['an empty header name', { status: 503, headers: { '': '1' } }, /not a valid header name/],
    [
      'content-length',
      { status: 503, headers: { 'Content-Length': '0' } },
      /^headers\.Content-Length: .*set by the mock itself/,
    ],
    [
      'transfer-encoding',
      { status: 503, headers: { 'transfer-encoding': 'chunked' } },
      /set by the mock itself/,
    ],
    ['connection', { status: 503, headers: { connection: 'close' } }, /set by the mock itself/],
    ['upgrade', { status: 503, headers: { upgrade: 'websocket' } }, /set by the mock itself/],
    ['content-type', { status: 503, headers: { 'content-type': 'text/html' } }, /set by the mock itself/],
    [
      'one header twice in two cases',
      { status: 503, headers: { 'Retry-After': '1', 'retry-after': '2' } },
      /given twice/,
    ],
    [
      'a header value beyond Latin-1',
      { status: 503, headers: { 'x-note': 'café ☕' } },
      /character a header cannot carry/,
    ],
    [
      'headers of more than 8 KiB',
      { status: 503, headers: { 'x-big': 'a'.repeat(9000) } },
      /^headers: Headers of at most 8192 bytes/,
    ],
    [
      'a path with a CRLF',
      { path: '/tags\r\nx', status: 503 },
      /^path: A path has no spaces, control characters/,
    ],
    [
      'a path with a query',
      { path: '/tags?x=1', status: 503 },
      /^path: A path has no spaces, control characters \(CR, LF\), \?, # or \\/,
    ],
    [
      'a path of the control plane',
      { path: '/__mock/reset', status: 503 },
      /^path: Faults shape the service's requests/,
    ],
    [
      'a path of the control plane in capitals',
      { path: '/__MOCK/health', status: 503 },
      /^path: Faults shape/,
    ],
    [
      'a path with .. segments',
      { path: '/contacts/:cell/../../__mock/faults', status: 503 },
      /^path: A path has no empty, \. or \.\. segments/,
    ],
    ['a path with a . segment', { path: '/contacts/./x', status: 503 }, /^path: A path has no empty/],
    [
      'a path with an encoded .. segment',
      { path: '/contacts/%2e%2E/__mock/faults', status: 503 },
      /^path: A path has no empty/,
    ],
    ['a path with a backslash', { path: '/contacts\\x', status: 503 }, /^path: A path has no spaces/],
    ['a path with an empty segment', { path: '//__mock/health', status: 503 }, /^path: A path has no empty/],
    [
      'a header named __proto__',
      JSON.parse('{"status":503,"headers":{"__proto__":"x"}}'),
      /^headers\.__proto__: "__proto__" is not a valid header name/,
    ],
    ['status 101', { status: 101 }, /^status: .*1xx/],
    ['status 100', { status: 100 }, /^status: /],
    ['status 204 (no body allowed)', { status: 204 }, /^status: .*204/],
    ['status 304', { status: 304 }, /^status: /],
    [
      'a body nested 101 levels deep',
      { status: 500, body: nested(101) },
      /^body: Nested more than 100 levels deep/,
    ],
    [
      'a content-encoding the body does not have',
      { status: 503, headers: { 'content-encoding': 'gzip' } },
      /^headers\.content-encoding: content-encoding is set by the mock itself/,
    ],
    [
      'a body nested 5,000 levels deep',
      { status: 500, body: nested(5000) },
      /^body: Nested more than 100 levels deep/,
    ],
    [
      'a body of more than 1 MiB of JSON, however it is made',
      { status: 500, body: Array(600_000).fill(1) },
      /^body: At most 1,048,576 characters of JSON/,
    ],
    [
      'a body of more than 1 MiB of JSON',
      { status: 500, body: { rows: Array.from({ length: 20_000 }, (_, i) => `row ${i} ${'x'.repeat(50)}`) } },
      /^body: At most 1,048,576 characters of JSON/,
    ],
    [
      'a body with a number JSON cannot write',
      { status: 500, body: { n: Number.NaN } },
      /^body: Numbers must be finite/,
    ],
    ['a body that is a class instance', { status: 500, body: new Map() }, /^body: Expected a JSON value/],
  ])('is refused when it has %s', (_, fault, message) => {
    const mock = mockOf();
    expect(() => mock.faults.add(fault)).toThrow(FaultError);
    expect(() => mock.faults.add(fault)).toThrow(message);
    expect(mock.faults.list()).toEqual([]);
  });

  it('takes a body nested exactly 100 levels deep, a value at the bottom counting as no level', () => {
    const mock = mockOf();
    mock.faults.add({ status: 500, body: nested(100) });
    mock.faults.add({ status: 500, body: JSON.parse(`${'['.repeat(100)}1${']'.repeat(100)}`) });
    expect(mock.faults.list()).toHaveLength(2);
  });

  it('takes a body of up to 1 MiB of JSON as JSON.stringify writes it', () => {
    const mock = mockOf();
    const body = Array(500_000).fill(1);
    expect(JSON.stringify(body).length).toBeLessThan(1 << 20);
    mock.faults.add({ status: 500, body });
    expect(mock.faults.list()).toHaveLength(1);
  });

  it('is refused over HTTP with a 400 naming the header, and nothing is armed', async () => {
    const mock = mockOf();
    const response = await mock.fetch(`${mock.baseUrl}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, headers: { 'content-length': '5' } }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^headers\.content-length: /);
    const deep = await mock.fetch(`${mock.baseUrl}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"status":500,"body":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(mock.faults.list()).toEqual([]);
  });

  it('keeps the faults that can be served: a status, a nested body, a header of its own', async () => {
    const mock = mockOf();
    mock.faults.add({
      path: '/tags',
      status: 429,
      body: { ok: false, error: { code: 'rate_limited', deep: nested(50) } },
      headers: { 'Retry-After': '2', 'x-fault': 'a value with "quotes" and\ttab' },
    });
    const response = await mock.fetch(`${mock.baseUrl}/tags`, {
      headers: { authorization: 'Bearer key_a_admin' },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.get('x-fault')).toBe('a value with "quotes" and\ttab');
    expect((await response.json()).error.code).toBe('rate_limited');
  });
});
