import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  capReached,
  decideNewLead,
  decideStatusChange,
  isDuplicateLead,
  matchbackOf,
  type NewLeadInput,
  offerUsage,
} from './leads.js';

const offer = {
  default_status: 'completed' as const,
  price: 25,
  caps: { total: 100, daily: 10, budget: 2500 },
};
const fresh = { completedTotal: 0, completedToday: 0, spent: 0 };
const input = (overrides: Partial<NewLeadInput> = {}): NewLeadInput => ({
  offer,
  duplicate: false,
  usage: fresh,
  buyerCredits: 1000,
  ...overrides,
});
const charged = { buyerDebit: 25, sellerCredit: 25 };

describe('decideNewLead: the transition table', () => {
  it('(none) -> the offer default, when no status is given', () => {
    expect(decideNewLead(input())).toEqual({
      status: 'completed',
      status_reason: 'offer_default',
      movement: charged,
    });
    expect(decideNewLead(input({ offer: { ...offer, default_status: 'pending' } }))).toEqual({
      status: 'pending',
      status_reason: 'offer_default',
    });
  });

  it('(none) -> completed on request, with no duplicate and no cap reached: credits move', () => {
    expect(decideNewLead(input({ requested: 'completed' }))).toEqual({
      status: 'completed',
      status_reason: 'requested',
      movement: charged,
    });
  });

  it('(none) -> pending on request, with no movement', () => {
    expect(decideNewLead(input({ requested: 'pending' }))).toEqual({
      status: 'pending',
      status_reason: 'requested',
    });
  });

  it('(none) -> rejected on request, with no movement, even for a duplicate', () => {
    expect(decideNewLead(input({ requested: 'rejected' }))).toEqual({
      status: 'rejected',
      status_reason: 'requested',
    });
    expect(decideNewLead(input({ requested: 'rejected', duplicate: true }))).toEqual({
      status: 'rejected',
      status_reason: 'requested',
    });
  });

  it.each([undefined, 'completed', 'pending'] as const)(
    '(none) -> rejected for a duplicate inside the 7-day window, requested %s, buyer not charged',
    (requested) => {
      expect(decideNewLead(input({ requested, duplicate: true }))).toEqual({
        status: 'rejected',
        status_reason: 'duplicate',
      });
    },
  );

  it.each([
    ['total', { completedTotal: 100, completedToday: 0, spent: 0 }],
    ['daily', { completedTotal: 50, completedToday: 10, spent: 0 }],
    ['budget', { completedTotal: 50, completedToday: 0, spent: 2490 }],
  ])('(none) -> pending when completed is requested and the %s cap is reached', (_, usage) => {
    expect(decideNewLead(input({ requested: 'completed', usage }))).toEqual({
      status: 'pending',
      status_reason: 'cap_reached',
    });
  });

  it('holds an offer-default completed lead as pending at a cap too', () => {
    expect(
      decideNewLead(input({ usage: { completedTotal: 100, completedToday: 0, spent: 0 } })),
    ).toMatchObject({
      status: 'pending',
      status_reason: 'cap_reached',
    });
  });

  it('still rejects an explicit rejected at a cap', () => {
    expect(
      decideNewLead(
        input({ requested: 'rejected', usage: { completedTotal: 100, completedToday: 10, spent: 2500 } }),
      ),
    ).toEqual({ status: 'rejected', status_reason: 'requested' });
  });

  it('holds a completed lead as pending when the buyer cannot pay', () => {
    expect(decideNewLead(input({ requested: 'completed', buyerCredits: 24.99 }))).toEqual({
      status: 'pending',
      status_reason: 'insufficient_balance',
    });
    expect(decideNewLead(input({ requested: 'completed', buyerCredits: 25 })).status).toBe('completed');
  });

  it('completes right up to the budget, not past it', () => {
    expect(
      decideNewLead(input({ usage: { completedTotal: 0, completedToday: 0, spent: 2475 } })).status,
    ).toBe('completed');
  });
});

describe('decideStatusChange: pending transitions', () => {
  it('pending -> completed moves the credits on acceptance', () => {
    expect(
      decideStatusChange({ current: 'pending', target: 'completed', price: 25, buyerCredits: 25 }),
    ).toEqual({
      ok: true,
      decision: { status: 'completed', status_reason: 'accepted', movement: charged },
    });
  });

  it('pending -> rejected moves nothing', () => {
    expect(
      decideStatusChange({ current: 'pending', target: 'rejected', price: 25, buyerCredits: 0 }),
    ).toEqual({
      ok: true,
      decision: { status: 'rejected', status_reason: 'rejected_by_buyer' },
    });
  });

  it.each(['completed', 'rejected'] as const)('refuses to change a %s transaction', (current) => {
    expect(decideStatusChange({ current, target: 'completed', price: 25, buyerCredits: 100 })).toEqual({
      ok: false,
      refusal: 'not_pending',
    });
  });

  it('refuses an acceptance the buyer cannot pay for', () => {
    expect(
      decideStatusChange({ current: 'pending', target: 'completed', price: 25, buyerCredits: 10 }),
    ).toEqual({
      ok: false,
      refusal: 'insufficient_balance',
    });
  });
});

describe('isDuplicateLead', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const earlier = [{ cell: '27821234567', offer_id: 'off_1', createdAt: '2026-11-15T12:00:01.000Z' }];

  it('finds the same cell and offer inside 7 days', () => {
    expect(isDuplicateLead('27821234567', 'off_1', earlier, now)).toBe(true);
  });

  it('ignores another offer, another cell, and anything 7 days old or more', () => {
    expect(isDuplicateLead('27821234567', 'off_2', earlier, now)).toBe(false);
    expect(isDuplicateLead('27820000000', 'off_1', earlier, now)).toBe(false);
    expect(isDuplicateLead('27821234567', 'off_1', earlier, new Date('2026-11-22T12:00:01Z'))).toBe(false);
  });
});

describe('offerUsage and capReached', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('counts completed leads, today’s in the seller’s time zone, and spend', () => {
    const usage = offerUsage(
      [
        { status: 'completed', price: 25, updatedAt: '2026-11-21T22:30:00Z' },
        { status: 'completed', price: 25, updatedAt: '2026-11-21T21:30:00Z' },
        { status: 'pending', price: 25, updatedAt: '2026-11-22T09:00:00Z' },
        { status: 'rejected', price: 25, updatedAt: '2026-11-22T09:00:00Z' },
      ],
      now,
      'Africa/Johannesburg',
    );
    expect(usage).toEqual({ completedTotal: 2, completedToday: 1, spent: 50 });
  });

  it('has no cap without caps', () => {
    expect(capReached({ price: 25 }, { completedTotal: 1e9, completedToday: 1e9, spent: 1e9 })).toBe(false);
  });

  it('reads calendar days in the time zone', () => {
    expect(calendarDay(new Date('2026-11-21T22:30:00Z'), 'Africa/Johannesburg')).toBe('2026-11-22');
    expect(calendarDay(new Date('2026-11-21T22:30:00Z'), 'UTC')).toBe('2026-11-21');
  });
});

describe('matchbackOf', () => {
  it('names the one matchback identifier, or none when there are zero or several', () => {
    expect(matchbackOf({ click_id: 'k1' })).toEqual({ kind: 'click_id', id: 'k1' });
    expect(matchbackOf({})).toBeUndefined();
    expect(matchbackOf({ campaign_id: 'c', send_id: 's' })).toBeUndefined();
  });
});
