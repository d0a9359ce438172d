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
    for (const baseUrl of ['127.0.0.1:4010', 'api.test', '/api', 'ftp://api.test'])
      expect(() => new Client({ apiKey: 'k', baseUrl })).toThrow(
        `Client: baseUrl must be an absolute http(s) URL such as https://api.example.com, got ${JSON.stringify(baseUrl)}`,
      );
    expect(new Client({ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010/api/' })).toBeInstanceOf(Client);
  });

  it('refuses negative or non-numeric retry counts, waits and timeouts', () => {
    const make = (options: object) => () =>
      new Client({ apiKey: 'k', baseUrl: 'https://api.test', ...options });
    expect(make({ maxRetries: -1 })).toThrow('Client: maxRetries must be a number, 0 or more, got -1');
    expect(make({ maxRetryAfter: Number.NaN })).toThrow(
      'Client: maxRetryAfter must be a number, 0 or more, got NaN',
    );
    expect(make({ deadline: -5 })).toThrow(RangeError);
    expect(make({ timeout: 0 })).toThrow(
      'Client: timeout must be a number of milliseconds above 0, or false, got 0',
    );
    expect(make({ maxRetries: 0, timeout: false, deadline: 0 })()).toBeInstanceOf(Client);
  });
});
