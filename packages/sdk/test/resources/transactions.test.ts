import { describe, expect, it } from 'vitest';
import { useSdk } from '../support/sdk-world.js';

const { start } = useSdk();

describe('client.transactions', () => {
  it('submits leads, accepts a pending one, searches, and throws the documented errors', async () => {
    const { buyer, mock } = start();
    await buyer.transactions.create([
      { resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2', status: 'pending' },
    ]);
    const [pending] = await buyer.transactions.search({ status: 'pending' });
    expect(await buyer.transactions.updateStatus(pending!._id, 'completed')).toMatchObject({
      status: 'completed',
      status_reason: 'accepted',
    });
    await expect(buyer.transactions.updateStatus(pending!._id, 'rejected')).rejects.toMatchObject({
      name: 'ConflictError',
      error: 'Transaction is not pending',
    });
    await expect(buyer.transactions.updateStatus('nope', 'rejected')).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'Transaction not found',
    });
    await expect(
      buyer.transactions.create([{ resource_id: 'r2', cell: '1', campaign_id: 'cmp_b' }]),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
      error: 'No matching marketplace offer for: r2',
    });
    const issues = await buyer.transactions
      .create([{ resource_id: 'r3', cell: '1' } as never])
      .catch((e: { leadIssues?: unknown }) => e.leadIssues);
    expect(issues).toEqual([
      { index: 0, resource_id: 'r3', issue: 'Exactly one of campaign_id, send_id or click_id is required' },
    ]);
    const url = buyer.transactions.postbackUrl({
      resource_id: 'r4',
      cell: '27831110004',
      campaign_id: 'cmp_v2',
    });
    expect((await fetch(url)).status).toBe(201);
    expect(mock.state().transactions.map((t) => t.resource_id)).toEqual(['r1', 'r4']);
  });
});
