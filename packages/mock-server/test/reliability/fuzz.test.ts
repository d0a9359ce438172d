import { AnyEnvelope, endpoints } from '@marketing/domain';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';
import { requestFor } from './fuzz-inputs.js';

/** How many cases per endpoint: a few thousand in all in the test suite; `pnpm fuzz` raises it. */
const runsPerEndpoint = Number(process.env.FUZZ_RUNS_PER_ENDPOINT ?? 120);

let cases = 0;
afterAll(() => {
  console.log(
    `fuzzed ${cases} requests over ${endpoints.length} endpoints: no 5xx, every answer an envelope, no refusal changed state`,
  );
});

describe('fuzzing every endpoint', () => {
  it.each(endpoints.map((e) => [e.id, e] as const))(
    '%s never answers 5xx, always an envelope, and a refusal changes nothing',
    async (_, endpoint) => {
      const mock = createMockService({
        seed: testSeed(),
        rateLimit: false,
        now: '2026-11-22T08:00:00Z',
        webhooks: { timeoutMs: 50, retries: 0 },
      });
      mock.seed({ transactions: [] });
      await fc.assert(
        fc.asyncProperty(requestFor(endpoint, mock.baseUrl), async (request) => {
          cases += 1;
          const before = JSON.stringify(mock.state());
          const response = await mock.handle(request);
          const text = await response.text();
          expect(response.status, text).toBeLessThan(500);
          const body = JSON.parse(text);
          if (!request.url.endsWith('/openapi.json'))
            expect(AnyEnvelope.safeParse(body).success, text).toBe(true);
          if (response.status >= 400) expect(JSON.stringify(mock.state())).toBe(before);
          expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
        }),
        { numRuns: runsPerEndpoint },
      );
    },
  );
});
