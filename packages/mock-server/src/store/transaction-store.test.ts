import { isDuplicateLead, type LeadTransaction, offerUsage } from '@marketing/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TransactionStore } from './transaction-store.js';

describe('TransactionStore', () => {
  it('keeps counters that agree with the domain’s usage and duplicate rules over any history', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cell: fc.constantFrom('27821', '27822', '27823'),
            status: fc.constantFrom('completed', 'pending', 'rejected'),
            hoursAgo: fc.integer({ min: 0, max: 24 * 10 }),
            acceptLater: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (leads) => {
          const now = new Date('2026-11-22T10:00:00Z');
          const transactions = new TransactionStore((org) =>
            org === 'seller' ? 'Africa/Johannesburg' : undefined,
          );
          const all: LeadTransaction[] = [];
          leads.forEach((lead, i) => {
            const at = new Date(now.getTime() - lead.hoursAgo * 3_600_000).toISOString();
            const transaction: LeadTransaction = {
              _id: `t${i}`,
              resource_id: `r${i}`,
              offer_id: 'off',
              campaign_id: 'c',
              cell: lead.cell,
              status: lead.status as LeadTransaction['status'],
              status_reason: 'requested',
              price: 25,
              buyer_org_id: 'buyer',
              seller_org_id: 'seller',
              createdAt: at,
              updatedAt: at,
            };
            transactions.add(transaction);
            all.push(transaction);
            if (lead.status === 'pending' && lead.acceptLater) {
              const accepted = { ...transaction, status: 'completed' as const, updatedAt: now.toISOString() };
              transactions.replace(accepted);
              all[all.length - 1] = accepted;
            }
          });
          expect(transactions.usageOf('off', now, 'Africa/Johannesburg')).toEqual(
            offerUsage(all, now, 'Africa/Johannesburg'),
          );
          for (const cell of ['27821', '27822', '27823', '27829']) {
            expect(isDuplicateLead(cell, 'off', transactions.priorLeads('off', cell), now)).toBe(
              isDuplicateLead(cell, 'off', all, now),
            );
          }
        },
      ),
    );
  });

  it('knows each buyer’s submitted resource IDs, and counts a lead completed later once', () => {
    const transactions = new TransactionStore(() => undefined);
    const lead: LeadTransaction = {
      _id: 't1',
      resource_id: 'r1',
      offer_id: 'off',
      campaign_id: 'c',
      cell: '27821234567',
      status: 'pending',
      status_reason: 'requested',
      price: 25,
      buyer_org_id: 'buyer',
      seller_org_id: 'seller',
      createdAt: '2026-11-22T08:00:00.000Z',
      updatedAt: '2026-11-22T08:00:00.000Z',
    };
    transactions.add(lead);
    expect([transactions.hasResource('buyer', 'r1'), transactions.hasResource('other', 'r1')]).toEqual([
      true,
      false,
    ]);
    const now = new Date('2026-11-22T10:00:00Z');
    transactions.replace({ ...lead, status: 'completed', updatedAt: now.toISOString() });
    transactions.replace({ ...lead, status: 'completed', updatedAt: now.toISOString() });
    expect(transactions.usageOf('off', now, undefined)).toEqual({
      completedTotal: 1,
      completedToday: 1,
      spent: 25,
    });
    expect([...transactions.values()].map((t) => t.status)).toEqual(['completed']);
  });
});
