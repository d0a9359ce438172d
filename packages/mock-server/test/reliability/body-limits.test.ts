import { describe, expect, it } from 'vitest';
import { createMockService, createWorldRouter } from '../../src/index.js';

// What a request body may hold: the mock's own bounds, each refused with a 413 that names it,
// before the body is parsed whole (the service states none).

function startMock() {
  const mock = createMockService({
    seed: { orgs: [{ _id: 'o', credits: 1e9 }], api_keys: [{ key: 'k', org_id: 'o' }] },
    rateLimit: false,
  });
  const post = (path: string, body: string) =>
    mock.fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body,
    });
  return { mock, post };
}

const limit = (what: string) => `Request body holds ${what}, the mock's limit`;

describe('a request body past the mock’s limits', () => {
  it.each([
    [
      'a nesting of 100,000 lists',
      `{"find":{"cell":${'[ '.repeat(100_000)}${']'.repeat(100_000)}}}`,
      'lists and objects nested more than 64 deep',
    ],
    [
      // Spaced out, so that it is not refused first for holding too many lists for its size.
      'a nesting of 500,000 lists in 4 MB',
      `{"find":{"cell":${'[       '.repeat(500_000)}${']'.repeat(500_000)}}}`,
      'lists and objects nested more than 64 deep',
    ],
    ['a 2 MB key', `{"${'k'.repeat(2_000_000)}":1}`, 'a string of more than 1,048,576 characters'],
    [
      'a 2 MB cell',
      `{"find":{"cell":["${'1'.repeat(2_000_000)}"]}}`,
      'a string of more than 1,048,576 characters',
    ],
    [
      'a 2 MB string of lone surrogates',
      `{"find":{"cell":["${'\\ud800'.repeat(400_000)}"]}}`,
      'a string of more than 1,048,576 characters',
    ],
    [
      'a number of 2,000,000 digits',
      `{"options":{"limit":${'9'.repeat(2_000_000)}}}`,
      'a number of more than 1,048,576 characters',
    ],
    [
      'a number of 2,000,000 digits on its own',
      `-${'9'.repeat(2_000_000)}`,
      'a number of more than 1,048,576 characters',
    ],
    [
      'a number of 2,000,000 digits in a long list',
      `[${'1,'.repeat(200_000)}${'9'.repeat(2_000_000)}]`,
      'a number of more than 1,048,576 characters',
    ],
    [
      '2,000,000 spaces between two members',
      `{"find":{"cell":["1"]},${' '.repeat(2_000_000)}"options":{}}`,
      'white space of more than 1,048,576 characters in a row',
    ],
  ])('refuses %s with a 413 naming the limit', async (_, body, what) => {
    const { post } = startMock();
    // An upload, which may be larger than other bodies (4 MiB).
    const answer = await post('/contacts', body);
    expect(answer.status).toBe(413);
    expect((await answer.json()).error).toBe(limit(what));
  });

  it('refuses an object of 1,000,000 members early, not after parsing it whole', async () => {
    const { post } = startMock();
    const body = `{"find":{"cell":["1"]},"options":{${Array.from({ length: 1_000_000 }, (_, i) => `"k${i}":1`).join(',')}}}`;
    let started = performance.now();
    JSON.parse(body);
    const parseMs = performance.now() - started;
    started = performance.now();
    const answer = await post('/contacts', body);
    const refuseMs = performance.now() - started;
    expect(answer.status).toBe(413);
    expect((await answer.json()).error).toBe(limit('an object of more than 10,000 members'));
    // Counted as it is parsed, it is refused at the 10,001st member: well before a whole parse.
    expect(refuseMs).toBeLessThan(parseMs);
  });

  it('reads a body of nothing but white space as no body', async () => {
    const { post } = startMock();
    const answer = await post('/contacts/search', ' '.repeat(2_000_000));
    expect(answer.status).toBe(400);
    expect(JSON.stringify((await answer.json()).error)).toContain('expected object, received undefined');
  });

  it('takes a body within every limit, however large', async () => {
    const { post } = startMock();
    const cells = Array.from({ length: 10_000 }, (_, i) => `2782${String(1_000_000 + i).padStart(7, '0')}`);
    const body = JSON.stringify({ find: { cell: cells }, projection: { firstname: 1 } });
    expect(body.length).toBeGreaterThan(48 * 1024);
    const answer = await post('/contacts/search', body);
    expect(answer.status).toBe(200);
  });
});

describe('the size of a request body', () => {
  // Within every parse limit: 300,000 cells of 11 digits, a list of 10,000 lists of 30.
  const cells = Array.from({ length: 300_000 }, (_, i) => `"2782${String(1_000_000 + i).padStart(7, '0')}"`);
  const large = `{"find":{"cell":[${cells.join(',')}]}}`;

  it('refuses a body past 4 MiB on an endpoint that takes no upload, naming the limit', async () => {
    const { post } = startMock();
    expect(large.length).toBeGreaterThan(4 * 2 ** 20);
    const answer = await post('/contacts/search', large);
    expect(answer.status).toBe(413);
    expect((await answer.json()).error).toBe('Request body is larger than 4194304 bytes');
  });

  it('reads a body as large on an upload, to its own checks', async () => {
    const { post } = startMock();
    const answer = await post('/contacts', large);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).not.toContain('larger than');
  });
});

describe('a long list in a request body', () => {
  const cell = (i: number) => `2782${String(1_000_000 + i).padStart(7, '0')}`;

  it('is checked a slice at a time, timers running meanwhile', async () => {
    const { post } = startMock();
    const sales = Array.from({ length: 100_000 }, (_, i) => ({
      campaign_id: 'cmp',
      cell: cell(i),
      bogus: true,
    }));
    sales.push({ campaign_id: 'cmp', cell: 42 as never, bogus: true });
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const answer = await post('/sales', JSON.stringify(sales));
    clearInterval(ticker);
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error).toContain('[0]: Unrecognized key: "bogus"');
    expect(error).toContain('[49]');
    expect(error).not.toContain('[50]');
    expect(turns).toBeGreaterThan(0);
  });

  it('still refuses a list too short for its schema', async () => {
    const { post } = startMock();
    const answer = await post('/sales', '[]');
    expect(answer.status).toBe(400);
  });
});

describe('a control-plane body', () => {
  const post = (mock: ReturnType<typeof createMockService>, path: string, body: string) =>
    mock.fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it('is refused 413 past 2 MiB on a route that takes no seed document', async () => {
    const mock = createMockService();
    const numbers = `[${'1,'.repeat(1_500_000)}1]`;
    for (const path of ['/__mock/faults', '/__mock/replies', '/__mock/clock']) {
      const answer = await post(mock, path, `{"body":${numbers}}`);
      expect(answer.status).toBe(413);
      expect((await answer.json()).error).toBe('Request body is larger than 2097152 bytes');
    }
    expect(mock.faults.list()).toEqual([]);
  });

  it('takes a seed document past 2 MiB', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }] } });
    const contacts = Array.from({ length: 40_000 }, (_, i) => ({
      org_id: 'o',
      cell: `2782${String(1_000_000 + i).padStart(7, '0')}`,
      firstname: 'Someone',
    }));
    const body = JSON.stringify({ contacts });
    expect(body.length).toBeGreaterThan(2 * 2 ** 20);
    const answer = await post(mock, '/__mock/seed', body);
    expect(answer.status).toBe(200);
    expect(mock.findContacts({ limit: 1, org: 'o' })).toHaveLength(1);
  });

  it('takes a text column of more than 1,048,576 characters, but no key that long, on the seed routes alone', async () => {
    const cells = Array.from({ length: 100_000 }, (_, i) => `2782${String(i).padStart(7, '0')}`);
    const seed = (extra = '') =>
      `{"contacts":{"count":${cells.length},"columns":{"org_id":{"values":["o"],"codes":[${'0,'.repeat(cells.length - 1)}0]},"cell":{"text":"${cells.join('')}","lengths":[${'11,'.repeat(cells.length - 1)}11]}${extra}}}}`;
    expect(cells.join('').length).toBeGreaterThan(2 ** 20);
    for (const path of ['/__mock/seed', '/__mock/reset']) {
      const mock = createMockService({ seed: {} });
      const answer = await post(
        mock,
        path,
        seed().replace('{"contacts"', '{"orgs":[{"_id":"o"}],"contacts"'),
      );
      expect(answer.status).toBe(200);
      expect(mock.findContacts({ org: 'o', limit: 100_001 })).toHaveLength(100_000);
      const longKey = await post(mock, path, seed(`,"${'k'.repeat(2 ** 20 + 1)}":[]`));
      expect(longKey.status).toBe(413);
      expect((await longKey.json()).error).toBe(limit('a string of more than 1,048,576 characters'));
    }
    const router = createWorldRouter(createMockService());
    const world = await router.fetch(`${router.main.baseUrl}/__mock/worlds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"big","seed":${seed().replace('{"contacts"', '{"orgs":[{"_id":"o"}],"contacts"')}}`,
    });
    expect(world.status).toBe(201);
    const { post: postService } = startMock();
    const service = await postService('/contacts/search', `{"find":{"cell":["${cells.join('')}"]}}`);
    expect(service.status).toBe(413);
    expect((await service.json()).error).toBe(limit('a string of more than 1,048,576 characters'));
  });

  it('answers a seed of a value as long as its body with issues cut at 1,000 characters', async () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }] } });
    const org = 'x'.repeat(3 * 2 ** 20);
    const answer = await post(
      mock,
      '/__mock/seed',
      JSON.stringify({ contacts: [{ org_id: org, cell: '27821000000' }] }),
    );
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error.issues).toEqual([
      { path: 'contacts.0.org_id', message: `Unknown organisation ${'x'.repeat(979)}… (3145749 characters)` },
    ]);
  });
});

describe('an encoded request body', () => {
  it('is refused 415, on service and control routes alike, rather than read as if it were plain', async () => {
    const { mock } = startMock();
    const { gzipSync } = await import('node:zlib');
    const body = JSON.stringify({ find: { cell: ['27821234567'] } });
    const send = (path: string, encoding: string, payload: string | Uint8Array) =>
      mock.fetch(`${mock.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-encoding': encoding,
          authorization: 'Bearer k',
        },
        body: payload as BodyInit,
      });
    for (const [path, encoding, payload] of [
      ['/contacts/search', 'gzip', gzipSync(body)],
      ['/contacts/search', 'gzip', body],
      ['/__mock/clock', 'br', '{}'],
    ] as const) {
      const answer = await send(path, encoding, payload);
      expect(answer.status).toBe(415);
      expect((await answer.json()).error).toBe(
        `Request body is encoded (Content-Encoding: ${encoding}): the mock reads bodies as sent; send it uncompressed, without that header`,
      );
    }
    expect((await send('/contacts/search', 'identity', body)).status).toBe(200);
  });
});
