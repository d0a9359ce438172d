import { spawn } from 'node:child_process';
import { linkSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { worldOf } from '../core/world-access.js';
import { createMockService } from '../index.js';
import { setFor } from '../store/campaign-contact-maps.js';
import {
  loadStateFile,
  removeStaleTemporaries,
  StateFileError,
  saveStateFile,
  writeStateFile,
} from './state-file.js';
import { lockStateFile, stateFileTarget } from './state-lock.js';
import { documentSource } from './state-text.js';
import { snapshotOf } from './world-snapshot.js';

const dir = () => mkdtempSync(join(tmpdir(), 'state-file-'));

describe('state files', () => {
  it('save atomically: a save that fails midway leaves the previous file whole and no temporary file', () => {
    const folder = dir();
    const path = join(folder, 'state.json');
    saveStateFile(path, { world: { orgs: [{ _id: 'before' }] } });
    const failing = {
      orgs: [
        {
          _id: 'after',
          toJSON() {
            throw new Error('disk full');
          },
        },
      ],
    };
    expect(() => saveStateFile(path, { world: failing })).toThrow('disk full');
    expect(loadStateFile(path)?.world).toEqual({ orgs: [{ _id: 'before' }] });
    expect(readdirSync(folder)).toEqual(['state.json']);
  });

  it('load a saved state with its clock, and nothing for a file that does not exist yet', () => {
    const path = join(dir(), 'state.json');
    expect(loadStateFile(path)).toBeUndefined();
    const saved = {
      world: { orgs: [{ _id: 'o' }] },
      clock: { now: '2026-01-02T03:04:05.000Z', fixed: true },
    };
    saveStateFile(path, saved);
    expect(loadStateFile(path)).toEqual({ ...saved, trusted: true });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      format: 'marketing-mock-state',
      version: 3,
    });
  });

  it('read a plain seed document as a world with no clock', () => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, JSON.stringify({ orgs: [{ _id: 'o' }] }));
    expect(loadStateFile(path)).toEqual({ world: { orgs: [{ _id: 'o' }] }, trusted: false });
  });

  it('trust a file only while its world is exactly what was written: an edit is validated in full', () => {
    const path = join(dir(), 'state.json');
    saveStateFile(path, {
      world: { orgs: [{ _id: 'o' }], contacts: [{ org_id: 'o', cell: '27821234567' }] },
    });
    expect(loadStateFile(path)?.trusted).toBe(true);
    writeFileSync(path, readFileSync(path, 'utf8').replace('27821234567', '2782123456x'));
    const edited = loadStateFile(path)!;
    expect(edited.trusted).toBe(false);
    expect(() => createMockService({ seed: edited.world, seedIsTrusted: edited.trusted })).toThrow(
      'contacts.0.cell: Invalid cell number',
    );
  });

  it('save contacts as columns that load back into exactly the saved state, trusted or checked in full', () => {
    const path = join(dir(), 'state.json');
    const mock = createMockService({
      now: '2026-05-01T00:00:00Z',
      seed: {
        orgs: [{ _id: 'o' }, { _id: 'p' }],
        tags: [{ tag_id: 'vip', org_id: 'o' }],
        contacts: [
          { org_id: 'o', cell: '27821000000', firstname: 'Ada', tag_ids: ['vip'], email: 'ada@example.com' },
          { org_id: 'o', cell: '27821000001', global_opt_out: true, validated: { reachable: true } },
          { org_id: 'p', cell: '27821000000', tag_ids: ['vip'], c1: 7 },
          { org_id: 'p', cell: '27821000002', updatedAt: '2026-04-01T00:00:00Z' },
        ],
      },
    });
    const state = mock.state();
    saveStateFile(path, { world: state });
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(file.world.contacts.count).toBe(4);
    expect(file.world.contacts.columns.org_id).toEqual({ values: ['o', 'p'], codes: [0, 0, 1, 1] });
    // Mostly distinct texts are a text column, values repeated enough a dictionary (-1: none),
    // mostly distinct values of other types a plain list.
    expect(file.world.contacts.columns.cell).toEqual({
      text: '27821000000278210000012782100000027821000002',
      lengths: [11, 11, 11, 11],
    });
    expect(file.world.contacts.columns.firstname).toEqual({ values: ['Ada'], codes: [0, -1, -1, -1] });

    const saved = loadStateFile(path)!;
    expect(saved.trusted).toBe(true);
    expect(createMockService({ seed: saved.world, seedIsTrusted: true }).state()).toEqual(state);
    expect(createMockService({ seed: saved.world }).state()).toEqual(state);
  });

  it('load contacts that share a saved tag list, each of which can still be retagged on its own', async () => {
    const path = join(dir(), 'state.json');
    const contacts = ['27821000000', '27821000001', '27821000002'].map((cell) => ({
      org_id: 'o',
      cell,
      tag_ids: ['a'],
    }));
    const world = {
      orgs: [{ _id: 'o' }],
      api_keys: [{ key: 'k', org_id: 'o' }],
      tags: ['a', 'b'].map((tag_id) => ({ tag_id, org_id: 'o' })),
      contacts,
    };
    saveStateFile(path, { world: createMockService({ seed: world }).state() });
    const mock = createMockService({ seed: loadStateFile(path)!.world, seedIsTrusted: true });
    const answer = await mock.fetch(`${mock.baseUrl}/contacts/27821000001/tag/add`, {
      method: 'PUT',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ tag_ids: ['b'] }),
    });
    expect(answer.status).toBe(200);
    expect(mock.findContacts({}).map((contact) => contact.tag_ids)).toEqual([['a'], ['a', 'b'], ['a']]);
  });

  it('load a file longer than one string may be a part at a time, into the same state, trusted', () => {
    // V8's longest string is 512 MiB: here the parts are 2 kB, in a file of about 60 kB.
    const path = join(dir(), 'state.json');
    const mock = createMockService({
      now: '2026-05-01T00:00:00Z',
      seed: {
        orgs: [{ _id: 'o' }],
        contacts: Array.from({ length: 400 }, (_, i) => ({
          org_id: 'o',
          cell: `2782100${String(i).padStart(4, '0')}`,
        })),
        sends: Array.from({ length: 300 }, (_, i) => ({ _id: `s${i}`, org_id: 'o', cell: '27821000000' })),
      },
    });
    const state = mock.state();
    saveStateFile(path, { world: state, clock: { now: '2026-05-01T00:00:00.000Z', fixed: true } });
    const whole = loadStateFile(path)!;
    const inParts = loadStateFile(path, { pieceBytes: 2048 })!;
    expect(inParts).toEqual(whole);
    expect(inParts.trusted).toBe(true);
    expect(createMockService({ seed: inParts.world, seedIsTrusted: true }).state()).toEqual(state);
  });

  it('save columns of text, absent values and empty, non-ASCII and broken texts among them, as text columns that load back as they were', () => {
    const path = join(dir(), 'state.json');
    const names = ['Ada', '', 'Zoë', '日本', '\ud83d', '\ude00x', 'a"b\\c\n', '😀'];
    const contacts = Array.from({ length: 2_500 }, (_, i) => ({
      org_id: 'o',
      cell: `2782${String(i).padStart(7, '0')}`,
      ...(i % 7 === 3 ? {} : { firstname: `${names[i % names.length]}${i}` }),
      lastname: i < names.length ? names[i] : `L${i}`,
      c2: i,
    }));
    const mock = createMockService({ now: '2026-05-01T00:00:00Z', seed: { orgs: [{ _id: 'o' }], contacts } });
    const state = mock.state();
    saveStateFile(path, { world: state });
    const { columns } = JSON.parse(readFileSync(path, 'utf8')).world.contacts;
    expect(columns.firstname.lengths.slice(0, 4)).toEqual([4, 1, 4, null]);
    expect(columns.lastname.lengths.slice(0, names.length + 1)).toEqual([...names.map((n) => n.length), 2]);
    // Mostly distinct values of another type are a plain list.
    expect(columns.c2.slice(0, 3)).toEqual([0, 1, 2]);
    const saved = loadStateFile(path)!;
    expect(saved.trusted).toBe(true);
    expect(createMockService({ seed: saved.world, seedIsTrusted: true }).state()).toEqual(state);
    expect(createMockService({ seed: saved.world }).state()).toEqual(state);
  });

  it('read a version 2 file, whose columns of text are lists', () => {
    const path = join(dir(), 'state.json');
    const world = {
      orgs: [{ _id: 'o' }],
      contacts: [{ org_id: 'o', cell: '27821234567', firstname: 'Ada' }],
    };
    saveStateFile(path, { world });
    const file = JSON.parse(readFileSync(path, 'utf8'));
    const columns = {
      count: 1,
      columns: { org_id: ['o'], cell: ['27821234567'], firstname: ['Ada'] },
    };
    const version2 = { ...file, version: 2, world: { ...file.world, contacts: columns } };
    writeFileSync(path, JSON.stringify(version2));
    const loaded = loadStateFile(path)!;
    expect(loaded.trusted).toBe(false);
    expect(createMockService({ seed: loaded.world }).findContacts({})).toMatchObject([
      { cell: '27821234567', firstname: 'Ada' },
    ]);
  });

  it('read a version 1 file, whose contacts are rows', () => {
    const path = join(dir(), 'state.json');
    const world = { orgs: [{ _id: 'o' }], contacts: [{ org_id: 'o', cell: '27821234567' }] };
    writeFileSync(path, JSON.stringify({ format: 'marketing-mock-state', version: 1, world }));
    const saved = loadStateFile(path)!;
    expect(saved).toMatchObject({ world, trusted: false });
    expect(createMockService({ seed: saved.world }).findContacts({})).toMatchObject([
      { cell: '27821234567' },
    ]);
  });

  it('refuse a state file of another version, naming it', () => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, JSON.stringify({ format: 'marketing-mock-state', version: 9, world: {} }));
    expect(() => loadStateFile(path)).toThrow('has version 9; this mock reads versions 1, 2 and 3');
    writeFileSync(path, JSON.stringify({ format: 'marketing-mock-state', version: '2', world: {} }));
    expect(() => loadStateFile(path)).toThrow(
      'has version "2" (text, not a number); this mock reads versions 1, 2 and 3',
    );
  });

  it('refuse a truncated file clearly, naming it, without touching it', () => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, '{"orgs": [{"_id": "o"');
    expect(() => loadStateFile(path)).toThrowError(StateFileError);
    expect(() => loadStateFile(path)).toThrow(`State file ${path} is not valid JSON`);
    expect(readFileSync(path, 'utf8')).toBe('{"orgs": [{"_id": "o"');
  });

  it.each([
    ['null', 'holds null, not a state file or a seed document'],
    ['[]', 'holds a list, not a state file or a seed document'],
    ['{"format":"marketing-mock-state","version":2}', 'has no world (its "world" is missing)'],
    ['{"format":"marketing-mock-state","version":2,"world":null}', 'has no world (its "world" is null)'],
    [
      '{"format":"marketing-mock-state","version":2,"clock":{"now":"soon","fixed":true},"world":{}}',
      'has clock.now "soon", not an ISO time',
    ],
    [
      '{"format":"marketing-mock-state","version":2,"clock":{"now":"2026-01-01T00:00:00Z","fixed":"yes"},"world":{}}',
      'has clock.fixed "yes", not true or false',
    ],
  ])('refuse %s with a one-line reason, leaving the file as it is', (text, reason) => {
    const path = join(dir(), 'state.json');
    writeFileSync(path, text);
    expect(() => loadStateFile(path)).toThrow(`State file ${path} ${reason}`);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('write in the background a file that loads, trusted, into the state a save at once keeps', async () => {
    const folder = dir();
    const mock = createMockService({
      now: '2026-05-01T00:00:00Z',
      seed: {
        orgs: [{ _id: 'o' }, { _id: 'p' }],
        tags: [{ tag_id: 'vip', org_id: 'o' }],
        contacts: Array.from({ length: 3000 }, (_, i) => ({
          org_id: i % 3 === 0 ? 'p' : 'o',
          cell: `2782${String(i).padStart(7, '0')}`,
          ...(i % 2 ? { tag_ids: ['vip'] } : { firstname: `F${i}` }),
        })),
      },
    });
    const clock = { now: '2026-05-01T00:00:00.000Z', fixed: true };
    saveStateFile(join(folder, 'now.json'), { world: mock.state(), clock });
    await writeStateFile(join(folder, 'background.json'), snapshotOf(worldOf(mock)!), clock);
    const now = loadStateFile(join(folder, 'now.json'))!;
    const background = loadStateFile(join(folder, 'background.json'))!;
    expect(background).toMatchObject({ trusted: true, clock });
    expect(createMockService({ seed: background.world, seedIsTrusted: true }).state()).toEqual(
      createMockService({ seed: now.world, seedIsTrusted: true }).state(),
    );
    expect(readdirSync(folder).sort()).toEqual(['background.json', 'now.json']);
  });

  it('write in the background the file a save at once writes, byte for byte, with non-ASCII text and a piece larger than its buffer', async () => {
    const folder = dir();
    // 'Zoë 🙂' is six UTF-16 units and nine bytes; repeated, one record's text is megabytes.
    const world = {
      orgs: [{ _id: 'o', name: 'Zoë 🙂'.repeat(400_000) }],
      contacts: Array.from({ length: 5000 }, (_, i) => ({
        org_id: 'o',
        cell: `2782${String(i).padStart(7, '0')}`,
        firstname: i % 2 ? `Zoë${i}` : `Ann${i}`,
      })),
    };
    const clock = { now: '2026-05-01T00:00:00.000Z', fixed: true };
    saveStateFile(join(folder, 'now.json'), { world, clock });
    await writeStateFile(join(folder, 'background.json'), documentSource(world), clock);
    const [background, now] = ['background.json', 'now.json'].map((name) => readFileSync(join(folder, name)));
    expect(background!.length).toBe(now!.length);
    expect(Buffer.compare(background!, now!)).toBe(0);
    expect(loadStateFile(join(folder, 'background.json'))?.trusted).toBe(true);
  });

  it('write in the background the contacts as they were when the snapshot was taken, whatever changes meanwhile', async () => {
    const folder = dir();
    const mock = createMockService({
      now: '2026-05-01T00:00:00Z',
      seed: {
        orgs: [{ _id: 'o', credits: 100 }],
        api_keys: [{ key: 'k', org_id: 'o' }],
        contacts: Array.from({ length: 30_000 }, (_, i) => ({
          org_id: 'o',
          cell: `2782${String(i).padStart(7, '0')}`,
          firstname: `F${i}`,
        })),
      },
    });
    const clock = { now: '2026-05-01T00:00:00.000Z', fixed: true };
    saveStateFile(join(folder, 'before.json'), { world: mock.state(), clock });
    const saving = writeStateFile(join(folder, 'background.json'), snapshotOf(worldOf(mock)!), clock);
    mock.seed({ contacts: [{ org_id: 'o', cell: '27839999999', firstname: 'Later' }] });
    const changes = [
      new Request('http://mock/contacts/27820000007', {
        method: 'DELETE',
        headers: { authorization: 'Bearer k' },
      }),
      new Request('http://mock/contacts', {
        method: 'PUT',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: JSON.stringify({ contacts: [{ cell: '27820020000', firstname: 'Changed' }] }),
      }),
    ];
    for (const change of changes) expect((await mock.handle(change)).status).toBe(200);
    await saving;
    const before = loadStateFile(join(folder, 'before.json'))!;
    const background = loadStateFile(join(folder, 'background.json'))!;
    expect(createMockService({ seed: background.world, seedIsTrusted: true }).state()).toEqual(
      createMockService({ seed: before.world, seedIsTrusted: true }).state(),
    );
  });

  it('write in the background the sends, clicks and outbox as they were when the snapshot was taken, whatever is sent meanwhile', async () => {
    const folder = dir();
    const mock = createMockService({
      now: '2026-05-01T00:00:00Z',
      seed: {
        orgs: [{ _id: 'o', credits: 1e6 }],
        api_keys: [{ key: 'k', org_id: 'o' }],
        contacts: Array.from({ length: 50 }, (_, i) => ({
          org_id: 'o',
          cell: `2782${String(i).padStart(7, '0')}`,
        })),
      },
    });
    const send = (cell: string) =>
      mock.handle(
        new Request('http://mock/send/sms', {
          method: 'POST',
          headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
          body: JSON.stringify({
            cell,
            content: 'Hello',
            skipNonContacts: false,
            country: 'ZA',
            deliveryMethod: 'standard',
          }),
        }),
      );
    for (let i = 0; i < 30; i++) expect((await send(`2782${String(i).padStart(7, '0')}`)).status).toBe(200);
    const [first] = mock.outbox();
    mock.clicks.create({ send_id: first!.send_id });
    const clock = { now: '2026-05-01T00:00:00.000Z', fixed: true };
    saveStateFile(join(folder, 'before.json'), { world: mock.state(), clock });
    const saving = writeStateFile(join(folder, 'background.json'), snapshotOf(worldOf(mock)!), clock);
    // Sent and clicked after the snapshot: not in the file it writes.
    for (let i = 30; i < 50; i++) expect((await send(`2782${String(i).padStart(7, '0')}`)).status).toBe(200);
    mock.clicks.create({ send_id: first!.send_id });
    await saving;
    const before = loadStateFile(join(folder, 'before.json'))!.world;
    const background = loadStateFile(join(folder, 'background.json'))!.world;
    expect(background.outbox).toHaveLength(30);
    expect(background.sends).toHaveLength(30);
    expect(background.clicks).toHaveLength(1);
    expect(background.outbox).toEqual(before.outbox);
    expect(new Set(background.sends)).toEqual(new Set(before.sends));
    expect(background.clicks).toEqual(before.clicks);
  });

  it('write in the background the replies, sales, lead transactions and webhook attempts as they were at the snapshot, sharing the records rather than copying them', async () => {
    const folder = dir();
    const at = '2026-05-01T00:00:00.000Z';
    const mock = createMockService({
      now: at,
      seed: {
        orgs: [{ _id: 'o', credits: 1000 }, { _id: 'seller' }],
        api_keys: [{ key: 'k', org_id: 'o' }],
        campaigns: [{ _id: 'cmp_1', org_id: 'o' }],
        transactions: [
          {
            _id: 'tx_1',
            resource_id: 'r1',
            offer_id: 'off_1',
            campaign_id: 'cmp_1',
            cell: '27820000001',
            status: 'pending',
            status_reason: 'requested',
            price: 5,
            buyer_org_id: 'o',
            seller_org_id: 'seller',
            createdAt: at,
            updatedAt: at,
          },
        ],
        replies: [
          { To: '27820000001', Message: 'YES', Msisdn: '27820000001', Received: at, kind: 'unknown' },
        ],
        sales: [{ org_id: 'o', campaign_id: 'cmp_1', cell: '27820000001', soldAt: at, saleValue: 10 }],
        webhook_deliveries: [
          {
            delivery_id: 'whd_1',
            hook_id: 'hk_1',
            org_id: 'o',
            url: 'http://127.0.0.1:9/',
            method: 'POST',
            headers: {},
            attempt: 1,
            outcome: 'delivered',
            status: 200,
            at,
          },
        ],
      },
    });
    const world = worldOf(mock)!;
    const clock = { now: at, fixed: true };
    saveStateFile(join(folder, 'before.json'), { world: mock.state(), clock });
    const source = snapshotOf(world);
    // 500,000 attempts cloned for the snapshot held the server 1.7 s: the records are shared,
    // which is safe because none is changed once stored (a change replaces or appends one).
    const taken = (name: string) => [
      ...(source.collections.find(([n]) => n === name)![1] as Iterable<unknown>),
    ];
    expect(taken('webhook_deliveries')[0]).toBe(world.webhookDeliveries[0]);
    expect(taken('replies')[0]).toBe(world.replies[0]);
    expect(taken('sales')[0]).toBe(world.sales[0]);
    expect(taken('transactions')[0]).toBe(world.transactions.get('tx_1'));
    const saving = writeStateFile(join(folder, 'background.json'), source, clock);
    const call = (method: string, path: string, body: unknown) =>
      mock.handle(
        new Request(`http://mock${path}`, {
          method,
          headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    expect(
      (await call('PUT', '/exchange/buyer/transaction/tx_1/status', { status: 'completed' })).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/sales', [
          { campaign_id: 'cmp_1', cell: '0820000002', soldAt: '2026-05-01', saleValue: 3 },
        ])
      ).status,
    ).toBe(200);
    await mock.replies.receive({ from: '27820000002', message: 'STOP', campaign_id: 'cmp_1' });
    await saving;
    const before = loadStateFile(join(folder, 'before.json'))!.world;
    const background = loadStateFile(join(folder, 'background.json'))!.world;
    expect(mock.state().transactions?.[0]?.status).toBe('completed');
    expect(background.transactions?.[0]?.status).toBe('pending');
    for (const name of ['transactions', 'sales', 'replies', 'webhook_deliveries'] as const)
      expect(background[name], name).toEqual(before[name]);
  });

  it('write in the background a campaign sent to thousands of contacts as it stood at the snapshot, in pieces of its own', async () => {
    const folder = dir();
    const mock = createMockService({
      now: '2026-05-01T00:00:00Z',
      seed: {
        orgs: [{ _id: 'o' }],
        campaigns: [
          { _id: 'cmp_small', org_id: 'o' },
          { _id: 'cmp_large', org_id: 'o' },
          { _id: 'cmp_last', org_id: 'o' },
        ],
      },
    });
    const world = worldOf(mock)!;
    const large = world.campaigns.get('cmp_large')!;
    for (let i = 0; i < 3_000; i++) setFor(large, 'lastSent', `ct_${i}`, `2026-05-01T00:00:0${i % 10}.000Z`);
    setFor(world.campaigns.get('cmp_small')!, 'lastSent', 'ct_1', 'small');
    const clock = { now: '2026-05-01T00:00:00.000Z', fixed: true };
    saveStateFile(join(folder, 'before.json'), { world: mock.state(), clock });
    const source = snapshotOf(world);
    const [, , jsonPieces] = source.collections.find(([name]) => name === 'campaigns')!;
    const saving = writeStateFile(join(folder, 'background.json'), source, clock);
    // Written after the snapshot: not in the file.
    for (let i = 3_000; i < 4_000; i++) setFor(large, 'lastSent', `ct_${i}`, 'later');
    setFor(large, 'contactSendCounts', 'ct_1', 9);
    await saving;
    const before = loadStateFile(join(folder, 'before.json'))!.world;
    const background = loadStateFile(join(folder, 'background.json'))!.world;
    expect(background.campaigns).toEqual(before.campaigns);
    expect(Object.keys(background.campaigns![1]!.lastSent!)).toHaveLength(3_000);
    // The large campaign, and only it, was written in pieces of its own.
    const written = ['cmp_small', 'cmp_large', 'cmp_last'].map((id) => jsonPieces?.(world.campaigns.get(id)));
    expect(written.map((pieces) => pieces !== undefined)).toEqual([false, true, false]);
  });

  it('remove the temporary files of saves killed midway, and only those', () => {
    const folder = dir();
    const path = join(folder, 'state.json');
    for (const name of [
      'state.json.123.tmp',
      'state.json.9.tmp',
      'state.json',
      'other.json.1.tmp',
      'state.json.x.tmp',
    ])
      writeFileSync(join(folder, name), '');
    expect(removeStaleTemporaries(path).sort()).toEqual(['state.json.123.tmp', 'state.json.9.tmp']);
    expect(readdirSync(folder).sort()).toEqual(['other.json.1.tmp', 'state.json', 'state.json.x.tmp']);
  });

  it('name the file a --state path links to, refuse a directory, and warn of a file with other hard links', () => {
    const folder = dir();
    const real = join(folder, 'real.json');
    writeFileSync(real, '{}');
    symlinkSync('real.json', join(folder, 'file-link.json'));
    symlinkSync(folder, join(folder, 'dir-link'));
    expect(stateFileTarget(join(folder, 'file-link.json'))).toEqual({ path: real });
    expect(stateFileTarget(join(folder, 'dir-link', 'new.json'))).toEqual({ path: join(folder, 'new.json') });
    expect(stateFileTarget(join(folder, 'missing-dir', 'state.json'))).toEqual({
      path: join(folder, 'missing-dir', 'state.json'),
    });
    symlinkSync('later.json', join(folder, 'dangling.json'));
    expect(stateFileTarget(join(folder, 'dangling.json'))).toEqual({ path: join(folder, 'later.json') });
    symlinkSync('loop-b.json', join(folder, 'loop-a.json'));
    symlinkSync('loop-a.json', join(folder, 'loop-b.json'));
    expect(() => stateFileTarget(join(folder, 'loop-a.json'))).toThrow(
      `State file ${join(folder, 'loop-a.json')} is a loop of symbolic links`,
    );
    symlinkSync('/dev/null', join(folder, 'device.json'));
    expect(() => stateFileTarget(join(folder, 'device.json'))).toThrow(
      'is not a regular file (/dev/null is a device',
    );
    expect(() => stateFileTarget(folder)).toThrow(`State file ${folder} is a directory`);
    linkSync(real, join(folder, 'hard.json'));
    expect(stateFileTarget(join(folder, 'hard.json'))).toEqual({
      path: join(folder, 'hard.json'),
      warning: expect.stringContaining('has 2 hard links: the lock covers this name only'),
    });
  });

  it('lock a state file for one server, take over the lock of a process that is gone, and release it', () => {
    const path = join(dir(), 'state.json');
    // A process that is gone, and numbers that name no one process (0: this group, -1: everyone).
    for (const holder of ['2147483646', '0', '-1']) {
      writeFileSync(`${path}.lock`, `${holder}\n`);
      const release = lockStateFile(path);
      expect(readFileSync(`${path}.lock`, 'utf8'), holder).toBe(`${process.pid}\n`);
      release();
      expect(readdirSync(dirname(path))).toEqual([]);
    }
    writeFileSync(`${path}.lock`, `${process.ppid}\n`);
    expect(() => lockStateFile(path)).toThrow(
      `State file ${path} is in use by another marketing-mock (process ${process.ppid}`,
    );
    expect(() => lockStateFile(join(dir(), 'missing', 'state.json'))).toThrow(
      /its directory .* does not exist/,
    );
  });

  it.skipIf(process.platform !== 'linux')(
    'take over the lock of a server killed with -9 that its parent has not reaped yet (a zombie)',
    async () => {
      // The child exits after its parent has been exec'd into `sleep 3`, which never waits for it.
      // (`sleep 0` could exit before the exec, and the shell then reaped it: 1 run in 4 failed.)
      const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 3']);
      const pid = Number.parseInt(
        await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(String(d)))),
        10,
      );
      try {
        await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
        const path = join(dir(), 'state.json');
        writeFileSync(`${path}.lock`, `${pid}\n`);
        const release = lockStateFile(path);
        expect(readFileSync(`${path}.lock`, 'utf8')).toBe(`${process.pid}\n`);
        release();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );
});
