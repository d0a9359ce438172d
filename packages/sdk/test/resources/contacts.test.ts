import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  InsufficientBalanceError,
  NotFoundError,
  PermissionDeniedError,
} from '../../src/index.js';
import { testSeed, useSdk } from '../support/sdk-world.js';

const { start } = useSdk();

describe('client.contacts', () => {
  it('gets a contact, and throws NotFoundError and BadRequestError with the service text', async () => {
    const { admin } = start();
    expect(await admin.contacts.get('+27821234567')).toMatchObject({
      cell: '27821234567',
      firstname: 'Thandi',
    });
    await expect(admin.contacts.get('27831112222')).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
      error: 'Contact not found',
      endpoint: 'contacts.get',
    });
    const invalid = await admin.contacts.get('abc').catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect((invalid as BadRequestError).error).toBe('Invalid cell number');
  });

  it('searches, exposing validation issues and resource refusals as typed fields', async () => {
    const { admin, supplier } = start();
    const page = await admin.contacts.search({
      find: { tag_ids: { $in: ['tag_vip'] } },
      projection: { cell: 1 },
    });
    expect(page.parsed_request.options).toEqual({ skip: 0, limit: 100 });
    expect(page.contacts.map((c) => c.cell)).toHaveLength(3);
    // The type refuses an empty filter too; a JavaScript caller gets the service's 400.
    // @ts-expect-error find needs at least one filter
    const invalid = (await admin.contacts.search({ find: {} }).catch((e: unknown) => e)) as BadRequestError;
    expect(invalid.issues).toEqual([
      { path: 'find', message: 'find needs at least one filter: cell, tag_ids or updatedAt' },
    ]);
    const refused = (await supplier.contacts
      .search({ find: { tag_ids: { $in: ['tag_new'] } } })
      .catch((e: unknown) => e)) as PermissionDeniedError;
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(refused.code).toBe('insufficient_resource_ids');
    expect(refused.error).toMatchObject({ code: 'Insufficient Resource IDs' });
    expect(refused.missingResources).toEqual({ tag_ids: ['tag_new'] });
  });

  it('throws InsufficientBalanceError when a search cannot be paid for', async () => {
    const { admin } = start({
      seed: { ...testSeed(), orgs: [{ _id: 'org_a', credits: 5 }, { _id: 'org_b' }] },
    });
    await expect(admin.contacts.search({ find: { cell: ['27821234567'] } })).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
  });

  it('deletes, opts out and changes tags', async () => {
    const { admin } = start();
    expect(await admin.contacts.optOut('27821234567', { campaign_ids: ['cmp_1'] })).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect(await admin.contacts.optOutCampaign('27821234568', { campaign_id: 'cmp_1' })).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });
    await expect(admin.contacts.optOut('27821234567', {} as never)).rejects.toMatchObject({
      status: 400,
      error: "Must provider either campaign_ids or set 'all' flag to true",
    });
    expect(await admin.contacts.addTags('27821234567', { tags: ['New'] })).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect(await admin.contacts.removeTags('27821234567', { tag_ids: ['tag_new'] })).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });
    await expect(admin.contacts.addTags('27821234567', { tag_ids: ['ghost'] })).rejects.toMatchObject({
      status: 400,
      error: 'No tags to add/remove',
    });
    await admin.contacts.delete('27821234567');
    await expect(admin.contacts.get('27821234567')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('uploads and bulk-updates, with row issues and a validation error object', async () => {
    const { admin } = start();
    expect(
      await admin.contacts.create({ country: 'ZA', contacts: [{ cell: '0835550001' }, { cell: 'bad' }] }),
    ).toEqual({
      validContacts: 1,
      invalidContacts: [{ row: 1, issue: 'cell: Invalid cell number' }],
    });
    expect(await admin.contacts.upsert({ contacts: [{ cell: '27835550001', firstname: 'Ann' }] })).toEqual({
      validContacts: 1,
      invalidContacts: [],
    });
    const updated = await admin.contacts.bulkUpdate({
      find: { cell: ['27835550001'] },
      update: { $addToSet: { tag_ids: { $each: ['tag_new'] } } },
    });
    expect(updated).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    const invalid = (await admin.contacts
      .bulkUpdate({ find: { cell: ['1'] }, update: {} as never })
      .catch((e: unknown) => e)) as BadRequestError;
    expect(invalid.error).toMatchObject({ code: 'validation_error' });
    expect(invalid.issues?.[0]?.path).toBe('update');
  });

  it('throws AuthenticationError for an unknown key', async () => {
    const { client } = start();
    await expect(client('nope').contacts.get('27821234567')).rejects.toBeInstanceOf(AuthenticationError);
  });
});
