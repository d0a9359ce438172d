import { describe, expect, it } from 'vitest';
import { useMockServer } from '../support/mock-world.js';

const startMock = useMockServer();

describe('a marketplace buyer’s day', () => {
  it('submits leads, meets duplicates inside and after 7 days, hits the cap and accepts a held lead', async () => {
    const { call, mock } = startMock({ now: '2026-11-01T08:00:00Z' });
    const buyer = (method: string, path: string, body?: unknown) =>
      call(method, path, { key: 'key_b_admin', body });
    const lead = (resource_id: string, cell: string, status?: string) => ({
      resource_id,
      cell,
      campaign_id: 'cmp_v2',
      ...(status ? { status } : {}),
    });
    const statusOf = async (resource_id: string) => {
      const found = await buyer('POST', '/exchange/buyer/transaction/search', {});
      return (
        found.body.data as { resource_id: string; status: string; status_reason: string; _id: string }[]
      ).find((t) => t.resource_id === resource_id)!;
    };
    const credits = () => Object.fromEntries(mock.state().orgs.map((o) => [o._id, o.credits]));

    await buyer('POST', '/exchange/buyer/transaction', [
      lead('r1', '27831110001'),
      lead('r2', '27831110002'),
    ]);
    expect(credits()).toEqual({ org_a: 1050, org_b: 950 });

    // The same cell again three days later is a duplicate: rejected, not charged.
    mock.clock.advance('3d');
    await buyer('POST', '/exchange/buyer/transaction', [lead('r3', '+27 83 111 0001', 'completed')]);
    expect(await statusOf('r3')).toMatchObject({ status: 'rejected', status_reason: 'duplicate' });
    expect(credits()).toEqual({ org_a: 1050, org_b: 950 });

    // The rejected duplicate counts too: five days later the cell is still inside a window.
    mock.clock.advance('5d');
    await buyer('POST', '/exchange/buyer/transaction', [lead('r4', '27831110001')]);
    expect(await statusOf('r4')).toMatchObject({ status: 'rejected', status_reason: 'duplicate' });

    // Eight days after its last transaction (r4) the cell is welcome again: the third completed lead.
    mock.clock.advance('8d');
    await buyer('POST', '/exchange/buyer/transaction', [lead('r4b', '27831110001')]);
    expect(await statusOf('r4b')).toMatchObject({ status: 'completed', status_reason: 'offer_default' });

    // The offer's total cap is 3: the next completed request is held as pending.
    await buyer('POST', '/exchange/buyer/transaction', [
      lead('r5', '27831110005', 'completed'),
      lead('r6', '27831110006', 'rejected'),
    ]);
    expect(await statusOf('r5')).toMatchObject({ status: 'pending', status_reason: 'cap_reached' });
    expect(await statusOf('r6')).toMatchObject({ status: 'rejected', status_reason: 'requested' });
    expect(credits()).toEqual({ org_a: 1075, org_b: 925 });

    // The buyer accepts the held lead: credits move on acceptance.
    const held = await statusOf('r5');
    const accepted = await buyer('PUT', `/exchange/buyer/transaction/${held._id}/status`, {
      status: 'completed',
    });
    expect(accepted.body.data).toMatchObject({ status: 'completed', status_reason: 'accepted' });
    expect(credits()).toEqual({ org_a: 1100, org_b: 900 });
  });

  it('moves credits exactly N times when many leads race for an offer capped at N', async () => {
    const { call, mock } = startMock();
    const leads = Array.from({ length: 50 }, (_, i) => [
      { resource_id: `r${i}`, cell: `2783111${String(i).padStart(4, '0')}`, campaign_id: 'cmp_v2' },
    ]);
    await Promise.all(
      leads.map((body) => call('POST', '/exchange/buyer/transaction', { key: 'key_b_admin', body })),
    );
    const transactions = mock.state().transactions;
    expect(transactions.filter((t) => t.status === 'completed')).toHaveLength(3);
    expect(transactions.filter((t) => t.status === 'pending')).toHaveLength(47);
    expect(mock.state().orgs.find((o) => o._id === 'org_b')?.credits).toBe(1000 - 3 * 25);
  });
});
