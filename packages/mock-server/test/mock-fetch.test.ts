import { IN_PROCESS_FETCH } from '@marketing/domain/routes';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../src/index.js';
import { testSeed } from './support/mock-world.js';

const start = () => createMockService({ seed: testSeed(), rateLimit: false });
const auth = 'Bearer key_a_admin';

describe('mock.fetch', () => {
  it('answers a URL with a plain header record and a string body as fetch would', async () => {
    const mock = start();
    const res = await mock.fetch(`${mock.baseUrl}/contacts/27821234567/tag/add`, {
      method: 'put',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tag_ids: ['tag_new'] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const [entry] = mock.requests();
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/contacts/27821234567/tag/add',
      body: { tag_ids: ['tag_new'] },
      headers: { authorization: 'Bearer …dmin', 'content-type': 'application/json' },
    });
    expect(mock.findContacts({ cell: '27821234567' })[0]?.tag_ids).toContain('tag_new');
  });

  it('answers a URL object with a query, and keeps a method fetch leaves as written', async () => {
    const mock = start();
    const url = new URL(`${mock.baseUrl}/tags`);
    url.searchParams.set('nope', '1');
    const res = await mock.fetch(url, { headers: { authorization: auth } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('nope: Unknown query parameter');
    const patched = await mock.fetch(`${mock.baseUrl}/tags`, {
      method: 'patch',
      headers: { authorization: auth },
    });
    expect(patched.status).toBe(405);
    expect(mock.requests({ limit: 1 })[0]?.method).toBe('patch');
  });

  it('reads what only a Request reads right: a Request, Headers, a non-string body', async () => {
    const mock = start();
    const viaRequest = await mock.fetch(
      new Request(`${mock.baseUrl}/tags`, { headers: { authorization: auth } }),
    );
    expect(viaRequest.status).toBe(200);
    const viaHeaders = await mock.fetch(`${mock.baseUrl}/contacts/27821234567/tag/add`, {
      method: 'PUT',
      headers: new Headers({ authorization: auth }),
      body: new Blob([JSON.stringify({ tag_ids: ['tag_optout'] })]),
    });
    expect(viaHeaders.status).toBe(200);
    expect(mock.findContacts({ cell: '27821234567' })[0]?.tag_ids).toContain('tag_optout');
  });

  it('rejects with the signal’s reason when aborted before or while the mock answers', async () => {
    const mock = start();
    mock.faults.add({ path: '/tags', delay_ms: 2_000 });
    const before = new AbortController();
    before.abort();
    await expect(
      mock.fetch(`${mock.baseUrl}/tags`, { headers: { authorization: auth }, signal: before.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    const during = new AbortController();
    const started = Date.now();
    const answer = mock.fetch(`${mock.baseUrl}/tags`, {
      headers: { authorization: auth },
      signal: during.signal,
    });
    setTimeout(() => during.abort(), 20);
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a URL outside its base URL as a network error', async () => {
    const mock = start();
    await expect(mock.fetch('https://elsewhere.example/tags')).rejects.toThrow(TypeError);
  });

  it('says it answers in process, so the SDK can call it without building a Request', () => {
    expect((start().fetch as { [IN_PROCESS_FETCH]?: boolean })[IN_PROCESS_FETCH]).toBe(true);
  });
});
