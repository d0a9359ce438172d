import { describe, expect, it } from 'vitest';
import { worldGateOf } from '../../src/core/world-access.js';
import { createMockService, type MockService, type SeedDocument } from '../../src/index.js';

const seed = (firstname: string): SeedDocument => ({
  orgs: [{ _id: 'org_a' }],
  api_keys: [{ key: 'key_a_admin', org_id: 'org_a' }],
  contacts: [{ org_id: 'org_a', cell: '27821234567', firstname }],
});

function start() {
  const mock = createMockService({
    rateLimit: false,
    seed: seed('Thandi'),
    pactStates: { 'Thandi exists': seed('Thandi'), 'Sipho exists': seed('Sipho') },
  });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await mock.fetch(`${mock.baseUrl}${path}`, {
      method,
      headers: {
        authorization: 'Bearer key_a_admin',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  return { mock, call };
}

const firstname = async (call: ReturnType<typeof start>['call']) =>
  (await call('GET', '/contacts/27821234567')).body.data?.firstname;

const pactOf = (mock: MockService) => mock.pact({ consumer: 'web-app', provider: 'marketing-service' });

describe('POST /__mock/pact/states', () => {
  it('resets the world to the state’s seed on setup, as a Pact verifier sends it', async () => {
    const { call } = start();
    expect(await call('POST', '/__mock/pact/states', { state: 'Sipho exists', action: 'setup' })).toEqual({
      status: 200,
      body: { ok: true, data: { state: 'Sipho exists', action: 'setup' } },
    });
    expect(await firstname(call)).toBe('Sipho');
    await call('POST', '/__mock/pact/states', { state: 'Thandi exists', params: {}, action: 'setup' });
    expect(await firstname(call)).toBe('Thandi');
  });

  it('changes nothing on teardown', async () => {
    const { call } = start();
    await call('POST', '/__mock/pact/states', { state: 'Sipho exists', action: 'setup' });
    await call('DELETE', '/contacts/27821234567');
    const teardown = await call('POST', '/__mock/pact/states', { state: 'Sipho exists', action: 'teardown' });
    expect(teardown.status).toBe(200);
    expect((await call('GET', '/contacts/27821234567')).status).toBe(404);
  });

  it('answers 400 naming an unknown state, and the registered ones, for setup and teardown', async () => {
    const { call } = start();
    for (const action of ['setup', 'teardown']) {
      expect(await call('POST', '/__mock/pact/states', { state: 'nobody exists', action })).toEqual({
        status: 400,
        body: {
          ok: false,
          error:
            'Unknown provider state "nobody exists"; registered states: "Thandi exists", "Sipho exists" (POST /__mock/pact/states/<state> or --pact-states <file>)',
        },
      });
    }
  });

  it('refuses params of more than 16,384 characters of JSON, 413, and changes nothing', async () => {
    const { call, mock } = start();
    const params = { blob: 'x'.repeat(20_000) };
    const refused = await call('POST', '/__mock/pact/states', {
      state: 'Sipho exists',
      params,
      action: 'setup',
    });
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe(
      "params: at most 16384 characters of JSON (a state's params name what it is about, such as IDs); got 20011",
    );
    expect(await firstname(call)).toBe('Thandi');
    expect(() => mock.pactStates.setup('Sipho exists', params)).toThrow('params: at most 16384 characters');
    mock.pactStates.setup('Sipho exists', { blob: 'x'.repeat(16_000) });
    expect(await firstname(call)).toBe('Sipho');
  });

  it('names twenty registered states at most when refusing an unknown one', () => {
    const { mock } = start();
    for (let i = 0; i < 30; i++) mock.pactStates.register(`state ${i}`, seed('Thandi'));
    expect(() => mock.pactStates.setup('nope')).toThrow(
      /"state 17" and 12 more \(GET \/__mock\/pact\/states\)/,
    );
  });

  it('answers 400 naming a missing action or an unknown field', async () => {
    const { call } = start();
    const missing = await call('POST', '/__mock/pact/states', { state: 'Thandi exists' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^action: /);
    const unknown = await call('POST', '/__mock/pact/states', {
      state: 'Thandi exists',
      action: 'setup',
      consumer: 'web-app',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('consumer');
  });
});

describe('POST /__mock/pact/states/<state>', () => {
  it('registers a seed document that a later setup resets to, and lists it', async () => {
    const { call } = start();
    const path = `/__mock/pact/states/${encodeURIComponent('Lerato exists')}`;
    expect(await call('POST', path, seed('Lerato'))).toEqual({
      status: 200,
      body: { ok: true, data: { state: 'Lerato exists' } },
    });
    await call('POST', '/__mock/pact/states', { state: 'Lerato exists', action: 'setup' });
    expect(await firstname(call)).toBe('Lerato');
    expect((await call('GET', '/__mock/pact/states')).body.data).toEqual({
      states: ['Thandi exists', 'Sipho exists', 'Lerato exists'],
      active: { name: 'Lerato exists' },
    });
  });

  it('forgets a registered state on DELETE, and answers 400 for one it does not hold', async () => {
    const { call, mock } = start();
    expect(await call('DELETE', '/__mock/pact/states/Sipho%20exists')).toEqual({
      status: 200,
      body: { ok: true, data: { state: 'Sipho exists' } },
    });
    expect((await call('GET', '/__mock/pact/states')).body.data.states).toEqual(['Thandi exists']);
    const setup = await call('POST', '/__mock/pact/states', { state: 'Sipho exists', action: 'setup' });
    expect(setup.status).toBe(400);
    const again = await call('DELETE', '/__mock/pact/states/Sipho%20exists');
    expect(again.status).toBe(400);
    expect(again.body.error).toContain('Unknown provider state "Sipho exists"');
    mock.pactStates.remove('Thandi exists');
    expect(mock.pactStates.list()).toEqual([]);
  });

  it('refuses a seed the mock cannot apply and registers nothing', async () => {
    const { call, mock } = start();
    const refused = await call('POST', '/__mock/pact/states/broken', {
      contacts: [{ org_id: 'org_missing', cell: '27821234567' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_seed' });
    expect(mock.pactStates.list()).not.toContain('broken');
  });
});

describe('a provider state with a large seed', () => {
  const cell = (i: number) => `2782${String(1_000_000 + i).padStart(7, '0')}`;
  const largeSeed = (count: number): SeedDocument => ({
    ...seed('Thandi'),
    contacts: Array.from({ length: count }, (_, i) => ({
      org_id: 'org_a',
      cell: cell(i),
      firstname: `F${i}`,
    })),
  });
  const ticking = () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    return () => {
      clearInterval(ticker);
      return turns;
    };
  };

  it('is registered and set up a slice at a time over HTTP, timers running meanwhile', async () => {
    const { call, mock } = start();
    let stop = ticking();
    expect((await call('POST', '/__mock/pact/states/many', largeSeed(40_000))).status).toBe(200);
    expect(stop()).toBeGreaterThan(3);
    stop = ticking();
    expect((await call('POST', '/__mock/pact/states', { state: 'many', action: 'setup' })).status).toBe(200);
    expect(stop()).toBeGreaterThan(3);
    expect(mock.contactCount()).toBe(40_000);
    expect((await call('GET', `/contacts/${cell(39_999)}`)).body.data.firstname).toBe('F39999');
  });

  it('is refused in process while one sent over HTTP is being set up', async () => {
    const { call, mock } = start();
    mock.pactStates.register('many', largeSeed(40_000));
    const setup = call('POST', '/__mock/pact/states', { state: 'many', action: 'setup' });
    while (!worldGateOf(mock)!.closed) await new Promise((resolve) => setImmediate(resolve));
    expect(() => mock.pactStates.setup('Sipho exists')).toThrow(/still running/);
    expect((await setup).status).toBe(200);
    mock.pactStates.setup('Sipho exists');
    expect(await firstname(call)).toBe('Sipho');
  });
});

describe('a provider state’s schedule', () => {
  it('is the state’s own after setup: its recurring campaign sends, the one before does not', () => {
    const daily = (id: string, tag: string): SeedDocument => ({
      orgs: [{ _id: 'org_a', credits: 100 }],
      api_keys: [{ key: 'key_a_admin', org_id: 'org_a' }],
      tags: [{ tag_id: tag, org_id: 'org_a', name: tag }],
      campaigns: [{ _id: id, org_id: 'org_a', name: id, kind: 'recurring', tag_ids: [tag] }],
      contacts: [{ org_id: 'org_a', cell: '27821234567', tag_ids: [tag] }],
    });
    const mock = createMockService({
      seed: daily('cmp_start', 'tag_s'),
      now: '2026-11-22T06:00:00Z',
      pactStates: { 'daily deal': daily('cmp_state', 'tag_d') },
    });
    mock.pactStates.setup('daily deal');
    expect(mock.schedule().map((event) => event.campaign_id)).toEqual(['cmp_state']);
    mock.clock.advance('1d');
    expect(mock.outbox().map((message) => message.campaign_id)).toEqual(['cmp_state']);
  });
});

describe('GET /__mock/requests.pact and mock.pact()', () => {
  it('writes one interaction per distinct request, without authorization or connection headers', async () => {
    const { call, mock } = start();
    await call('GET', '/contacts/27821234567', undefined, { 'x-trace-tag': 'run-1', 'user-agent': 'test' });
    await call('GET', '/contacts/27821234567', undefined, { 'x-trace-tag': 'run-1', 'user-agent': 'test' });
    await call('POST', '/contacts/27821234567/optOut', { campaign_ids: [] });
    const exported = await call('GET', '/__mock/requests.pact?consumer=web-app&provider=marketing-service');
    expect(exported.status).toBe(200);
    expect(exported.body).toEqual(pactOf(mock));
    expect(exported.body).toMatchObject({
      consumer: { name: 'web-app' },
      provider: { name: 'marketing-service' },
      metadata: { pactSpecification: { version: '4.0' } },
    });
    const [get, optOut, ...rest] = exported.body.interactions;
    expect(rest).toEqual([]);
    expect(get).toMatchObject({
      type: 'Synchronous/HTTP',
      description: 'GET /contacts/27821234567 answered 200',
      request: { method: 'GET', path: '/contacts/27821234567', headers: { 'x-trace-tag': ['run-1'] } },
      response: {
        status: 200,
        body: { content: { ok: true, data: { firstname: 'Thandi' } }, contentType: 'application/json' },
        matchingRules: { body: { '$.data': { combine: 'AND', matchers: [{ match: 'type' }] } } },
      },
    });
    expect(Object.keys(get.request.headers)).not.toContain('authorization');
    expect(Object.keys(get.request.headers)).not.toContain('user-agent');
    expect(optOut.request.body).toEqual({
      content: { campaign_ids: [] },
      contentType: 'application/json',
      encoded: false,
    });
    expect(get.providerStates).toBeUndefined();
  });

  it('keeps an error exact and leaves out the mock’s hint, which the service does not send', async () => {
    const { call, mock } = start();
    const answered = await call('GET', '/contacts/not-a-cell');
    expect(answered.body.hint).toBeDefined();
    const [interaction] = pactOf(mock).interactions;
    expect(interaction?.response).toEqual({
      status: 400,
      body: {
        content: { ok: false, error: 'Invalid cell number' },
        contentType: 'application/json',
        encoded: false,
      },
    });
  });

  it('names the provider state each request was answered in, with its params, across journal clears', async () => {
    const { call, mock } = start();
    await call('GET', '/contacts/27821234567');
    mock.pactStates.setup('Sipho exists');
    await call('GET', '/contacts/27821234567');
    await call('POST', '/__mock/pact/states', {
      state: 'Thandi exists',
      params: { run: 2 },
      action: 'setup',
    });
    await call('GET', '/contacts/27821234567');
    const states = pactOf(mock).interactions.map((i) => [i.providerStates, i.response.body?.content]);
    expect(states).toEqual([
      [undefined, expect.objectContaining({ data: expect.objectContaining({ firstname: 'Thandi' }) })],
      [
        [{ name: 'Sipho exists' }],
        expect.objectContaining({ data: expect.objectContaining({ firstname: 'Sipho' }) }),
      ],
      [
        [{ name: 'Thandi exists', params: { run: 2 } }],
        expect.objectContaining({ data: expect.objectContaining({ firstname: 'Thandi' }) }),
      ],
    ]);
    mock.clearRequests();
    await call('GET', '/contacts/27821234567');
    expect(pactOf(mock).interactions.map((i) => i.providerStates)).toEqual([
      [{ name: 'Thandi exists', params: { run: 2 } }],
    ]);
    mock.reset();
    await call('GET', '/contacts/27821234567');
    expect(pactOf(mock).interactions.map((i) => i.providerStates)).toEqual([undefined]);
    expect(mock.pactStates.active()).toBeUndefined();
  });

  it('leaves out answers shaped by a fault, and counts them', async () => {
    const { call, mock } = start();
    mock.faults.add({ path: '/contacts/:cell', status: 503, times: 1 });
    await call('GET', '/contacts/27821234567');
    await call('GET', '/contacts/27821234568');
    const pact = pactOf(mock);
    expect(pact.interactions.map((i) => i.description)).toEqual(['GET /contacts/27821234568 answered 404']);
    expect(pact.metadata['marketing-mock'].skipped).toEqual({ faults: 1, truncated: 0 });
  });

  it('numbers requests that differ only in their body, so each description is unique', async () => {
    const { call, mock } = start();
    await call('POST', '/contacts/27821234567/optOut', { all: true });
    await call('POST', '/contacts/27821234567/optOut', { all: true, create_missing_contact: false });
    expect(pactOf(mock).interactions.map((i) => i.description)).toEqual([
      'POST /contacts/27821234567/optOut answered 200',
      'POST /contacts/27821234567/optOut answered 200 (2)',
    ]);
  });

  it('answers the text JSON.stringify gives of mock.pact(), made a few entries a turn', async () => {
    const { call, mock } = start();
    await call('POST', '/__mock/pact/states', { state: 'Sipho exists', action: 'setup' });
    for (let i = 0; i < 120; i++) await call('GET', `/contacts/2782123456${i % 10}?n=${i}`);
    const answer = await mock.fetch(
      `${mock.baseUrl}/__mock/requests.pact?consumer=web-app&provider=marketing-service`,
    );
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="web-app-marketing-service.json"',
    );
    const text = await answer.text();
    expect(text).toBe(JSON.stringify(pactOf(mock)));
    expect(JSON.parse(text).interactions).toHaveLength(120);
  });

  it('answers 400 naming a missing party or an unknown parameter', async () => {
    const { call, mock } = start();
    expect(await call('GET', '/__mock/requests.pact?consumer=web-app')).toEqual({
      status: 400,
      body: { ok: false, error: 'provider: Required: name it' },
    });
    const unknown = await call('GET', '/__mock/requests.pact?consumer=a&provider=b&limit=5');
    expect(unknown).toEqual({
      status: 400,
      body: { ok: false, error: 'limit: Unknown; use consumer and provider' },
    });
    expect(await call('GET', '/__mock/requests.pact?consumer=a&provider=b&consumer=c')).toEqual({
      status: 400,
      body: { ok: false, error: 'consumer: Given more than once; give it once' },
    });
    expect(() => mock.pact({ consumer: '', provider: 'p' })).toThrow(/consumer: Name the consumer/);
  });
});
