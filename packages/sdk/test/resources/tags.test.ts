import { describe, expect, it } from 'vitest';
import { PermissionDeniedError } from '../../src/index.js';
import { useSdk } from '../support/sdk-world.js';

const { start } = useSdk();

describe('client.tags', () => {
  it('lists, gets and deletes, and throws NotFoundError and PermissionDeniedError', async () => {
    const { admin, client } = start();
    expect((await admin.tags.list()).map((t) => t.tag_id)).toEqual(['tag_vip', 'tag_new', 'tag_optout']);
    expect(await admin.tags.get('tag_new')).toEqual({ tag_id: 'tag_new', name: 'New' });
    expect(await admin.tags.delete('tag_new')).toEqual({ tag_id: 'tag_new', name: 'New' });
    await expect(admin.tags.get('tag_new')).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'Tag not found',
    });
    const denied = (await client('key_a_tags')
      .tags.delete('tag_vip')
      .catch((e: unknown) => e)) as PermissionDeniedError;
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied.missingPermissions).toEqual(['tag.delete']);
  });
});
