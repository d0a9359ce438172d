import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnyEnvelope, endpoints } from '@marketing/domain';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index.js';
import { createNodeServer } from '../../src/node/index.js';
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

/** How a body is sent over a socket: its text split where the pieces say, as chunked encoding. */
const framing = fc.record({
  cuts: fc.array(fc.nat(), { maxLength: 8 }),
  nested: fc.option(fc.integer({ min: 1_000, max: 100_000 }), { freq: 4 }),
});

// Sends a request with a chunked body in pieces, as a streaming client would; answers its status
// and text.
function sendChunked(
  port: number,
  request: { method: string; path: string; headers: Record<string, string>; pieces: Buffer[] },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers: request.headers },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    for (const piece of request.pieces) outgoing.write(piece);
    outgoing.end();
  });
}

describe('fuzzing the Node transport with streamed bodies', () => {
  it('answers every endpoint, its body chunked in random pieces or nested deep, without a 5xx', async () => {
    const mock = createMockService({
      seed: testSeed(),
      rateLimit: false,
      now: '2026-11-22T08:00:00Z',
      webhooks: { timeoutMs: 50, retries: 0 },
    });
    const server = createNodeServer(mock);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const streamed = fc
        .constantFrom(...endpoints)
        .chain((endpoint) => fc.tuple(requestFor(endpoint, mock.baseUrl), framing));
      await fc.assert(
        fc.asyncProperty(streamed, async ([request, { cuts, nested }]) => {
          cases += 1;
          const text = nested ? `${'['.repeat(nested)}${']'.repeat(nested)}` : await request.text();
          const body = Buffer.from(text);
          const at = [...new Set(cuts.map((cut) => cut % (body.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...at].map((start, n) => body.subarray(start, at[n] ?? body.length));
          const headers = Object.fromEntries(request.headers);
          delete headers['content-length'];
          const url = new URL(request.url);
          const answer = await sendChunked(port, {
            method: request.method === 'GET' && body.length > 0 ? 'POST' : request.method,
            path: url.pathname + url.search,
            headers: { ...headers, 'transfer-encoding': 'chunked' },
            pieces: pieces.filter((piece) => piece.length > 0),
          });
          expect(answer.status, answer.text).toBeLessThan(500);
          expect(AnyEnvelope.safeParse(JSON.parse(answer.text)).success, answer.text).toBe(true);
        }),
        { numRuns: runsPerEndpoint * 2 },
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 600_000);
});
