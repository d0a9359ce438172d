import { describe, expect, it } from 'vitest';
import { createMockService, RequestFilterError } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

const search = (mock: ReturnType<typeof createMockService>, body: string) =>
  mock.handle(
    new Request(`${mock.baseUrl}/contacts/search`, {
      method: 'POST',
      headers: { authorization: 'Bearer key_a_admin', 'content-type': 'application/json' },
      body,
    }),
  );

describe('exports of a large journal', () => {
  it('refuses a HAR or Pact file past maxExportBytes with a 400 saying how to ask for less, and makes a smaller one', async () => {
    // 40 requests of 10 kB bodies are about 0.4 MiB of journal: past a limit of 0.25 MiB.
    const mock = createMockService({ seed: testSeed(), rateLimit: false, maxExportBytes: 256 * 1024 });
    const body = JSON.stringify({ pad: 'x'.repeat(10_000) });
    for (let i = 0; i < 40; i++) await search(mock, body);
    await expect(mock.requestsHarJson()).rejects.toThrow(RequestFilterError);
    const har = await mock.fetch(`${mock.baseUrl}/__mock/requests.har`);
    expect(har.status).toBe(400);
    expect((await har.json()).error).toMatch(
      /^The HAR of these 40 requests would be about 0\.\d+ MiB, past the 0\.25 MiB an export may be: ask for fewer with limit=/,
    );
    const pact = await mock.fetch(`${mock.baseUrl}/__mock/requests.pact?consumer=a&provider=b`);
    expect(pact.status).toBe(400);
    expect((await pact.json()).error).toMatch(
      /^The Pact file of these 40 requests .*\(DELETE \/__mock\/requests/,
    );
    expect(() => mock.pact({ consumer: 'a', provider: 'b' })).toThrow(/past the 0\.25 MiB/);
    // The newest ten are within it.
    const some = await mock.fetch(`${mock.baseUrl}/__mock/requests.har?limit=10`);
    expect(some.status).toBe(200);
    expect((await some.json()).log.entries).toHaveLength(10);
  });

  it('makes a HAR and a Pact file of a journal within 256 MiB by default', async () => {
    const mock = createMockService({ seed: testSeed(), rateLimit: false });
    for (let i = 0; i < 40; i++) await search(mock, JSON.stringify({ pad: 'x'.repeat(10_000) }));
    expect((await mock.fetch(`${mock.baseUrl}/__mock/requests.har`)).status).toBe(200);
    expect((await mock.fetch(`${mock.baseUrl}/__mock/requests.pact?consumer=a&provider=b`)).status).toBe(200);
  });
});
