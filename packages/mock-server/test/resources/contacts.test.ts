import { describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../src/index.js';
import { testSeed, useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();

describe('GET /contacts/:cell', () => {
  it('returns the contact by MSISDN or plus form', async () => {
    const { admin } = startMock();
    for (const cell of ['27821234567', '%2B27821234567']) {
      const res = await admin('GET', `/contacts/${cell}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ok: true,
        data: { cell: '27821234567', firstname: 'Thandi', tag_ids: ['tag_vip'] },
      });
    }
  });

  it('answers 400 Invalid cell number for an invalid cell', async () => {
    const { admin } = startMock();
    expect(await admin('GET', '/contacts/12ab')).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: 'Invalid cell number',
        hint: expect.stringContaining('international form with its country code'),
      },
    });
  });

  it('answers 404 Contact not found for a missing contact and for another organisation’s contact', async () => {
    const { admin } = startMock();
    expect(await admin('GET', '/contacts/27831112222')).toMatchObject({
      status: 404,
      body: { ok: false, error: 'Contact not found' },
    });
    expect((await admin('GET', '/contacts/27829999999')).status).toBe(404);
  });
});

describe('POST /contacts/search', () => {
  it('finds a page that reads more candidates than it answers at once, a slice at a time, as reading them at once would', async () => {
    const { admin, mock } = startMock();
    // 25,000 contacts carry each tag and only the last 10 both: the smaller tag's 25,000 are read.
    const cellOf = (i: number) => `2783${String(2_000_000 + i).padStart(7, '0')}`;
    mock.seed({
      contacts: Array.from({ length: 50_000 }, (_, i) => ({
        org_id: 'org_a',
        cell: cellOf(i),
        tag_ids: i >= 49_990 ? ['tag_new', 'tag_optout'] : [i % 2 === 0 ? 'tag_new' : 'tag_optout'],
      })),
    });
    const res = await admin('POST', '/contacts/search', {
      body: {
        find: { tag_ids: { $all: ['tag_new', 'tag_optout'] } },
        projection: { cell: 1 },
        options: { skip: 3, limit: 5 },
      },
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { contacts: { cell: string }[] }).contacts.map((c) => c.cell)).toEqual(
      [49_993, 49_994, 49_995, 49_996, 49_997].map(cellOf),
    );
  });

  it('refuses a list of more than 10,000 cells or tag IDs, and takes 10,000', async () => {
    const { admin } = startMock();
    const cells = Array.from({ length: 10_001 }, (_, i) => `2783${String(1_000_000 + i).padStart(7, '0')}`);
    for (const find of [{ cell: cells }, { tag_ids: { $in: cells } }, { tag_ids: { $all: cells } }]) {
      const res = await admin('POST', '/contacts/search', { body: { find } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain('Too big: expected array to have <=10000 items');
    }
    const most = await admin('POST', '/contacts/search', { body: { find: { cell: cells.slice(1) } } });
    expect(most.status).toBe(200);
  });

  it('refuses 10,001 entries in any other list of a request, changing nothing', async () => {
    const { admin, mock } = startMock();
    const many = Array.from({ length: 10_001 }, (_, i) => `tag_${i}`);
    const before = JSON.stringify(mock.state());
    for (const [method, path, body] of [
      ['POST', '/contacts', { tag_ids: many, contacts: [{ cell: '27835550001' }] }],
      ['PUT', '/contacts', { tag_ids: many, contacts: [{ cell: '27835550001' }] }],
      ['PUT', '/contacts/27821234567/tag/add', { tag_ids: many }],
      ['PUT', '/contacts/27821234567/tag/remove', { tags: many }],
      ['POST', '/contacts/27821234567/optOut', { campaign_ids: many }],
      [
        'POST',
        '/send/email/bulk',
        { from: 'a@b.example', template_id: 'tpl_email', destinations: many.map((t) => `${t}@x.example`) },
      ],
    ] as const) {
      const res = await admin(method, path, { body });
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body.error), path).toContain('Too big: expected array to have <=10000 items');
    }
    const row = await admin('POST', '/contacts', {
      body: { contacts: [{ cell: '27835550001', tags: many }] },
    });
    expect((row.body.data as { invalidContacts: { issue: string }[] }).invalidContacts[0]!.issue).toContain(
      'tags: Too big',
    );
    expect(JSON.stringify(mock.state())).toBe(before);
  });

  it('returns _id only by default, projected fields on request, and the parsed request', async () => {
    const { admin } = startMock();
    const res = await admin('POST', '/contacts/search', {
      body: { find: { tag_ids: { $all: ['tag_vip', 'tag_new'] } } },
    });
    expect(res.status).toBe(200);
    const data = res.body.data as { parsed_request: unknown; contacts: Record<string, unknown>[] };
    expect(data.parsed_request).toEqual({
      find: { tag_ids: { $all: ['tag_vip', 'tag_new'] } },
      projection: { _id: 1 },
      options: { skip: 0, limit: 100 },
    });
    expect(data.contacts).toHaveLength(1);
    expect(Object.keys(data.contacts[0]!)).toEqual(['_id']);
    const projected = await admin('POST', '/contacts/search', {
      body: { find: { cell: ['27821234567'] }, projection: { cell: 1, firstname: 1 } },
    });
    expect((projected.body.data as { contacts: unknown[] }).contacts).toEqual([
      { _id: expect.any(String), cell: '27821234567', firstname: 'Thandi' },
    ]);
  });

  it('answers a contact changed since the last search as it is now, its fields in the projection’s order', async () => {
    const { admin, mock } = startMock();
    // The text as sent: the order of its fields is what a client that reads text sees.
    const text = (projection: Record<string, 1>) =>
      mock
        .fetch(`${mock.baseUrl}/contacts/search`, {
          method: 'POST',
          headers: { authorization: 'Bearer key_a_admin' },
          body: JSON.stringify({ find: { cell: ['27821234567'] }, projection }),
        })
        .then((response) => response.text());
    const first = await text({ firstname: 1, cell: 1 });
    expect(JSON.parse(first).data.contacts).toEqual([
      { _id: expect.any(String), firstname: 'Thandi', cell: '27821234567' },
    ]);
    expect(first).toMatch(/"contacts":\[\{"_id":"[^"]+","firstname":"Thandi","cell":"27821234567"\}\]/);
    const other = await text({ cell: 1, firstname: 1 });
    expect(other).toMatch(/"contacts":\[\{"_id":"[^"]+","cell":"27821234567","firstname":"Thandi"\}\]/);
    await admin('PUT', '/contacts', { body: { contacts: [{ cell: '27821234567', firstname: 'Thandeka' }] } });
    const after = await text({ firstname: 1, cell: 1 });
    expect(JSON.parse(after).data.contacts[0].firstname).toBe('Thandeka');
  });

  it('pages with skip and limit in _id order', async () => {
    const { admin } = startMock();
    const all = await admin('POST', '/contacts/search', {
      body: { find: { tag_ids: { $in: ['tag_vip'] } } },
    });
    const ids = (all.body.data as { contacts: { _id: string }[] }).contacts.map((c) => c._id);
    expect(ids).toHaveLength(3);
    expect([...ids].sort()).toEqual(ids);
    const page = await admin('POST', '/contacts/search', {
      body: { find: { tag_ids: { $in: ['tag_vip'] } }, options: { skip: 1, limit: 1 } },
    });
    expect((page.body.data as { contacts: { _id: string }[] }).contacts.map((c) => c._id)).toEqual([ids[1]]);
  });

  it('costs 10 credits per request', async () => {
    const { admin, mock } = startMock();
    await admin('POST', '/contacts/search', { body: { find: { cell: ['27821234567'] } } });
    expect(mock.state().orgs.find((o) => o._id === 'org_a')?.credits).toBe(990);
  });

  it('answers 400 with a list of issues for an invalid body', async () => {
    const { admin } = startMock();
    const res = await admin('POST', '/contacts/search', { body: { find: {}, options: { limit: 10_001 } } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual([
      { path: 'find', message: 'find needs at least one filter: cell, tag_ids or updatedAt' },
      { path: 'options.limit', message: 'Too big: expected number to be <=10000' },
    ]);
  });

  it('answers 403 Insufficient Resource IDs for tags outside the key’s resources', async () => {
    const { call } = startMock();
    const res = await call('POST', '/contacts/search', {
      key: 'key_a_supplier',
      body: { find: { tag_ids: { $in: ['tag_vip', 'tag_new'] } } },
    });
    expect(res).toMatchObject({
      status: 403,
      body: { ok: false, error: { code: 'Insufficient Resource IDs', missing: { tag_ids: ['tag_new'] } } },
    });
  });

  it('answers 402 Insufficient balance and charges nothing when credits run out', async () => {
    const { admin, mock } = startMock({
      seed: {
        ...(await import('../support/mock-world.js')).testSeed(),
        orgs: [{ _id: 'org_a', credits: 9 }, { _id: 'org_b' }],
      },
    });
    const res = await admin('POST', '/contacts/search', { body: { find: { cell: ['27821234567'] } } });
    expect(res).toMatchObject({ status: 402, body: { ok: false, error: 'Insufficient balance' } });
    expect(mock.state().orgs.find((o) => o._id === 'org_a')?.credits).toBe(9);
  });
});

describe('DELETE /contacts/:cell', () => {
  it('deletes the contact', async () => {
    const { admin } = startMock();
    expect(await admin('DELETE', '/contacts/27821234567')).toMatchObject({ status: 200, body: { ok: true } });
    expect((await admin('GET', '/contacts/27821234567')).status).toBe(404);
  });

  it('answers 400 for an invalid cell and 404 for a missing contact', async () => {
    const { admin } = startMock();
    expect(await admin('DELETE', '/contacts/nope')).toMatchObject({
      status: 400,
      body: { error: 'Invalid cell number' },
    });
    expect(await admin('DELETE', '/contacts/27831112222')).toMatchObject({
      status: 404,
      body: { error: 'Contact not found' },
    });
  });
});

describe('POST /contacts/:cell/optOut', () => {
  it('dedupes the contact against the campaigns and shows it on the contact', async () => {
    const { admin } = startMock();
    const res = await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_1'] } });
    expect(res).toMatchObject({
      status: 200,
      body: { ok: true, data: { matchedCount: 1, modifiedCount: 1 } },
    });
    expect((await admin('GET', '/contacts/27821234567')).body.data).toMatchObject({
      deduped_campaign_ids: ['cmp_1'],
    });
    const again = await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_1'] } });
    expect(again.body.data).toEqual({ matchedCount: 1, modifiedCount: 0 });
  });

  it('applies the campaign’s opt-out level, as a reply would', async () => {
    const { admin } = startMock();
    await admin('POST', '/contacts/27821234567/optOut', { body: { campaign_ids: ['cmp_tag'] } });
    const contact = (await admin('GET', '/contacts/27821234567')).body.data as {
      deduped_campaign_ids: string[];
    };
    expect(contact.deduped_campaign_ids.sort()).toEqual(['cmp_1', 'cmp_tag', 'cmp_v2']);
  });

  it('opts out of all campaigns with all: true', async () => {
    const { admin } = startMock();
    await admin('POST', '/contacts/27821234567/optOut', { body: { all: true } });
    expect((await admin('GET', '/contacts/27821234567')).body.data).toMatchObject({ global_opt_out: true });
  });

  it('answers 400 with the service message when neither campaign_ids nor all is given', async () => {
    const { admin } = startMock();
    expect(await admin('POST', '/contacts/27821234567/optOut', { body: {} })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Must provider either campaign_ids or set 'all' flag to true" },
    });
  });

  it('answers 400 Invalid cell number for an invalid cell', async () => {
    const { admin } = startMock();
    expect(await admin('POST', '/contacts/abc/optOut', { body: { all: true } })).toMatchObject({
      status: 400,
      body: { error: 'Invalid cell number' },
    });
  });

  it('matches nothing for a missing contact unless asked to create it', async () => {
    const { admin } = startMock();
    expect((await admin('POST', '/contacts/27831112222/optOut', { body: { all: true } })).body.data).toEqual({
      matchedCount: 0,
      modifiedCount: 0,
    });
    expect((await admin('GET', '/contacts/27831112222')).status).toBe(404);
    const created = await admin('POST', '/contacts/27831112222/optOut', {
      body: { all: true, create_missing_contact: true },
    });
    expect(created.body.data).toEqual({ matchedCount: 1, modifiedCount: 1 });
    expect((await admin('GET', '/contacts/27831112222')).body.data).toMatchObject({ global_opt_out: true });
  });

  it('answers 403 for a campaign outside a supplier key’s resources', async () => {
    const { call } = startMock();
    const res = await call('POST', '/contacts/27821234567/optOut', {
      key: 'key_a_supplier',
      body: { campaign_ids: ['cmp_other'] },
    });
    expect(res).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_resource_ids', missing: { campaign_ids: ['cmp_other'] } } },
    });
  });
});

describe('tags a restricted key names by name', () => {
  // key_a_supplier may touch tag_vip and tag_optout only; tag_new is named "New".
  it('refuses adding or removing a tag outside the key by its name, as by its ID', async () => {
    const { call, admin } = startMock();
    for (const action of ['add', 'remove'] as const) {
      const res = await call('PUT', `/contacts/27821234568/tag/${action}`, {
        key: 'key_a_supplier',
        body: { tags: ['New'] },
      });
      expect(res).toMatchObject({
        status: 403,
        body: { ok: false, error: { code: 'insufficient_resource_ids', missing: { tag_ids: ['tag_new'] } } },
      });
    }
    expect((await admin('GET', '/contacts/27821234568')).body.data).toMatchObject({
      tag_ids: ['tag_vip', 'tag_new'],
    });
  });

  it('lets a restricted key name its own tags, and drops names no tag has', async () => {
    const { call, admin } = startMock();
    const res = await call('PUT', '/contacts/27821234568/tag/add', {
      key: 'key_a_supplier',
      body: { tags: ['Supplier opt-out', 'No such tag'] },
    });
    expect(res.body).toEqual({ ok: true, data: { matchedCount: 1, modifiedCount: 1 } });
    expect((await admin('GET', '/contacts/27821234568')).body.data).toMatchObject({
      tag_ids: expect.arrayContaining(['tag_optout']),
    });
  });

  it('refuses an upload whose rows name a tag outside the key, or one the upload would make', async () => {
    const { mock, call, admin } = startMock();
    mock.seed({
      api_keys: [
        {
          key: 'key_a_uploader',
          org_id: 'org_a',
          permissions: ['contact.create'],
          resources: { tag_ids: ['tag_vip'] },
        },
      ],
    });
    const outside = await call('POST', '/contacts', {
      key: 'key_a_uploader',
      body: {
        contacts: [
          { cell: '27831230001', tags: ['VIP'] },
          { cell: '27831230002', tags: ['New'] },
        ],
      },
    });
    expect(outside).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_resource_ids', missing: { tag_ids: ['tag_new'] } } },
    });
    const making = await call('POST', '/contacts', {
      key: 'key_a_uploader',
      body: { contacts: [{ cell: '27831230003', tags: ['Brand new'] }] },
    });
    expect(making).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_resource_ids', missing: { tags: ['Brand new'] } } },
    });
    // Nothing was written: no contact, no tag.
    for (const cell of ['27831230001', '27831230002', '27831230003'])
      expect((await admin('GET', `/contacts/${cell}`)).status).toBe(404);
    expect(JSON.stringify((await admin('GET', '/tags')).body.data)).not.toContain('Brand new');
    const own = await call('POST', '/contacts', {
      key: 'key_a_uploader',
      body: { contacts: [{ cell: '27831230004', tags: ['VIP'] }] },
    });
    expect(own.body.data).toEqual({ validContacts: 1, invalidContacts: [] });
  });
});

describe('PUT /contacts/:cell/optOut', () => {
  it('opts the contact out of one campaign', async () => {
    const { admin } = startMock();
    const res = await admin('PUT', '/contacts/27821234567/optOut', { body: { campaign_id: 'cmp_1' } });
    expect(res.body).toEqual({ ok: true, data: { matchedCount: 1, modifiedCount: 1 } });
  });

  it('answers 400 for an invalid cell and for a missing campaign_id', async () => {
    const { admin } = startMock();
    expect((await admin('PUT', '/contacts/x/optOut', { body: { campaign_id: 'cmp_1' } })).body.error).toBe(
      'Invalid cell number',
    );
    const res = await admin('PUT', '/contacts/27821234567/optOut', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('campaign_id');
  });
});

describe('PUT /contacts/:cell/tag/add and /tag/remove', () => {
  it('adds tags by ID and by name, dropping unknown ones', async () => {
    const { admin } = startMock();
    const res = await admin('PUT', '/contacts/27821234567/tag/add', {
      body: { tag_ids: ['tag_new', 'tag_ghost'], tags: ['Supplier opt-out'] },
    });
    expect(res.body).toEqual({ ok: true, data: { matchedCount: 1, modifiedCount: 1 } });
    expect((await admin('GET', '/contacts/27821234567')).body.data).toMatchObject({
      tag_ids: ['tag_vip', 'tag_new', 'tag_optout'],
    });
  });

  it('removes tags', async () => {
    const { admin } = startMock();
    await admin('PUT', '/contacts/27821234568/tag/remove', { body: { tags: ['VIP'] } });
    expect((await admin('GET', '/contacts/27821234568')).body.data).toMatchObject({ tag_ids: ['tag_new'] });
  });

  it('answers 400 No tags to add/remove when none is given or none exists', async () => {
    const { admin } = startMock();
    for (const body of [{}, { tag_ids: ['tag_ghost'] }, { tags: [] }]) {
      for (const action of ['add', 'remove']) {
        expect(await admin('PUT', `/contacts/27821234567/tag/${action}`, { body })).toMatchObject({
          status: 400,
          body: { ok: false, error: 'No tags to add/remove' },
        });
      }
    }
  });

  it('answers 400 Invalid cell number for an invalid cell', async () => {
    const { admin } = startMock();
    expect((await admin('PUT', '/contacts/1/tag/add', { body: { tag_ids: ['tag_new'] } })).body.error).toBe(
      'Invalid cell number',
    );
  });

  it('creates a missing contact on add only when asked', async () => {
    const { admin } = startMock();
    expect(
      (await admin('PUT', '/contacts/27831112222/tag/add', { body: { tag_ids: ['tag_new'] } })).body.data,
    ).toEqual({ matchedCount: 0, modifiedCount: 0 });
    await admin('PUT', '/contacts/27831112222/tag/add', {
      body: { tag_ids: ['tag_new'], create_missing_contact: true },
    });
    expect((await admin('GET', '/contacts/27831112222')).body.data).toMatchObject({ tag_ids: ['tag_new'] });
  });

  it('bumps updatedAt so suppliers pulling by updatedAt see the change', async () => {
    const { admin, mock } = startMock({ now: '2026-11-01T00:00:00Z' });
    mock.clock.set('2026-11-20T00:00:00Z');
    await admin('PUT', '/contacts/27821234567/tag/add', { body: { tag_ids: ['tag_optout'] } });
    expect((await admin('GET', '/contacts/27821234567')).body.data).toMatchObject({
      updatedAt: '2026-11-20T00:00:00.000Z',
      createdAt: '2026-11-01T00:00:00.000Z',
    });
  });
});

describe('POST /contacts', () => {
  it('gives a new contact a larger _id than every contact of the saved state it restarts from, its clock earlier', async () => {
    const first = createMockService({ seed: testSeed() });
    const create = async (mock: MockService, cell: string) => {
      const res = await mock.fetch(`${mock.baseUrl}/contacts`, {
        method: 'POST',
        headers: { authorization: 'Bearer key_a_admin', 'content-type': 'application/json' },
        body: JSON.stringify({ contacts: [{ cell }] }),
      });
      expect(res.status).toBe(200);
      return mock.state().contacts.find((c) => c.cell === cell)!._id as string;
    };
    await create(first, '27835550301');
    const saved = first.state();
    // As a restart from a --state file saved after the clock was set back: a new process, whose
    // IDs' counter starts again.
    const restarted = createMockService({ seed: saved, now: '2001-01-01T00:00:00Z' });
    const newest = await create(restarted, '27835550302');
    for (const contact of saved.contacts) expect(newest > (contact._id as string)).toBe(true);
  });

  it('gives a new contact a larger _id than those a seed brought with later times in their IDs', async () => {
    const { admin, mock } = startMock();
    // An ID of 2030 (as a state file saved then would hold), the clock in 2026.
    const later = `${Math.floor(Date.UTC(2030, 0, 1) / 1000).toString(16)}0000000000000001`;
    mock.seed({ contacts: [{ _id: later, org_id: 'org_a', cell: '27835550201', tag_ids: ['tag_new'] }] });
    await admin('POST', '/contacts', { body: { tag_ids: ['tag_new'], contacts: [{ cell: '27835550202' }] } });
    const created = (await admin('GET', '/contacts/27835550202')).body.data as { _id: string };
    expect(created._id > later).toBe(true);
  });

  it('gives a contact created after the clock is set back a larger _id than every older one', async () => {
    const { admin, mock } = startMock();
    await admin('POST', '/contacts', { body: { tag_ids: ['tag_new'], contacts: [{ cell: '27835550101' }] } });
    mock.clock.set('2020-01-01T00:00:00Z');
    await admin('POST', '/contacts', { body: { tag_ids: ['tag_new'], contacts: [{ cell: '27835550102' }] } });
    const page = await admin('POST', '/contacts/search', {
      body: { find: { tag_ids: { $in: ['tag_new'] } }, projection: { cell: 1 } },
    });
    const contacts = (page.body.data as { contacts: { _id: string; cell: string }[] }).contacts;
    expect(contacts.at(-1)?.cell).toBe('27835550102');
    expect(contacts.map((c) => c._id)).toEqual(contacts.map((c) => c._id).sort());
    expect((await admin('GET', '/contacts/27835550102')).body.data).toMatchObject({
      createdAt: expect.stringMatching(/^2020-01-01T00:00/),
    });
  });

  it('creates valid rows and reports each invalid row with its index and a readable issue', async () => {
    const { admin } = startMock();
    const res = await admin('POST', '/contacts', {
      body: {
        country: 'ZA',
        tag_ids: ['tag_new'],
        contacts: [
          { cell: '083 555 0001', firstname: 'Ann', tags: ['Brand new tag'], c1: 7 },
          { cell: 'garbage' },
          { cell: '27821234567' },
          { cell: '0835550002', first_name: 'typo' },
          { cell: '0835550003', tag_ids: ['tag_ghost'] },
          { cell: '0835550004', c1: 'seven' },
          { cell: '0835550001' },
          { cell: '0835550005', tag_ids: ['', 'tag_vip'] },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      validContacts: 1,
      invalidContacts: [
        { row: 1, issue: 'cell: Invalid cell number' },
        { row: 2, issue: 'Contact already exists' },
        { row: 3, issue: 'Unrecognized key: "first_name"' },
        { row: 4, issue: 'tag_ids: Unknown tag tag_ghost' },
        { row: 5, issue: 'c1: Expected a number for Policy' },
        { row: 6, issue: 'Contact already exists' },
        { row: 7, issue: 'tag_ids: Unknown tag ""' },
      ],
    });
    const created = (await admin('GET', '/contacts/27835550001')).body.data as {
      tag_ids: string[];
      c1: number;
    };
    expect(created.c1).toBe(7);
    const tags = (await admin('GET', '/tags')).body.data as { tag_id: string; name: string }[];
    const brandNew = tags.find((t) => t.name === 'Brand new tag');
    expect(created.tag_ids).toEqual(['tag_new', brandNew?.tag_id]);
  });

  it('needs area codes without a country', async () => {
    const { admin } = startMock();
    const res = await admin('POST', '/contacts', {
      body: { contacts: [{ cell: '0835550001' }, { cell: '+264811234567' }] },
    });
    expect(res.body.data).toEqual({
      validContacts: 1,
      invalidContacts: [{ row: 0, issue: 'cell: Invalid cell number' }],
    });
  });

  it('answers 400 and stores nothing over 100,000 contacts', async () => {
    const { admin, mock } = startMock();
    const contacts = Array.from({ length: 100_001 }, (_, i) => ({
      cell: `2783${String(i).padStart(7, '0')}`,
    }));
    const res = await admin('POST', '/contacts', { body: { contacts } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('contacts: Too big: expected array to have <=100000 items');
    expect(mock.state().contacts).toHaveLength(4);
  });

  it('sends the template to the newly uploaded contacts and charges for it', async () => {
    const { admin, mock } = startMock();
    const res = await admin('POST', '/contacts', {
      body: {
        contacts: [{ cell: '27835550001', firstname: 'Ann' }, { cell: '27821234567' }],
        send: { campaign_id: 'cmp_1', template: { kind: 'sms', data: { template_id: 'tpl_sms' } } },
      },
    });
    expect(res.body.data).toMatchObject({ validContacts: 1 });
    expect(mock.outbox()).toMatchObject([
      { to: '27835550001', content: 'Welcome Ann', trigger: 'manualBulk', campaign_id: 'cmp_1', cost: 1 },
    ]);
    expect(mock.state().orgs.find((o) => o._id === 'org_a')?.credits).toBe(999);
  });

  it('skips in its send the new contacts the campaign excludes (a tag by ID or by name, a segment) and charges only for the others', async () => {
    const { admin, mock } = startMock();
    // In the segment cmp_1 excludes: uploaded again as a new contact.
    expect((await admin('DELETE', '/contacts/27820000009')).status).toBe(200);
    const res = await admin('POST', '/contacts', {
      body: {
        contacts: [
          { cell: '27835550001', firstname: 'Ann' },
          { cell: '27835550002', tag_ids: ['tag_optout'] },
          { cell: '27835550003', tags: ['Supplier opt-out'] },
          { cell: '27820000009' },
        ],
        send: { campaign_id: 'cmp_1', template: { kind: 'sms', data: { template_id: 'tpl_sms' } } },
      },
    });
    expect(res.body.data).toMatchObject({ validContacts: 4 });
    expect(mock.outbox().map((m) => m.to)).toEqual(['27835550001']);
    expect(mock.state().orgs.find((o) => o._id === 'org_a')?.credits).toBe(999);
  });

  it('answers 404 for an unknown send campaign and 400 for an unknown template, storing nothing', async () => {
    const { admin, mock } = startMock();
    const contacts = [{ cell: '27835550001' }];
    expect(
      await admin('POST', '/contacts', {
        body: {
          contacts,
          send: { campaign_id: 'nope', template: { kind: 'sms', data: { template_id: 'tpl_sms' } } },
        },
      }),
    ).toMatchObject({ status: 404, body: { error: 'Campaign not found' } });
    expect(
      await admin('POST', '/contacts', {
        body: {
          contacts,
          send: { campaign_id: 'cmp_1', template: { kind: 'sms', data: { template_id: 'nope' } } },
        },
      }),
    ).toMatchObject({ status: 400, body: { error: 'Template not found' } });
    expect(mock.state().contacts).toHaveLength(4);
  });
});

describe('PUT /contacts', () => {
  it('creates new contacts and updates existing ones, adding tags', async () => {
    const { admin } = startMock();
    const res = await admin('PUT', '/contacts', {
      body: {
        contacts: [{ cell: '27821234567', lastname: 'Nkosi', tag_ids: ['tag_new'] }, { cell: '27835550001' }],
      },
    });
    expect(res.body.data).toEqual({ validContacts: 2, invalidContacts: [] });
    expect((await admin('GET', '/contacts/27821234567')).body.data).toMatchObject({
      firstname: 'Thandi',
      lastname: 'Nkosi',
      tag_ids: ['tag_vip', 'tag_new'],
    });
    expect((await admin('GET', '/contacts/27835550001')).status).toBe(200);
  });

  it('leaves a contact the rows do not change as it was, updatedAt included', async () => {
    const { admin, mock } = startMock({ now: '2026-11-01T00:00:00Z' });
    const before = (await admin('GET', '/contacts/27821234567')).body.data as {
      firstname: string;
      tag_ids: string[];
    };
    mock.clock.set('2026-11-20T00:00:00Z');
    // The same name, a tag it holds by ID and by name, and the same row twice.
    const same = { cell: '27821234567', firstname: before.firstname, tag_ids: ['tag_vip'], tags: ['VIP'] };
    await admin('PUT', '/contacts', { body: { contacts: [same, same] } });
    expect((await admin('GET', '/contacts/27821234567')).body.data).toEqual(before);
    await admin('PUT', '/contacts', { body: { contacts: [{ ...same, firstname: 'Thandeka' }] } });
    expect((await admin('GET', '/contacts/27821234567')).body.data).toMatchObject({
      firstname: 'Thandeka',
      tag_ids: before.tag_ids,
      updatedAt: '2026-11-20T00:00:00.000Z',
    });
  });

  it('gives a contact its tags in the order of the rows, names as well as IDs', async () => {
    const { admin } = startMock();
    await admin('PUT', '/contacts', {
      body: {
        contacts: [
          { cell: '27821234567', tags: ['Brand new', 'New'] },
          { cell: '27821234567', tag_ids: ['tag_optout'] },
          { cell: '27831112222', tag_ids: ['tag_optout'], tags: ['Brand new'] },
          { cell: '27831112222', tags: ['VIP'] },
        ],
      },
    });
    const tags = (await admin('GET', '/tags')).body.data as { tag_id: string; name: string }[];
    const brandNew = tags.find((t) => t.name === 'Brand new')!;
    const tagsOf = async (cell: string) =>
      ((await admin('GET', `/contacts/${cell}`)).body.data as { tag_ids: string[] }).tag_ids;
    expect(await tagsOf('27821234567')).toEqual(['tag_vip', brandNew.tag_id, 'tag_new', 'tag_optout']);
    expect(await tagsOf('27831112222')).toEqual(['tag_optout', brandNew.tag_id, 'tag_vip']);
  });

  it('answers 400 over 20,000 contacts', async () => {
    const { admin } = startMock();
    const contacts = Array.from({ length: 20_001 }, (_, i) => ({
      cell: `2783${String(i).padStart(7, '0')}`,
    }));
    expect((await admin('PUT', '/contacts', { body: { contacts } })).status).toBe(400);
  });
});

describe('POST /contacts/update', () => {
  it('adds tags to every match and reports the parsed request', async () => {
    const { admin } = startMock();
    const res = await admin('POST', '/contacts/update', {
      body: {
        find: { tag_ids: { $in: ['tag_vip'] } },
        update: { $addToSet: { tag_ids: { $each: ['tag_new'] } } },
      },
    });
    expect(res.body).toEqual({
      ok: true,
      data: {
        matchedCount: 3,
        modifiedCount: 2,
        parsedRequest: {
          find: { tag_ids: { $in: ['tag_vip'] } },
          update: { $addToSet: { tag_ids: { $each: ['tag_new'] } } },
        },
      },
    });
  });

  it('pulls tags and dedupes against campaigns', async () => {
    const { admin } = startMock();
    await admin('POST', '/contacts/update', {
      body: { find: { cell: ['27821234568'] }, update: { $pull: { tag_ids: { $in: ['tag_new'] } } } },
    });
    await admin('POST', '/contacts/update', {
      body: {
        find: { cell: ['27821234568'] },
        update: { $addToSet: { deduped_campaign_ids: { $each: ['cmp_1'] } } },
      },
    });
    expect((await admin('GET', '/contacts/27821234568')).body.data).toMatchObject({
      tag_ids: ['tag_vip'],
      deduped_campaign_ids: ['cmp_1'],
    });
  });

  it('answers 400 with a validation error object for two operators', async () => {
    const { admin } = startMock();
    const res = await admin('POST', '/contacts/update', {
      body: {
        find: { cell: ['27821234567'] },
        update: { $addToSet: { tag_ids: { $each: ['tag_new'] } }, $pull: { tag_ids: { $in: ['tag_vip'] } } },
      },
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: {
          code: 'validation_error',
          issues: [{ path: 'update', message: 'update needs exactly one operator: $addToSet or $pull' }],
        },
      },
    });
  });

  it('answers 403 insufficient_resource_ids for resources outside the key', async () => {
    const { mock, call } = startMock();
    mock.seed({
      api_keys: [
        {
          key: 'key_a_bulk',
          org_id: 'org_a',
          permissions: ['contact.update'],
          resources: { tag_ids: ['tag_vip'] },
        },
      ],
    });
    const res = await call('POST', '/contacts/update', {
      key: 'key_a_bulk',
      body: {
        find: { tag_ids: { $in: ['tag_vip'] } },
        update: { $addToSet: { tag_ids: { $each: ['tag_new'] } } },
      },
    });
    expect(res).toMatchObject({
      status: 403,
      body: { error: { code: 'insufficient_resource_ids', missing: { tag_ids: ['tag_new'] } } },
    });
  });

  it('answers 429 with Retry-After past 5 requests a minute', async () => {
    const { admin } = startMock({ rateLimit: {}, now: '2026-11-22T10:00:30Z' });
    const body = { find: { cell: ['27821234567'] }, update: { $pull: { tag_ids: { $in: ['tag_new'] } } } };
    for (let i = 0; i < 5; i++) expect((await admin('POST', '/contacts/update', { body })).status).toBe(200);
    const res = await admin('POST', '/contacts/update', { body });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.body.error).toEqual({
      code: 'rate_limited',
      resetsAt: Date.parse('2026-11-22T10:01:00Z') / 1000,
      remaining: 0,
    });
  });
});
