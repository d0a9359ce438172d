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
});
