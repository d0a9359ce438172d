import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Client, PayloadTooLargeError, type Progress, ResponseValidationError } from '../src/index.js';
import { contractValidator } from '../src/validation.js';
import { useSdk } from './support/sdk-world.js';

const { start, server } = useSdk();
const cell = (i: number) => `2783${String(i).padStart(7, '0')}`;

describe('auto-pagination', () => {
  it('yields each of 25,000 matching contacts exactly once, a page of 10,000 per request', async () => {
    const contacts = Array.from({ length: 25_000 }, (_, i) => ({
      org_id: 'o',
      cell: cell(i),
      tag_ids: i % 2 ? ['odd'] : ['even', 'all'],
    }));
    const { client, mock } = start({
      seed: { orgs: [{ _id: 'o', credits: 100 }], api_keys: [{ key: 'k', org_id: 'o' }], contacts },
    });
    const seen: string[] = [];
    for await (const contact of client('k').contacts.searchAll({
      find: { tag_ids: { $in: ['odd', 'even'] } },
      projection: { cell: 1 },
    })) {
      seen.push(contact.cell!);
    }
    expect(seen).toHaveLength(25_000);
    expect(new Set(seen)).toEqual(new Set(contacts.map((c) => c.cell)));
    expect(mock.requests().filter((r) => r.path === '/contacts/search')).toHaveLength(3);
    expect(mock.state().orgs[0]?.credits).toBe(70);
  });

  it('stops after a short page and honours a page size', async () => {
    const { admin, mock } = start();
    const cells: string[] = [];
    for await (const c of admin.contacts.searchAll({
      find: { tag_ids: { $in: ['tag_vip'] } },
      projection: { cell: 1 },
      pageSize: 2,
    }))
      cells.push(c.cell!);
    expect(cells).toEqual(['27821234567', '27821234568', '27820000009']);
    expect(mock.requests()).toHaveLength(2);
  });

  it('resumes an iteration from the number of contacts it had yielded', async () => {
    const { admin } = start();
    const find = { tag_ids: { $in: ['tag_vip'] } };
    const all: string[] = [];
    for await (const c of admin.contacts.searchAll({ find, projection: { cell: 1 }, pageSize: 2 }))
      all.push(c.cell!);
    const rest: string[] = [];
    for await (const c of admin.contacts.searchAll({ find, projection: { cell: 1 }, pageSize: 2, skip: 1 }))
      rest.push(c.cell!);
    expect(rest).toEqual(all.slice(1));
    await expect(admin.contacts.searchAll({ find, skip: -1 }).next()).rejects.toThrow(
      'contacts.searchAll: skip must be a whole number, 0 or more, got -1',
    );
  });

  it('refuses a page size over 10,000 that the types could not see, with the service’s 400', async () => {
    const { admin } = start();
    const pageSize: number = 20_000;
    const pages = admin.contacts.searchAll({ find: { tag_ids: { $in: ['tag_vip'] } }, pageSize });
    const refused = await pages.next().catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'BadRequestError', status: 400, code: 'validation_error' });
  });
});

describe('chunked uploads', () => {
  it('splits 250,000 contacts at 100,000 and maps invalid rows back to the caller’s array', async () => {
    const { admin, mock } = start();
    const rows = Array.from({ length: 250_000 }, (_, i) => ({
      cell: [7, 100_007, 249_999].includes(i) ? 'bad' : cell(i),
    }));
    const progress: Progress[] = [];
    const result = await admin.contacts.createMany(rows, { onProgress: (p) => progress.push(p) });
    expect(result.validContacts).toBe(249_997);
    expect(result.invalidContacts).toEqual(
      [7, 100_007, 249_999].map((row) => ({ row, issue: 'cell: Invalid cell number' })),
    );
    expect(progress.map((p) => [p.done, p.chunks, p.totalChunks])).toEqual([
      [100_000, 1, 3],
      [200_000, 2, 3],
      [250_000, 3, 3],
    ]);
    expect(mock.requests().map((r) => [r.method, r.path, r.status])).toEqual(
      Array(3).fill(['POST', '/contacts', 200]),
    );
  }, 120_000);

  it('upserts in chunks of 20,000, and refuses a chunk size over the limit', async () => {
    const { admin, mock } = start();
    const rows = Array.from({ length: 45_000 }, (_, i) => ({ cell: cell(i) }));
    expect((await admin.contacts.upsertMany(rows)).validContacts).toBe(45_000);
    expect(mock.requests()).toHaveLength(3);
    await expect(() => admin.contacts.upsertMany(rows, { chunkSize: 20_001 })).rejects.toThrow(
      'contacts.upsertMany: chunkSize must be a whole number from 1 to 20000, got 20001',
    );
  }, 60_000);

  it('throws PayloadTooLargeError for a chunk larger than the service takes, naming the code', async () => {
    const { admin } = start({ maxBodyBytes: 2_000 });
    const rows = Array.from({ length: 200 }, (_, i) => ({ cell: cell(i) }));
    const error = await admin.contacts.createMany(rows).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error).toMatchObject({ name: 'PayloadTooLargeError', status: 413, code: 'body_too_large' });
    expect((await admin.contacts.createMany(rows, { chunkSize: 20 })).validContacts).toBe(200);
  });

  it('resumes an upload that failed part way from the last progress, with rows still indexing the whole array', async () => {
    const { admin, mock } = start();
    const rows = Array.from({ length: 25 }, (_, i) => ({ cell: i === 22 ? 'bad' : cell(i) }));
    const progress: Progress[] = [];
    const failed = await admin.contacts
      .createMany(rows, {
        chunkSize: 10,
        onProgress: (p) => {
          progress.push(p);
          if (p.chunks === 1) mock.faults.add({ method: 'POST', path: '/contacts', status: 400 });
        },
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect(progress.map((p) => p.done)).toEqual([10]);
    const resumed: Progress[] = [];
    const result = await admin.contacts.createMany(rows, {
      chunkSize: 10,
      startAt: progress.at(-1)!.done,
      onProgress: (p) => resumed.push(p),
    });
    expect(resumed.map((p) => [p.done, p.total, p.chunks, p.totalChunks])).toEqual([
      [20, 25, 1, 2],
      [25, 25, 2, 2],
    ]);
    expect(result).toEqual({
      validContacts: 14,
      invalidContacts: [{ row: 22, issue: 'cell: Invalid cell number' }],
    });
    for (const row of rows.filter((r) => r.cell !== 'bad'))
      expect((await admin.contacts.get(row.cell)).cell).toBe(row.cell);
    await expect(() => admin.contacts.createMany(rows, { startAt: 26 })).rejects.toThrow(
      'contacts.createMany: startAt must be a whole number from 0 to 25, got 26',
    );
    await expect(() => admin.transactions.createMany([], { startAt: -1 })).rejects.toThrow(RangeError);
  });

  it('submits leads in batches of 1,000 with progress', async () => {
    const { buyer, mock } = start({ seed: undefined });
    mock.seed((await import('./support/sdk-world.js')).testSeed());
    mock.seed({
      offers: [
        {
          _id: 'off_open',
          seller_org_id: 'org_a',
          buyer_org_id: 'org_b',
          campaign_id: 'cmp_other',
          price: 0,
        },
      ],
    });
    const leads = Array.from({ length: 2_500 }, (_, i) => ({
      resource_id: `r${i}`,
      cell: cell(i),
      campaign_id: 'cmp_other',
    }));
    const done: number[] = [];
    await buyer.transactions.createMany(leads, { onProgress: (p) => done.push(p.done) });
    expect(done).toEqual([1_000, 2_000, 2_500]);
    expect(mock.state().transactions).toHaveLength(2_500);
  }, 60_000);
});

describe('response validation', () => {
  it('is off by default, and names the endpoint and field when on', async () => {
    server.use(
      http.get('https://validation.test/contacts/:cell', () =>
        HttpResponse.json({ ok: true, data: { _id: 'x', cell: '+27 82', tag_ids: [] } }),
      ),
    );
    const loose = new Client({ apiKey: 'k', baseUrl: 'https://validation.test' });
    expect(await loose.contacts.get('27821234567')).toMatchObject({ cell: '+27 82' });
    const strict = new Client({
      apiKey: 'k',
      baseUrl: 'https://validation.test',
      validateResponses: contractValidator,
    });
    const error = (await strict.contacts
      .get('27821234567')
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.endpoint).toBe('contacts.get');
    expect(error.issues).toContain('data.cell: Expected an MSISDN: digits only');
    expect(error.message).toMatch(/^contacts\.get: response does not match the contract/);
  });

  it('accepts every real answer of the mock', async () => {
    const { client } = start({}, { validateResponses: contractValidator });
    const admin = client('key_a_admin');
    await admin.contacts.get('27821234567');
    await admin.contacts.search({ find: { cell: ['27821234567'] }, projection: { cell: 1, tag_ids: 1 } });
    await admin.campaigns.list();
    await admin.campaignsV2.list();
    await admin.tags.list();
    expect(await admin.contacts.upsert({ contacts: [{ cell: '27821234567' }] })).toMatchObject({
      validContacts: 1,
    });
  });
});
