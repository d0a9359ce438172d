import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/index.js';
import { useSdk } from '../support/sdk-world.js';

const { start } = useSdk();

describe('client.campaigns and client.campaignsV2', () => {
  it('lists and gets both models, and throws NotFoundError with Campaign not found', async () => {
    const { admin } = start();
    expect((await admin.campaigns.list()).map((c) => c._id)).toEqual(['cmp_1', 'cmp_tag', 'cmp_other']);
    expect((await admin.campaigns.get('cmp_1')).defaultSaleValue).toBe(100);
    expect((await admin.campaignsV2.list()).map((c) => c._id)).toEqual(['cmp_v2']);
    expect((await admin.campaignsV2.get('cmp_v2')).marketplace?.offer_id).toBe('off_1');
    await expect(admin.campaigns.get('nope')).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'Campaign not found',
    });
    await expect(admin.campaignsV2.get('nope')).rejects.toBeInstanceOf(NotFoundError);
  });
});
