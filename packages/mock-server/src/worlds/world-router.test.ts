import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { SHARED_QUEUES, type WithSharedQueues } from '../core/one-at-a-time.js';
import { createMockService } from '../create-mock-service.js';
import type { SeedDocument } from '../store/seed-schema.js';
import { createWorldRouter, type WorldRouterOptions } from './world-router.js';

const BASE = 'http://127.0.0.1:4010';
const startSeed: SeedDocument = {
  orgs: [{ _id: 'org_a', credits: 100 }],
  api_keys: [{ key: 'key_a', org_id: 'org_a' }],
  contacts: [{ org_id: 'org_a', cell: '27821000000', firstname: 'Start' }],
};

function setup(options: WorldRouterOptions = {}, control = true) {
  const router = createWorldRouter(createMockService({ baseUrl: BASE, seed: startSeed, control }), {
    seed: startSeed,
    ...options,
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await router.fetch(`${BASE}${path}`, {
      method,
      headers: { authorization: 'Bearer key_a', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the envelope its route answers
    return { status: res.status, body: (await res.json()) as { ok: boolean; data?: any; error?: unknown } };
  };
  return { router, call };
}

describe('a world router', () => {
  it('drops the webhook retries of a world it deletes, which went on reaching their receiver', async () => {
    let attempts = 0;
    const receiver = createServer((req) => {
      attempts += 1;
      req.socket.destroy();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
    try {
      const router = createWorldRouter(createMockService({ baseUrl: BASE, webhooks: { timeoutMs: 100 } }));
      const seed: SeedDocument = {
        orgs: [{ _id: 'o' }],
        hooks: [{ _id: 'h', org_id: 'o', type: 'webhook', url }],
        campaigns: [{ _id: 'c', org_id: 'o', hook_ids: ['h'] }],
        sends: [{ _id: 's', org_id: 'o', campaign_id: 'c', cell: '27821234567' }],
      };
      const post = (path: string, body: unknown) =>
        router.fetch(`${BASE}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      for (const name of ['kept', 'gone']) {
        await post('/__mock/worlds', { name, seed });
        await post(`/worlds/${name}/__mock/replies`, { from: '27821234567', message: 'hi', send_id: 's' });
      }
      expect(attempts).toBe(2);
      expect(router.delete('gone')).toBe(true);
      // The kept world's three retries, 100 ms apart on its running clock; none of the deleted one's.
      await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(5), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(attempts).toBe(5);
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });

  it('creates a world served under its base_url, with its own records, and leaves the root as it was', async () => {
    const { call } = setup();
    const created = await call('POST', '/__mock/worlds', { name: 'ci-1', seed: {} });
    expect(created).toEqual({
      status: 201,
      body: { ok: true, data: { world: 'ci-1', base_url: `${BASE}/worlds/ci-1` } },
    });
    await call('POST', '/worlds/ci-1/__mock/seed', {
      orgs: [{ _id: 'org_w', credits: 5 }],
      api_keys: [{ key: 'key_a', org_id: 'org_w' }],
      contacts: [{ org_id: 'org_w', cell: '27829999999', firstname: 'World' }],
    });
    expect((await call('GET', '/worlds/ci-1/contacts/27829999999')).body.data).toMatchObject({
      firstname: 'World',
    });
    expect((await call('GET', '/worlds/ci-1/contacts/27821000000')).status).toBe(404);
    expect((await call('GET', '/contacts/27821000000')).body.data).toMatchObject({ firstname: 'Start' });
    expect((await call('GET', '/contacts/27829999999')).status).toBe(404);
  });

  it('serves each world’s OpenAPI document with the world’s URL', async () => {
    const { call } = setup();
    await call('POST', '/__mock/worlds', { name: 'docs' });
    const document = await call('GET', '/worlds/docs/openapi.json');
    expect((document.body as unknown as { servers: { url: string }[] }).servers[0]!.url).toBe(
      `${BASE}/worlds/docs`,
    );
  });

  it('starts a world without a seed from the router’s seed, and with {} empty', async () => {
    const { call } = setup();
    await call('POST', '/__mock/worlds', { name: 'like-start' });
    await call('POST', '/__mock/worlds', { name: 'empty', seed: {} });
    expect((await call('GET', '/worlds/like-start/contacts/27821000000')).body.data).toMatchObject({
      firstname: 'Start',
    });
    expect((await call('GET', '/worlds/empty/contacts/27821000000')).status).toBe(401);
  });

  it('gives each world its own control plane: reset, clock, journal and faults stay in it', async () => {
    const { call, router } = setup();
    await call('POST', '/__mock/worlds', { name: 'a' });
    await call('POST', '/worlds/a/__mock/clock', { advance: '7d' });
    await call('POST', '/worlds/a/__mock/faults', { path: '/contacts/:cell', status: 503 });
    expect((await call('GET', '/worlds/a/contacts/27821000000')).status).toBe(503);
    expect((await call('GET', '/contacts/27821000000')).status).toBe(200);
    expect((await call('GET', '/worlds/a/__mock/requests/count')).body.data).toEqual({
      count: 1,
      dropped: 0,
    });
    expect((await call('GET', '/__mock/requests/count')).body.data).toEqual({ count: 1, dropped: 0 });
    // An empty world that keeps its clock (a plain reset restores the start clock).
    await call('POST', '/worlds/a/__mock/reset', { orgs: [], keep: ['clock'] });
    expect(router.world('a')!.contactCount()).toBe(0);
    expect(router.main.contactCount()).toBe(1);
    expect(router.world('a')!.clock.now().getTime() - router.main.clock.now().getTime()).toBeGreaterThan(
      6 * 86_400_000,
    );
    expect((await call('GET', '/worlds/a/__mock/requests/count')).body.data).toEqual({
      count: 0,
      dropped: 0,
    });
    expect((await call('GET', '/__mock/requests/count')).body.data).toEqual({ count: 1, dropped: 0 });
  });

  it('names the world on its journal entries, and not on the default world’s', async () => {
    const { call } = setup();
    await call('POST', '/__mock/worlds', { name: 'ci-17' });
    await call('GET', '/worlds/ci-17/contacts/27821000000');
    await call('GET', '/contacts/27821000000');
    const [inWorld] = (await call('GET', '/worlds/ci-17/__mock/requests')).body.data;
    expect(inWorld).toMatchObject({ path: '/contacts/27821000000', world: 'ci-17' });
    const [atRoot] = (await call('GET', '/__mock/requests')).body.data;
    expect(atRoot.path).toBe('/contacts/27821000000');
    expect(atRoot).not.toHaveProperty('world');
  });

  it('lists the worlds with their use, and deletes one', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const { call } = setup({ now: () => now });
    await call('POST', '/__mock/worlds', { name: 'a', ttl_s: 60 });
    await call('POST', '/__mock/worlds', {});
    now += 5000;
    await call('GET', '/worlds/a/contacts/27821000000');
    await call('GET', '/worlds/a/__mock/health');
    expect((await call('GET', '/__mock/worlds')).body.data).toEqual([
      {
        name: 'a',
        base_url: `${BASE}/worlds/a`,
        created: '2026-11-23T10:00:00.000Z',
        last_used: '2026-11-23T10:00:05.000Z',
        ttl_s: 60,
        expires: '2026-11-23T10:01:05.000Z',
        contacts: 1,
        requests: 2,
      },
      expect.objectContaining({ name: 'world-1', ttl_s: 3600, requests: 0 }),
    ]);
    expect(await call('DELETE', '/__mock/worlds/a')).toEqual({ status: 200, body: { ok: true } });
    expect((await call('GET', '/__mock/worlds')).body.data.map((w: { name: string }) => w.name)).toEqual([
      'world-1',
    ]);
    const gone = await call('GET', '/worlds/a/contacts/27821000000');
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('No world "a": it was never created, was deleted, or expired unused');
  });

  it('removes a world unused for its ttl_s, and keeps one that is used', async () => {
    let now = 1_000_000;
    const { call } = setup({ now: () => now });
    await call('POST', '/__mock/worlds', { name: 'idle', ttl_s: 2 });
    await call('POST', '/__mock/worlds', { name: 'busy', ttl_s: 2 });
    for (let i = 0; i < 4; i++) {
      now += 1000;
      expect((await call('GET', '/worlds/busy/__mock/health')).status).toBe(200);
    }
    expect((await call('GET', '/worlds/idle/__mock/health')).status).toBe(404);
    expect((await call('GET', '/__mock/worlds')).body.data.map((w: { name: string }) => w.name)).toEqual([
      'busy',
    ]);
    // An expired world's name is free again.
    expect((await call('POST', '/__mock/worlds', { name: 'idle' })).status).toBe(201);
  });

  it('refuses the name default, which the dashboard gives the root world', async () => {
    const { call } = setup();
    expect(await call('POST', '/__mock/worlds', { name: 'default' })).toMatchObject({
      status: 400,
      body: { error: 'name: "default" is the root world\'s name (the dashboard\'s); choose another' },
    });
  });

  it('keeps a world while a request of its own runs, counting its TTL from the answer', async () => {
    let now = 0;
    const { call } = setup({ now: () => now });
    await call('POST', '/__mock/worlds', { name: 'w', ttl_s: 1 });
    const contacts = Array.from({ length: 30_000 }, (_, i) => ({
      org_id: 'org_w',
      cell: `2782${String(i).padStart(7, '0')}`,
    }));
    // A seed given in slices: other requests are answered before it is done.
    const seeding = call('POST', '/worlds/w/__mock/seed', { orgs: [{ _id: 'org_w' }], contacts });
    now += 5_000;
    expect((await call('GET', '/worlds/w/__mock/health')).status).toBe(200);
    expect((await seeding).status).toBe(200);
    now += 500;
    const state = await call('GET', '/worlds/w/__mock/state');
    expect(state.status).toBe(200);
    expect(state.body.data.contacts).toHaveLength(30_001);
    now += 1_000;
    expect((await call('GET', '/worlds/w/__mock/health')).status).toBe(404);
  });

  it('forgets expired worlds as other requests arrive, without a timer', async () => {
    let now = 0;
    const { call, router } = setup({ now: () => now, ttlSeconds: 1 });
    await call('POST', '/__mock/worlds', { name: 'old' });
    now += 5000;
    await call('GET', '/contacts/27821000000');
    now += 5000;
    expect(router.list()).toEqual([]);
  });

  it('refuses a ttl_s whose expiry is no date, and lists a world of the longest', async () => {
    const { call } = setup();
    for (const ttl_s of [1e308, 2 ** 53 + 1, 315_360_001])
      expect((await call('POST', '/__mock/worlds', { name: 'a', ttl_s })).body.error).toBe(
        `ttl_s: must be a whole number of seconds from 1 to 315360000 (10 years); got ${ttl_s}`,
      );
    expect((await call('POST', '/__mock/worlds', { name: 'a', ttl_s: 315_360_000 })).status).toBe(201);
    const listed = await call('GET', '/__mock/worlds');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ name: 'a', ttl_s: 315_360_000 })]);
  });

  it('refuses a bad name, a name in use, a world past the limit and a bad ttl_s, creating nothing', async () => {
    const { call } = setup({ maxWorlds: 2 });
    expect(await call('POST', '/__mock/worlds', { name: 'Bad_Name' })).toEqual({
      status: 400,
      body: { ok: false, error: 'name: "Bad_Name" is not a world name: 1 to 40 of a-z, 0-9 and -' },
    });
    expect((await call('POST', '/__mock/worlds', { name: 'x'.repeat(41) })).status).toBe(400);
    expect((await call('POST', '/__mock/worlds', { name: 'a', ttl_s: 0 })).body.error).toMatch(/^ttl_s: /);
    expect((await call('POST', '/__mock/worlds', { name: 'a', ttl_s: 1.5 })).status).toBe(400);
    expect((await call('POST', '/__mock/worlds', { nme: 'a' })).body.error).toMatch(/nme/);
    expect((await call('POST', '/__mock/worlds', '{"name":')).status).toBe(400);
    expect((await call('POST', '/__mock/worlds', { name: 'a' })).status).toBe(201);
    expect(await call('POST', '/__mock/worlds', { name: 'a' })).toEqual({
      status: 409,
      body: { ok: false, error: 'A world named "a" exists already' },
    });
    expect((await call('POST', '/__mock/worlds', { name: 'b' })).status).toBe(201);
    const full = await call('POST', '/__mock/worlds', { name: 'c' });
    expect(full.status).toBe(409);
    expect(full.body.error).toContain('--max-worlds 2');
    expect((await call('GET', '/__mock/worlds')).body.data).toHaveLength(2);
  });

  it('refuses an invalid seed with its issues and makes no world', async () => {
    const { call } = setup();
    const refused = await call('POST', '/__mock/worlds', {
      name: 'bad-seed',
      seed: { contacts: [{ org_id: 'org_nowhere', cell: '27821000000' }] },
    });
    expect(refused).toMatchObject({ status: 400, body: { ok: false, error: { code: 'invalid_seed' } } });
    expect((await call('GET', '/__mock/worlds')).body.data).toEqual([]);
    expect((await call('POST', '/__mock/worlds', { name: 'bad-seed', seed: {} })).status).toBe(201);
  });

  it('answers 404 for an unknown world and for deleting one', async () => {
    const { call } = setup();
    expect(await call('GET', '/worlds/nope/contacts/27821000000')).toMatchObject({
      status: 404,
      body: { ok: false, hint: 'POST /__mock/worlds creates one; GET /__mock/worlds lists them' },
    });
    expect(await call('DELETE', '/__mock/worlds/nope')).toEqual({
      status: 404,
      body: { ok: false, error: 'No world "nope"; GET /__mock/worlds lists them' },
    });
    expect((await call('PUT', '/__mock/worlds')).status).toBe(404);
  });

  it('answers 404 to a seed that waited its turn while its world was deleted, and keeps nothing', async () => {
    const { router, call } = setup();
    await call('POST', '/__mock/worlds', { name: 'a', seed: {} });
    // Another world's seed holds the queue that seeds, runs and clock moves wait in, one at a time.
    let release = () => {};
    const held = (router.main as WithSharedQueues)[SHARED_QUEUES]!.growth.run(
      () => new Promise<void>((done) => (release = done)),
    );
    const seed = call('POST', '/worlds/a/__mock/seed', startSeed);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await call('DELETE', '/__mock/worlds/a')).status).toBe(200);
    release();
    await held;
    expect(await seed).toMatchObject({
      status: 404,
      body: {
        ok: false,
        error: 'World "a" was deleted or expired while this request waited its turn: nothing was kept',
      },
    });
    expect((await call('GET', '/worlds/a/contacts/27821000000')).status).toBe(404);
  });

  it('lists the worlds’ routes with the control routes, and serves none with the control plane off', async () => {
    const on = setup();
    const routes = (await on.call('GET', '/__mock/')).body.data as { method: string; path: string }[];
    expect(routes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'POST', path: '/__mock/worlds' }),
        expect.objectContaining({ method: 'DELETE', path: '/__mock/worlds/:name' }),
        expect.objectContaining({ method: 'POST', path: '/__mock/reset' }),
      ]),
    );
    const off = setup({}, false);
    expect((await off.call('POST', '/__mock/worlds', { name: 'a' })).status).toBe(404);
    expect(() => off.router.create({ name: 'in-process' })).not.toThrow();
  });

  it('hosts worlds under a base URL with a path, in process', async () => {
    const router = createWorldRouter(createMockService({ baseUrl: 'https://api.marketing.test/v1' }));
    const { base_url } = router.create({ name: 'p', seed: startSeed });
    expect(base_url).toBe('https://api.marketing.test/v1/worlds/p');
    const res = await router.fetch(`${base_url}/contacts/27821000000`, {
      headers: { authorization: 'Bearer key_a' },
    });
    expect(res.status).toBe(200);
    expect(router.world('p')!.requestCount()).toBe(1);
    expect(router.main.requestCount()).toBe(0);
  });

  it('guards the worlds routes like the rest of the control plane: token and JSON only', async () => {
    const router = createWorldRouter(createMockService({ baseUrl: BASE, controlToken: 'sesame' }));
    const post = (headers: Record<string, string>) =>
      router.fetch(`${BASE}/__mock/worlds`, { method: 'POST', headers, body: '{"name":"w1"}' });
    expect((await post({ 'content-type': 'application/json' })).status).toBe(401);
    expect((await post({ 'x-mock-token': 'sesame', 'content-type': 'text/plain' })).status).toBe(415);
    expect((await router.fetch(`${BASE}/__mock/worlds`)).status).toBe(401);
    expect((await post({ 'x-mock-token': 'sesame', 'content-type': 'application/json' })).status).toBe(201);
    const inWorld = await router.fetch(`${BASE}/worlds/w1/__mock/state`);
    expect(inWorld.status).toBe(401);
  });
});
