import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

const json = { 'content-type': 'application/json' };
const mockOf = (options: Parameters<typeof createMockService>[0] = {}) =>
  createMockService({ seed: testSeed(), rateLimit: false, ...options });
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('the control plane refuses what a web page could send without a preflight', () => {
  it('answers 415 to a text/plain reset and leaves the world as it was', async () => {
    const mock = mockOf();
    await mock.fetch(`${mock.baseUrl}/__mock/seed`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ tags: [{ tag_id: 'tag_kept', org_id: 'org_a', name: 'kept' }] }),
    });
    const refused = await answer(
      await mock.fetch(`${mock.baseUrl}/__mock/reset`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
        body: '{}',
      }),
    );
    expect(refused).toEqual({
      status: 415,
      body: {
        ok: false,
        error:
          'Control routes take JSON: send the body with content-type: application/json (got "text/plain")',
      },
    });
    expect(mock.state().tags?.some((t) => t.tag_id === 'tag_kept')).toBe(true);
  });

  it('answers 415 to a form post that would seed an API key, and the key does not work', async () => {
    const mock = mockOf();
    const form = await mock.fetch(`${mock.baseUrl}/__mock/seed`, {
      method: 'POST',
      body: new URLSearchParams({ '{"api_keys":[{"key":"evil","org_id":"org_a"}],"x":"': '"}' }),
    });
    expect(form.status).toBe(415);
    const withKey = await mock.fetch(`${mock.baseUrl}/tags`, { headers: { authorization: 'Bearer evil' } });
    expect(withKey.status).toBe(401);
  });

  it('answers 415 to a bare POST from a browser (it carries Origin) and to a body sent with no type', async () => {
    const mock = mockOf();
    const bareFromPage = await mock.handle(
      new Request(`${mock.baseUrl}/__mock/reset`, {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      }),
    );
    expect(bareFromPage.status).toBe(415);
    expect((await bareFromPage.json()).error).toMatch(/got no content-type/);
    const untyped = new Request(`${mock.baseUrl}/__mock/clock`, { method: 'POST', body: '{"advance":"1d"}' });
    untyped.headers.delete('content-type');
    expect((await mock.handle(untyped)).status).toBe(415);
  });

  it('takes a JSON body, a JSON type with a charset, and a bare POST from a script (curl -X POST)', async () => {
    const mock = mockOf();
    const typed = await mock.fetch(`${mock.baseUrl}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ set: '2026-05-01T00:00:00Z' }),
    });
    expect(typed.status).toBe(200);
    expect((await mock.fetch(`${mock.baseUrl}/__mock/reset`, { method: 'POST' })).status).toBe(200);
  });
});

describe('a control token', () => {
  const token = 's3cret-token';

  it('is required by every control route but health, through mock.fetch and mock.handle alike', async () => {
    const mock = mockOf({ controlToken: token });
    for (const [method, path] of [
      ['GET', '/__mock/state'],
      ['GET', '/__mock/'],
      ['GET', '/__mock/nothing-here'],
      ['DELETE', '/__mock/requests'],
    ] as const) {
      const missing = await answer(await mock.fetch(`${mock.baseUrl}${path}`, { method }));
      expect(missing.status, `${method} ${path}`).toBe(401);
      expect(missing.body.error).toMatch(/x-mock-token/);
    }
    const reset = new Request(`${mock.baseUrl}/__mock/reset`, { method: 'POST', headers: json, body: '{}' });
    expect((await mock.handle(reset)).status).toBe(401);
    const health = await answer(await mock.fetch(`${mock.baseUrl}/__mock/health`));
    expect(health).toMatchObject({ status: 200, body: { ok: true, data: { status: 'ok' } } });
  });

  it('refuses a wrong token, one that is only its start, and one with more after it', async () => {
    const mock = mockOf({ controlToken: token });
    for (const wrong of ['nope', 's3cret', `${token}x`, '']) {
      const refused = await mock.fetch(`${mock.baseUrl}/__mock/state`, {
        headers: { 'x-mock-token': wrong },
      });
      expect(refused.status, wrong).toBe(401);
    }
  });

  it('lets the right token through, with the service routes untouched by it', async () => {
    const mock = mockOf({ controlToken: token });
    const state = await mock.fetch(`${mock.baseUrl}/__mock/state`, { headers: { 'x-mock-token': token } });
    expect(state.status).toBe(200);
    const tags = await mock.fetch(`${mock.baseUrl}/tags`, {
      headers: { authorization: 'Bearer key_a_admin' },
    });
    expect(tags.status).toBe(200);
    const reset = await mock.fetch(`${mock.baseUrl}/__mock/reset`, {
      method: 'POST',
      headers: { ...json, 'x-mock-token': token },
      body: '{}',
    });
    expect(reset.status).toBe(200);
    // The in-process methods are the caller's own code: they need no token.
    expect(() => mock.reset()).not.toThrow();
  });

  it('cannot be empty', () => {
    expect(() => mockOf({ controlToken: '' })).toThrow('controlToken must not be empty');
  });
});

describe('a mock with its control plane off', () => {
  it('still answers GET /__mock/health, and 404 everywhere else under /__mock/', async () => {
    const mock = mockOf({ control: false });
    const health = await answer(await mock.fetch(`${mock.baseUrl}/__mock/health`));
    expect(health).toMatchObject({ status: 200, body: { ok: true, data: { status: 'ok' } } });
    expect((await mock.fetch(`${mock.baseUrl}/__mock/state`)).status).toBe(404);
    const reset = await mock.fetch(`${mock.baseUrl}/__mock/reset`, {
      method: 'POST',
      headers: json,
      body: '{}',
    });
    expect(reset.status).toBe(404);
  });
});
