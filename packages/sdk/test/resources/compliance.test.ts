import { describe, expect, it } from 'vitest';
import { useSdk } from '../support/sdk-world.js';

const { start } = useSdk();

describe('client.compliance', () => {
  it('checks cells, with and without a campaign', async () => {
    const { supplier, admin } = start();
    await admin.contacts.optOut('27821234567', { campaign_ids: ['cmp_1'] });
    expect((await supplier.compliance.checkSend({ cells: ['0821234567'], country: 'ZA' })).results).toEqual([
      { cell: '0821234567', can_send: true },
    ]);
    const checked = await supplier.compliance.checkSend(
      { cells: ['0821234567'], country: 'ZA' },
      { campaign_id: 'cmp_1' },
    );
    expect(checked).toEqual({
      campaign_id: 'cmp_1',
      credits_used: 0.14,
      results: [{ cell: '0821234567', can_send: false, reason: 'opted_out_campaign' }],
    });
    await expect(
      admin.compliance.checkSend({ cells: ['1'], country: 'ZA' }, { campaign_id: 'nope' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
