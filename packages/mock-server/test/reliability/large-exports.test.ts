import { describe, expect, it } from 'vitest';
import { createMockService, RequestFilterError } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

const mockOf = (maxExportBytes?: number) =>
  createMockService({
    seed: testSeed(),
    rateLimit: false,
    ...(maxExportBytes === undefined ? {} : { maxExportBytes }),
  });
const search = (mock: ReturnType<typeof mockOf>, body: string) =>
  mock.handle(
    new Request(`${mock.baseUrl}/contacts/search`, {
      method: 'POST',
      headers: { authorization: 'Bearer key_a_admin', 'content-type': 'application/json' },
      body,
    }),
  );
const get = async (mock: ReturnType<typeof mockOf>, path: string) => {
  const answer = await mock.fetch(`${mock.baseUrl}${path}`);
  return { status: answer.status, text: await answer.text() };
};

describe('exports of a large journal', () => {
  it('refuses at once a HAR whose bodies alone pass maxExportBytes, saying how to ask for less, and makes a smaller one', async () => {
    // 40 bodies of 10 kB: about 400 kB before anything is made, past a bound of 256 kB.
    const mock = mockOf(256 * 1024);
    for (let i = 0; i < 40; i++) await search(mock, JSON.stringify({ pad: `${i}`.repeat(10_000) }));
    await expect(mock.requestsHarJson()).rejects.toThrow(RequestFilterError);
    const har = await get(mock, '/__mock/requests.har');
    expect(har.status).toBe(400);
    expect(JSON.parse(har.text).error).toMatch(
      /^The HAR of these 40 requests would be more than the 256 kB an export may be \(at least [\d.,]+ kB\): ask for fewer with limit=/,
    );
    const some = await get(mock, '/__mock/requests.har?limit=10');
    expect(some.status).toBe(200);
    expect(JSON.parse(some.text).log.entries).toHaveLength(10);
  });

  it('refuses a HAR that escaping makes larger than maxExportBytes, though its bodies are within it', async () => {
    // 20 bodies of 5,000 control characters: 100 kB kept, each written as \u0001 (6 characters).
    const mock = mockOf(256 * 1024);
    for (let i = 0; i < 20; i++) await search(mock, '\x01'.repeat(5_000));
    const har = await get(mock, '/__mock/requests.har');
    expect(har.status).toBe(400);
    expect(JSON.parse(har.text).error).toMatch(/^The HAR of these 20 requests would be more than the 256 kB/);
    expect((await get(mock, '/__mock/requests.har?limit=5')).status).toBe(200);
  });

  it('makes a Pact file of many requests made alike, one interaction for them, and refuses one of many distinct large requests', async () => {
    const alike = mockOf(20_000);
    for (let i = 0; i < 20; i++) await search(alike, JSON.stringify({ pad: 'x'.repeat(2_000) }));
    expect((await get(alike, '/__mock/requests.pact?consumer=a&provider=b')).status).toBe(200);
    const distinct = mockOf(256 * 1024);
    for (let i = 0; i < 40; i++) await search(distinct, JSON.stringify({ pad: `${i}`.repeat(10_000) }));
    const pact = await get(distinct, '/__mock/requests.pact?consumer=a&provider=b');
    expect(pact.status).toBe(400);
    expect(JSON.parse(pact.text).error).toMatch(
      /^The Pact file of these 40 requests would be more than the 256 kB .*\(DELETE \/__mock\/requests/,
    );
  });

  it('never makes an export of more bytes than maxExportBytes, to the byte, whatever its characters', async () => {
    const lengths = async (most?: number) => {
      const mock = mockOf(most);
      // Characters of one to four bytes: a bound of characters would let this through three times over.
      await search(mock, JSON.stringify({ pad: 'x€é😀'.repeat(1_000) }));
      const har = await get(mock, '/__mock/requests.har');
      const pact = await get(mock, '/__mock/requests.pact?consumer=a&provider=b');
      return {
        har: har.status === 200 ? Buffer.byteLength(har.text) : undefined,
        pact: pact.status === 200 ? Buffer.byteLength(pact.text) : undefined,
      };
    };
    // A HAR's timings differ by a few bytes from run to run: bounds around its length.
    const whole = await lengths();
    for (const kind of ['har', 'pact'] as const) {
      const made: number[] = [];
      for (let most = whole[kind]! - 12; most <= whole[kind]! + 12; most++) {
        const length = (await lengths(most))[kind];
        if (length !== undefined) {
          expect(length, `${kind} at ${most}`).toBeLessThanOrEqual(most);
          made.push(most);
        }
      }
      expect(made.length, kind).toBeGreaterThan(0);
      expect(made.length, kind).toBeLessThan(25);
    }
  });

  it('makes a HAR and a Pact file of a journal within 256 MiB by default', async () => {
    const mock = mockOf();
    for (let i = 0; i < 40; i++) await search(mock, JSON.stringify({ pad: `${i}`.repeat(10_000) }));
    expect((await get(mock, '/__mock/requests.har')).status).toBe(200);
    expect((await get(mock, '/__mock/requests.pact?consumer=a&provider=b')).status).toBe(200);
  });
});
