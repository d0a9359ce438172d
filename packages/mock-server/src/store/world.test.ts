import { isDuplicateLead, type LeadTransaction, offerUsage } from '@marketing/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { World } from './world.js';

const ids = {
  next: (() => {
    let n = 0;
    return () => `id${++n}`;
  })(),
};

describe('World lead counters', () => {
  it('agree with the domain’s usage and duplicate rules over any history', () => {
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
          const world = new World();
          world.seed(
            { orgs: [{ _id: 'seller', timezone: 'Africa/Johannesburg' }, { _id: 'buyer' }] },
            ids,
            now,
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
            world.addTransaction(transaction);
            all.push(transaction);
            if (lead.status === 'pending' && lead.acceptLater) {
              const accepted = { ...transaction, status: 'completed' as const, updatedAt: now.toISOString() };
              world.replaceTransaction(accepted);
              all[all.length - 1] = accepted;
            }
          });
          expect(world.usageOf('off', now, 'Africa/Johannesburg')).toEqual(
            offerUsage(all, now, 'Africa/Johannesburg'),
          );
          for (const cell of ['27821', '27822', '27823', '27829']) {
            expect(isDuplicateLead(cell, 'off', world.priorLeads('off', cell), now)).toBe(
              isDuplicateLead(cell, 'off', all, now),
            );
          }
        },
      ),
    );
  });
});
