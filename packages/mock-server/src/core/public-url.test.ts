import { describe, expect, it } from 'vitest';
import { serverUrlOf } from './public-url.js';

const settings = { baseUrl: 'http://0.0.0.0:4010', basePath: '' };
const call = (url: string, host?: string) => ({ url, headers: new Headers(host ? { host } : {}) });

describe('serverUrlOf', () => {
  it('names the address the client used, from the Host header, not the interface the mock listens on', () => {
    expect(serverUrlOf(call('http://0.0.0.0:4010/openapi.json', 'localhost:4010'), settings)).toBe(
      'http://localhost:4010',
    );
    expect(serverUrlOf(call('http://0.0.0.0:4010/openapi.json', '[::1]:4010'), settings)).toBe(
      'http://[::1]:4010',
    );
  });

  it('takes the URL’s authority without a Host header, and keeps the base path', () => {
    expect(
      serverUrlOf(call('https://api.marketing.test/v1/openapi.json'), {
        baseUrl: 'https://api.marketing.test/v1',
        basePath: '/v1',
      }),
    ).toBe('https://api.marketing.test/v1');
  });

  it('prefers the public URL, and falls back to the base URL for a Host it will not repeat', () => {
    expect(
      serverUrlOf(call('http://0.0.0.0:4010/openapi.json', 'localhost:4010'), {
        ...settings,
        publicUrl: 'https://mock.example.com',
      }),
    ).toBe('https://mock.example.com');
    expect(serverUrlOf(call('http://0.0.0.0:4010/openapi.json', 'evil"><script>'), settings)).toBe(
      'http://0.0.0.0:4010',
    );
  });
});
