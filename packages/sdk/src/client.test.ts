import { afterEach, describe, expect, it } from 'vitest';
import { Client } from './client.js';
import { MarketingError } from './errors.js';

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('Client', () => {
  it('refuses to start in a browser page unless dangerouslyAllowBrowser is set', () => {
    (globalThis as { window?: unknown }).window = { document: {} };
    expect(() => new Client({ apiKey: 'k', baseUrl: 'https://api.test' })).toThrow(MarketingError);
    expect(() => new Client({ apiKey: 'k', baseUrl: 'https://api.test' })).toThrow(/dangerouslyAllowBrowser/);
    expect(
      new Client({ apiKey: 'k', baseUrl: 'https://api.test', dangerouslyAllowBrowser: true }),
    ).toBeInstanceOf(Client);
  });

  it('starts on a server without the browser opt-in', () => {
    expect(new Client({ apiKey: 'k', baseUrl: 'https://api.test' })).toBeInstanceOf(Client);
  });

  it('names a baseUrl that is not an absolute http(s) URL when made, not at its first call', () => {
    const refused = (baseUrl: string, why: string) =>
      expect(() => new Client({ apiKey: 'k', baseUrl })).toThrow(
        `Client: baseUrl must be ${why}, got ${JSON.stringify(baseUrl)}`,
      );
    for (const baseUrl of ['127.0.0.1:4010', 'api.test', '/api', 'ftp://api.test'])
      refused(baseUrl, 'an absolute http(s) URL such as https://api.example.com');
    for (const baseUrl of ['https://x.test/api?x=1', 'https://x.test/#a', 'https://x.test/?'])
      refused(baseUrl, 'a URL without a query or fragment (the SDK adds each route to it)');
    refused(' https://x.test ', 'a URL without spaces');
    refused(
      'https://user:pass@x.test',
      'a URL without credentials (fetch refuses them; the API key goes in apiKey)',
    );
    expect(new Client({ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010/api/' })).toBeInstanceOf(Client);
  });

  it('refuses retry counts, waits, timeouts, a fetch and logging it could not use', () => {
    const make = (options: object) => () =>
      new Client({ apiKey: 'k', baseUrl: 'https://api.test', ...options });
    expect(make({ maxRetries: -1 })).toThrow('Client: maxRetries must be a whole number, 0 or more, got -1');
    expect(make({ maxRetries: 1.5 })).toThrow(
      'Client: maxRetries must be a whole number, 0 or more, got 1.5',
    );
    expect(make({ maxRetryAfter: Number.NaN })).toThrow(
      'Client: maxRetryAfter must be a number, 0 or more, got NaN',
    );
    expect(make({ deadline: -5 })).toThrow(RangeError);
    expect(make({ timeout: 0 })).toThrow(
      'Client: timeout must be a number of milliseconds above 0 and at most 2147483647, or false, got 0',
    );
    expect(make({ timeout: 2 ** 31 })).toThrow(RangeError);
    expect(make({ deadline: '5' })).toThrow('Client: deadline must be a number, 0 or more, got "5"');
    expect(make({ fetch: 'x' })).toThrow('Client: fetch must be a function, got string');
    expect(make({ logLevel: 'verbose' })).toThrow(
      'Client: logLevel must be one of debug, info, warn, error, off, got "verbose"',
    );
    expect(make({ logger: { warn: () => {} } })).toThrow(
      'Client: logger must have debug, info, warn and error functions; it has no debug, info, error',
    );
    expect(
      make({ maxRetries: 0, timeout: false, deadline: 0, logLevel: 'off', logger: console })(),
    ).toBeInstanceOf(Client);
  });
});
