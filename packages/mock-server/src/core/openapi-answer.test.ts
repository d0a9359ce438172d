import { createOpenApiDocument } from '@marketing/domain';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../create-mock-service.js';
import { VERSION } from '../version.js';
import { openApiAnswer, openApiText } from './openapi-answer.js';

const noHeaders = { headers: new Headers() };

describe('the OpenAPI answer', () => {
  it('is the document built for that server URL, byte for byte, for any server URL', () => {
    for (const url of ['https://api.marketing.test', 'http://localhost:4010/v1', 'http://[::1]:9'])
      expect(openApiText(url).text).toBe(
        JSON.stringify(createOpenApiDocument({ serverUrl: url, version: VERSION })),
      );
  });

  it('gives each text its own strong ETag, and the same one every time', () => {
    const a = openApiText('http://a.test');
    expect(a.etag).toMatch(/^"[0-9a-f]{8}-[0-9a-f]+"$/);
    expect(openApiText('http://a.test').etag).toBe(a.etag);
    expect(openApiText('http://b.test').etag).not.toBe(a.etag);
  });

  it('answers 304 with no body to a client that names the ETag, and the document otherwise', () => {
    const { etag } = openApiText('http://a.test');
    const fresh = openApiAnswer(noHeaders, 'http://a.test');
    expect(fresh).toMatchObject({ status: 200, headers: { etag } });
    const known = openApiAnswer(
      { headers: new Headers({ 'if-none-match': `"other", W/${etag}` }) },
      'http://a.test',
    );
    expect(known).toMatchObject({ status: 304, raw: { text: '' }, headers: { etag } });
    const stale = openApiAnswer({ headers: new Headers({ 'if-none-match': '"other"' }) }, 'http://a.test');
    expect(stale.status).toBe(200);
  });

  it('is served at GET /openapi.json with its ETag, and revalidated with 304 through mock.fetch', async () => {
    const mock = createMockService();
    const first = await mock.fetch(`${mock.baseUrl}/openapi.json`);
    const etag = first.headers.get('etag')!;
    expect((await first.json()).servers[0].url).toBe(mock.baseUrl);
    const again = await mock.fetch(`${mock.baseUrl}/openapi.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(mock.openApiDocument()).toEqual(
      createOpenApiDocument({ serverUrl: mock.baseUrl, version: VERSION }),
    );
  });
});
