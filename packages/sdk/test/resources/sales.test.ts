import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../src/index.js';
import { useSdk } from '../support/sdk-world.js';

const { start } = useSdk();

describe('client.sales', () => {
  it('uploads sales, throws NotFoundError and ConflictError, and builds a postback URL the service accepts', async () => {
    const { admin, mock } = start();
    await admin.sales.create([{ campaign_id: 'cmp_1', cell: '0821234567', soldAt: '2026-11-20' }]);
    await expect(admin.sales.create([{ campaign_id: 'nope', cell: '0821234567' }])).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'Campaign not found',
    });
    const duplicate = await admin.sales
      .create([{ campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-20' }])
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(ConflictError);
    const url = admin.sales.postbackUrl({
      campaign_id: 'cmp_1',
      cell: '27821234568',
      soldAt: '2026-11-21 14:30',
      saleValue: 10,
    });
    expect(url).toBe(
      `${mock.baseUrl}/sales/create?key=key_a_admin&campaign_id=cmp_1&cell=27821234568&soldAt=2026-11-21+14%3A30&saleValue=10`,
    );
    expect(await (await fetch(url)).json()).toEqual({ ok: true });
    expect(mock.state().sales).toHaveLength(2);
  });
});
