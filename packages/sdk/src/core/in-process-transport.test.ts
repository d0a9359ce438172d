import { describe, expect, it } from 'vitest';
import { InProcessTransport } from './in-process-transport.js';
import { AttemptTimedOut } from './transport.js';

const attempt = {
  method: 'POST',
  url: 'https://api.test/tags?x=1',
  headers: { 'content-type': 'application/json' },
  body: '{"a":1}',
  timeout: 1000 as number | false,
  signal: undefined,
};

describe('InProcessTransport', () => {
  it('hands the URL, method, headers and body to the fetch as they are', async () => {
    const seen: unknown[] = [];
    const transport = new InProcessTransport((async (url: string, init: RequestInit) => {
      seen.push([url, init.method, init.headers, init.body]);
      return new Response('{}');
    }) as typeof fetch);
    await transport.send(attempt);
    expect(seen).toEqual([[attempt.url, 'POST', attempt.headers, '{"a":1}']]);
  });

  it('rejects with AttemptTimedOut when the answer takes longer than the timeout', async () => {
    const transport = new InProcessTransport((() => new Promise(() => {})) as typeof fetch);
    await expect(transport.send({ ...attempt, timeout: 5 })).rejects.toBeInstanceOf(AttemptTimedOut);
  });
});
