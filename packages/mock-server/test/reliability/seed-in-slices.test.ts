import { describe, expect, it } from 'vitest';
import { worldGateOf } from '../../src/core/world-access.js';
import { createMockService, createWorldRouter } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';

// A large seed or reset sent to the control plane runs a slice at a time: health is answered
// between the slices, and every other request waits until the world is whole again.

const cell = (i: number) => `2782${String(1_000_000 + i).padStart(7, '0')}`;
const largeSeed = (count: number) =>
  JSON.stringify({
    contacts: Array.from({ length: count }, (_, i) => ({ org_id: 'o', cell: cell(i), firstname: `F${i}` })),
  });

function startMock() {
  const mock = createMockService({
    seed: { orgs: [{ _id: 'o', credits: 1e9 }], api_keys: [{ key: 'k', org_id: 'o' }] },
    rateLimit: false,
  });
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    mock.fetch(`${mock.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  return { mock, post, gate: worldGateOf(mock)! };
}

async function untilClosed(gate: NonNullable<ReturnType<typeof worldGateOf>>): Promise<void> {
  while (!gate.closed) await new Promise((resolve) => setImmediate(resolve));
}

describe('a seed run a slice at a time', () => {
  it('answers health while it runs, and holds a read until the world is whole', async () => {
    const { mock, post, gate } = startMock();
    const seeding = post('/__mock/seed', largeSeed(60_000));
    await untilClosed(gate);
    const health = await mock.fetch(`${mock.baseUrl}/__mock/health`);
    expect(health.status).toBe(200);
    // Answered between slices: the seed is still running.
    expect(gate.closed).toBeDefined();
    const read = mock.fetch(`${mock.baseUrl}/contacts/${cell(59_999)}`, {
      headers: { authorization: 'Bearer k' },
    });
    expect((await seeding).status).toBe(200);
    const contact = await read;
    expect(contact.status).toBe(200);
    expect((await contact.json()).data.firstname).toBe('F59999');
    expect(mock.contactCount()).toBe(60_000);
  });

  it('holds a contact created meanwhile until the seed is in, so a cell is never stored twice', async () => {
    const { mock, post, gate } = startMock();
    const seeding = post('/__mock/seed', largeSeed(60_000));
    await untilClosed(gate);
    const created = await post('/contacts', JSON.stringify({ contacts: [{ cell: cell(59_999) }] }), {
      authorization: 'Bearer k',
    });
    expect((await seeding).status).toBe(200);
    // The seed's contact was there first: the create found it, and did not add a second.
    expect((await created.json()).data).toEqual({
      validContacts: 0,
      invalidContacts: [{ row: 0, issue: 'Contact already exists' }],
    });
    expect(mock.contactCount()).toBe(60_000);
    expect(mock.findContacts({ cell: cell(59_999) })).toHaveLength(1);
  });

  it('refuses an in-process seed or reset while one sent over HTTP runs, and takes it after', async () => {
    const { mock, post, gate } = startMock();
    const seeding = post('/__mock/seed', largeSeed(30_000));
    await untilClosed(gate);
    expect(() => mock.seed({ tags: [{ tag_id: 't', org_id: 'o' }] })).toThrow('await its answer first');
    expect(() => mock.reset()).toThrow('await its answer first');
    expect((await seeding).status).toBe(200);
    expect(mock.seed({ tags: [{ tag_id: 't', org_id: 'o' }] }).tags).toEqual(['t']);
  });

  it('runs two large seeds one after the other, the second checked against the first', async () => {
    const { mock, post } = startMock();
    const [first, second] = await Promise.all([
      post('/__mock/seed', largeSeed(30_000)),
      post('/__mock/seed', largeSeed(30_000)),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const refused = first.status === 400 ? first : second;
    expect((await refused.json()).error.issues[0].message).toContain('Duplicate contact');
    expect(mock.contactCount()).toBe(30_000);
  });

  it('answers GET /__mock/state with the very text of mock.state(), a piece at a time', async () => {
    const mock = createMockService({ seed: testSeed(), now: '2026-11-22T08:00:00Z' });
    const sale = await mock.fetch(`${mock.baseUrl}/sales`, {
      method: 'POST',
      headers: { authorization: 'Bearer key_a_admin', 'content-type': 'application/json' },
      body: JSON.stringify([{ campaign_id: 'cmp_1', cell: '27821234567' }]),
    });
    expect(sale.status).toBe(200);
    mock.seed(JSON.parse(largeSeed(25_000).replaceAll('"o"', '"org_a"')));
    const gate = worldGateOf(mock)!;
    const answer = mock.fetch(`${mock.baseUrl}/__mock/state`);
    await untilClosed(gate);
    expect((await mock.fetch(`${mock.baseUrl}/__mock/health`)).status).toBe(200);
    expect(gate.closed).toBeDefined();
    expect(await (await answer).text()).toBe(JSON.stringify({ ok: true, data: mock.state() }));
  });

  it('creates a world with a large seed a slice at a time, its name taken from the start', async () => {
    const router = createWorldRouter(createMockService());
    const seed = { orgs: [{ _id: 'o' }], ...JSON.parse(largeSeed(40_000)) };
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const creating = router.createInSlices({ name: 'big', seed });
    await expect(router.createInSlices({ name: 'big' })).rejects.toThrow(
      'A world named "big" exists already',
    );
    expect(router.list()).toEqual([]);
    expect(await creating).toMatchObject({ world: 'big' });
    clearInterval(ticker);
    // Timers ran while the world was made: all at once, none would have.
    expect(turns).toBeGreaterThan(3);
    expect(router.world('big')?.contactCount()).toBe(40_000);
    // A refused seed leaves no world behind and frees its name.
    await expect(
      router.createInSlices({
        name: 'bad',
        seed: { orgs: [{ _id: 'o' }], contacts: [{ org_id: 'o', cell: 'x' }] },
      }),
    ).rejects.toThrow('Invalid seed document');
    await expect(router.createInSlices({ name: 'bad' })).resolves.toMatchObject({ world: 'bad' });
  });

  it('answers a large seed with the IDs the in-process seed answers, in the same text', async () => {
    const { mock, post } = startMock();
    const answer = await post('/__mock/seed', largeSeed(30_000));
    const body = (await answer.json()) as { data: { contacts: string[] } };
    expect(body.data.contacts).toHaveLength(30_000);
    expect(mock.findContacts({ cell: cell(0) })[0]?._id).toBe(body.data.contacts[0]);
  });
});

describe('a large batch of sales', () => {
  const salesOf = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ campaign_id: 'cmp_1', cell: cell(i) }));
  const postSales = (mock: ReturnType<typeof createMockService>, sales: unknown[]) =>
    mock.fetch(`${mock.baseUrl}/sales`, {
      method: 'POST',
      headers: { authorization: 'Bearer key_a_admin', 'content-type': 'application/json' },
      body: JSON.stringify(sales),
    });

  it('is recorded a slice at a time, health answered meanwhile', async () => {
    const mock = createMockService({ seed: testSeed(), rateLimit: false });
    const before = mock.state().sales.length;
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const answer = await postSales(mock, salesOf(20_000));
    clearInterval(ticker);
    expect(answer.status).toBe(200);
    expect(turns).toBeGreaterThan(3);
    expect(mock.state().sales.length - before).toBe(20_000);
  });

  it('stores none of them when the last is refused', async () => {
    const mock = createMockService({ seed: testSeed(), rateLimit: false });
    const before = mock.state().sales.length;
    const sales = salesOf(20_000);
    const answer = await postSales(mock, [...sales, sales[0]]);
    expect(answer.status).toBe(409);
    expect((await answer.json()).error).toBe('Duplicate sale');
    expect(mock.state().sales.length).toBe(before);
  });

  it('refuses a batch of bad sales naming the first 50 problems, with the place of each', async () => {
    const mock = createMockService({ seed: testSeed(), rateLimit: false });
    const before = mock.state().sales.length;
    const sales: unknown[] = salesOf(20_000);
    for (let i = 1_000; i < sales.length; i++) sales[i] = { campaign_id: 'cmp_1', cell: 42 };
    const answer = await postSales(mock, sales);
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error).toContain('[1000].cell');
    expect(error).toContain('[1049].cell');
    expect(error).not.toContain('[1050].cell');
    expect(JSON.stringify(error).length).toBeLessThan(20_000);
    expect(mock.state().sales.length).toBe(before);
  });
});

describe('a large upload of contacts', () => {
  it('is checked and stored a slice at a time, and a cell uploaded twice in it is refused once', async () => {
    const { mock, post } = startMock();
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ cell: cell(i), firstname: `F${i}` }));
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const answer = await post('/contacts', JSON.stringify({ contacts: [...rows, rows[0]] }), {
      authorization: 'Bearer k',
    });
    clearInterval(ticker);
    expect((await answer.json()).data).toEqual({
      validContacts: 30_000,
      invalidContacts: [{ row: 30_000, issue: 'Contact already exists' }],
    });
    // At once, the timer ran three times (while the body was parsed); in slices, about twenty.
    expect(turns).toBeGreaterThan(10);
    expect(mock.contactCount()).toBe(30_000);
  });
});

describe('a tag deleted from many contacts', () => {
  it('is taken off them a slice at a time, every one of them, and then deleted', async () => {
    const { mock, post } = startMock();
    const tagged = JSON.stringify({
      tags: [{ tag_id: 'vip', org_id: 'o' }],
      contacts: Array.from({ length: 20_000 }, (_, i) => ({ org_id: 'o', cell: cell(i), tag_ids: ['vip'] })),
    });
    expect((await post('/__mock/seed', tagged)).status).toBe(200);
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const answer = await mock.fetch(`${mock.baseUrl}/tags/vip`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer k' },
    });
    clearInterval(ticker);
    expect(answer.status).toBe(200);
    expect(turns).toBeGreaterThan(3);
    expect(mock.findContacts({ tag: 'vip', limit: 1 })).toEqual([]);
    expect(mock.state().contacts.every((c) => c.tag_ids.length === 0)).toBe(true);
    expect(mock.state().tags).toEqual([]);
  });
});

describe('a bulk update that matches many contacts', () => {
  it('changes them a slice at a time, and every one of them', async () => {
    const { mock, post } = startMock();
    mock.seed({ tags: [{ tag_id: 'vip', org_id: 'o' }] });
    await post('/__mock/seed', largeSeed(20_000));
    const answer = await post(
      '/contacts/update',
      JSON.stringify({ find: { cell: [cell(0)] }, update: { $addToSet: { tag_ids: { $each: ['vip'] } } } }),
      { authorization: 'Bearer k' },
    );
    expect((await answer.json()).data).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    const all = await post(
      '/contacts/update',
      JSON.stringify({
        find: { tag_ids: { $in: ['vip'] } },
        update: { $pull: { tag_ids: { $in: ['vip'] } } },
      }),
      { authorization: 'Bearer k' },
    );
    expect((await all.json()).data).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const many = await post(
      '/contacts/update',
      JSON.stringify({
        find: { cell: Array.from({ length: 10_000 }, (_, i) => cell(i)) },
        update: { $addToSet: { tag_ids: { $each: ['vip'] } } },
      }),
      { authorization: 'Bearer k' },
    );
    clearInterval(ticker);
    expect((await many.json()).data).toMatchObject({ matchedCount: 10_000, modifiedCount: 10_000 });
    expect(turns).toBeGreaterThan(3);
    expect(mock.findContacts({ tag: 'vip', limit: 20_000 })).toHaveLength(10_000);
  });
});

describe('an object of very many members in a request body', () => {
  const keys = (count: number) => `{${Array.from({ length: count }, (_, i) => `"key${i}":1`).join(',')}}`;

  it('is refused with a 413 that says why, small body or large, on any route', async () => {
    const { post } = startMock();
    for (const [path, body, headers] of [
      ['/__mock/faults', keys(10_001), {}],
      ['/__mock/seed', keys(200_000), {}],
      [
        '/contacts/search',
        `{"find":{"cell":["1"]},"projection":${keys(10_001)}}`,
        { authorization: 'Bearer k' },
      ],
    ] as const) {
      const answer = await post(path, body, headers);
      expect(answer.status, path).toBe(413);
      expect((await answer.json()).error).toBe(
        "Request body holds an object of more than 10,000 members, the mock's limit",
      );
    }
  });

  it('takes 10,000 members, the check answering as before', async () => {
    const { post } = startMock();
    const answer = await post('/__mock/faults', keys(10_000));
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toContain('Unrecognized keys');
  });
});
