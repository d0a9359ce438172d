import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();

describe('GET /tags', () => {
  it('lists the organisation’s tags only', async () => {
    const { admin } = startMock();
    const res = await admin('GET', '/tags');
    expect(res.status).toBe(200);
    expect((res.body.data as { tag_id: string }[]).map((t) => t.tag_id)).toEqual([
      'tag_vip',
      'tag_new',
      'tag_optout',
    ]);
  });

  it('shows a restricted key only its tags', async () => {
    const { call } = startMock();
    const res = await call('GET', '/tags', { key: 'key_a_supplier' });
    expect(res.status).toBe(403);
    const { mock, call: call2 } = startMock();
    mock.seed({
      api_keys: [
        {
          key: 'key_tags_vip',
          org_id: 'org_a',
          permissions: ['tag.read'],
          resources: { tag_ids: ['tag_vip'] },
        },
      ],
    });
    expect((await call2('GET', '/tags', { key: 'key_tags_vip' })).body.data).toEqual([
      { tag_id: 'tag_vip', name: 'VIP' },
    ]);
  });
});

describe('GET /tags/:tag_id', () => {
  it('returns the tag', async () => {
    const { call } = startMock();
    expect((await call('GET', '/tags/tag_vip', { key: 'key_a_tags' })).body).toEqual({
      ok: true,
      data: { tag_id: 'tag_vip', name: 'VIP' },
    });
  });

  it('answers 404 Tag not found for a missing tag and another organisation’s tag', async () => {
    const { admin } = startMock();
    expect(await admin('GET', '/tags/tag_ghost')).toMatchObject({
      status: 404,
      body: { ok: false, error: 'Tag not found' },
    });
    expect((await admin('GET', '/tags/tag_b')).status).toBe(404);
  });
});

describe('DELETE /tags/:tag_id', () => {
  it('deletes the tag and removes it from every contact and campaign that has it', async () => {
    const { admin } = startMock();
    expect((await admin('DELETE', '/tags/tag_vip')).body).toEqual({
      ok: true,
      data: { tag_id: 'tag_vip', name: 'VIP' },
    });
    expect((await admin('GET', '/contacts/27821234568')).body.data).toMatchObject({ tag_ids: ['tag_new'] });
    expect((await admin('GET', '/campaigns/cmp_1')).body.data).toMatchObject({ tag_ids: [] });
    expect((await admin('GET', '/campaigns/v2/cmp_v2')).body.data).toMatchObject({
      targeting: { tag_ids: { $in: [] } },
    });
    const search = await admin('POST', '/contacts/search', {
      body: { find: { tag_ids: { $in: ['tag_vip'] } } },
    });
    expect((search.body.data as { contacts: unknown[] }).contacts).toEqual([]);
    expect((await admin('GET', '/tags/tag_vip')).status).toBe(404);
  });

  it('removes only the deleted tag from a contact seeded with a tag twice, then given another', async () => {
    const { mock, admin } = startMock();
    mock.seed({ contacts: [{ org_id: 'org_a', cell: '27825550001', tag_ids: ['tag_new', 'tag_new'] }] });
    expect((await admin('GET', '/contacts/27825550001')).body.data).toMatchObject({ tag_ids: ['tag_new'] });
    await admin('PUT', '/contacts/27825550001/tag/add', { body: { tag_ids: ['tag_vip'] } });
    expect((await admin('DELETE', '/tags/tag_new')).status).toBe(200);
    expect((await admin('GET', '/contacts/27825550001')).body.data).toMatchObject({ tag_ids: ['tag_vip'] });
  });

  it('answers 404 for a missing tag and 403 without tag.delete', async () => {
    const { admin, call } = startMock();
    expect(await admin('DELETE', '/tags/tag_ghost')).toMatchObject({
      status: 404,
      body: { error: 'Tag not found' },
    });
    expect(await call('DELETE', '/tags/tag_vip', { key: 'key_a_tags' })).toMatchObject({
      status: 403,
      body: { ok: false, error: { code: 'insufficient_permissions', missing: ['tag.delete'] } },
    });
  });
});
