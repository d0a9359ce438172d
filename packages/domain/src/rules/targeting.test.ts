import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campaignFixture, campaignV2Fixture } from '../schemas/test-fixtures.js';
import {
  apportion,
  inSendWindow,
  nextWindowOpening,
  passesEventFilter,
  type Targeting,
  targetContact,
  targetingOf,
  weightedDraw,
  weightedDrawSteps,
} from './targeting.js';

const now = new Date('2026-11-22T10:00:00Z');
const targeting: Targeting = {
  campaign_id: 'c1',
  includeTags: ['vip', 'new'],
  excludeTags: ['optout_supplier'],
  includeSegments: [],
  excludeSegments: ['seg_blocked'],
  events: [],
};
const contact = (overrides = {}) => ({
  tag_ids: ['vip'],
  deduped_campaign_ids: [] as string[],
  ...overrides,
});

describe('targetingOf', () => {
  it('reads the original model', () => {
    const t = targetingOf(
      campaignFixture({
        tag_ids: ['a'],
        nin_tag_ids: ['b'],
        reachableInLastDays: 30,
        send_window_hours: { min_hours: 8, max_hours: 17 },
      }),
    );
    expect(t).toMatchObject({
      campaign_id: 'cmp_1',
      includeTags: ['a'],
      excludeTags: ['b'],
      reachabilityDays: 30,
      window: { min_hours: 8, max_hours: 17 },
    });
  });

  it('reads the V2 model with its weights and window', () => {
    const t = targetingOf(
      campaignV2Fixture({
        targeting: {
          reachability_days: null,
          tag_ids: { $in: ['a'], $nin: ['b'], weights: { a: 1 } },
          segment_ids: { $in: ['s'], $nin: [] },
          events: [],
        },
        recurring_sends: { window: { min_hours: 9, max_hours: 18 } },
      }),
    );
    expect(t).toMatchObject({
      includeTags: ['a'],
      excludeTags: ['b'],
      includeSegments: ['s'],
      weights: { a: 1 },
      window: { min_hours: 9, max_hours: 18 },
    });
  });
});

describe('targetContact', () => {
  it('targets a contact with an included tag', () => {
    expect(targetContact(contact(), targeting, { now })).toEqual({ eligible: true });
  });

  it.each([
    ['opted_out_global', contact({ global_opt_out: true }), {}],
    ['opted_out_campaign', contact({ deduped_campaign_ids: ['c1'] }), {}],
    ['excluded_tag', contact({ tag_ids: ['vip', 'optout_supplier'] }), {}],
    ['excluded_segment', contact(), { segmentIds: ['seg_blocked'] }],
    ['not_targeted', contact({ tag_ids: ['other'] }), {}],
  ])('refuses with %s', (reason, c, activity) => {
    expect(targetContact(c, targeting, { now, activity })).toEqual({ eligible: false, reason });
  });

  it('targets everyone when no tags are included', () => {
    expect(targetContact(contact({ tag_ids: [] }), { ...targeting, includeTags: [] }, { now }).eligible).toBe(
      true,
    );
  });

  it('needs an included segment when segments are included', () => {
    const t = { ...targeting, includeSegments: ['s1'] };
    expect(targetContact(contact(), t, { now })).toEqual({ eligible: false, reason: 'not_targeted' });
    expect(targetContact(contact(), t, { now, activity: { segmentIds: ['s1'] } })).toEqual({
      eligible: true,
    });
  });

  it('needs a recent reachable validation when reachability is set', () => {
    const t = { ...targeting, reachabilityDays: 30 };
    const validated = (at: string, reachable = true) => contact({ validated: { at, reachable } });
    expect(targetContact(validated('2026-11-01T00:00:00Z'), t, { now }).eligible).toBe(true);
    expect(targetContact(validated('2026-10-01T00:00:00Z'), t, { now })).toEqual({
      eligible: false,
      reason: 'unreachable',
    });
    expect(targetContact(validated('2026-11-01T00:00:00Z', false), t, { now }).eligible).toBe(false);
    expect(targetContact(contact(), t, { now }).eligible).toBe(false);
    expect(targetContact(contact(), { ...targeting, reachabilityDays: null }, { now }).eligible).toBe(true);
  });

  it('applies event filters', () => {
    const t: Targeting = {
      ...targeting,
      events: [
        { action: 'last_reply:optOut', channel: 'sms', source: 'c9', operator: '$exists', exists: false },
      ],
    };
    expect(targetContact(contact(), t, { now }).eligible).toBe(true);
    const replied = { events: { 'last_reply:optOut|sms|c9': '2026-11-20T00:00:00Z' } };
    expect(targetContact(contact(), t, { now, activity: replied })).toEqual({
      eligible: false,
      reason: 'event_filter',
    });
  });
});

describe('passesEventFilter', () => {
  const activity = { events: { 'last_click|sms|c1': '2026-11-19T09:00:00Z', 'send_count|sms|c1': 4 } };

  it('compares days since a last_* event', () => {
    const filter = { action: 'last_click', channel: 'sms', source: 'c1' } as const;
    expect(passesEventFilter({ ...filter, operator: '$lte', value: 7 }, activity, now)).toBe(true);
    expect(passesEventFilter({ ...filter, operator: '$gte', value: 7 }, activity, now)).toBe(false);
    expect(passesEventFilter({ ...filter, operator: '$eq', value: 3 }, activity, now)).toBe(true);
    expect(passesEventFilter({ ...filter, source: 'other', operator: '$lte', value: 7 }, activity, now)).toBe(
      false,
    );
  });

  it('compares counts, with no record as zero', () => {
    const filter = { action: 'send_count', channel: 'sms', source: 'c1' } as const;
    expect(passesEventFilter({ ...filter, operator: '$gte', value: 4 }, activity, now)).toBe(true);
    expect(passesEventFilter({ ...filter, operator: '$lte', value: 3 }, activity, now)).toBe(false);
    expect(passesEventFilter({ ...filter, source: 'c2', operator: '$eq', value: 0 }, activity, now)).toBe(
      true,
    );
  });
});

describe('inSendWindow', () => {
  const at = (iso: string) => new Date(iso);
  it('includes both ends, in the organisation time zone', () => {
    const window = { min_hours: 8, max_hours: 17 };
    expect(inSendWindow(at('2026-11-22T06:00:00Z'), window)).toBe(true);
    expect(inSendWindow(at('2026-11-22T15:59:00Z'), window)).toBe(true);
    expect(inSendWindow(at('2026-11-22T16:00:00Z'), window)).toBe(false);
    expect(inSendWindow(at('2026-11-22T05:59:00Z'), window)).toBe(false);
    expect(inSendWindow(at('2026-11-22T06:00:00Z'), window, 'UTC')).toBe(false);
  });

  it('wraps past midnight when the start is after the end, and allows all without a window', () => {
    const night = { min_hours: 22, max_hours: 5 };
    expect(inSendWindow(at('2026-11-22T22:30:00Z'), night)).toBe(true);
    expect(inSendWindow(at('2026-11-22T10:00:00Z'), night)).toBe(false);
    expect(inSendWindow(at('2026-11-22T10:00:00Z'), undefined)).toBe(true);
  });
});

describe('apportion', () => {
  it('splits by largest remainder', () => {
    expect(apportion(10, { a: 2, b: 1 })).toEqual({ a: 7, b: 3 });
    expect(apportion(1, { a: 1, b: 1 })).toEqual({ a: 1, b: 0 });
    expect(apportion(0, { a: 1 })).toEqual({ a: 0 });
  });

  it('always adds up to the total and stays within 1 of each exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 3 }),
          fc.double({ min: 0.01, max: 1000, noNaN: true }),
          { minKeys: 1, maxKeys: 8 },
        ),
        (total, weights) => {
          const counts = apportion(total, weights);
          const sum = Object.values(weights).reduce((a, b) => a + b, 0);
          expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(total);
          for (const [k, w] of Object.entries(weights)) {
            expect(Math.abs(counts[k]! - (total * w) / sum)).toBeLessThan(1);
          }
        },
      ),
    );
  });
});

describe('weightedDraw', () => {
  const pool = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('draws in steps that pause every few thousand picks, distinct contacts by weight', () => {
    const input = {
      pools: { a: pool('a', 30_000), b: pool('b', 10_000) },
      weights: { a: 3, b: 1 },
      total: 20_000,
      seed: 9,
    };
    const steps = weightedDrawSteps(input);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    // 40,000 pool entries copied and 20,000 picks, 4,096 at a time.
    expect(pauses).toBeGreaterThanOrEqual(13);
    expect(new Set(step.value.picks.map((p) => p.id)).size).toBe(20_000);
    expect(step.value.countsByTag).toEqual({ a: 15_000, b: 5_000 });
  });

  it('draws in proportion to the weights', () => {
    const result = weightedDraw({
      pools: { a: pool('a', 1000), b: pool('b', 1000) },
      weights: { a: 3, b: 1 },
      total: 100,
      seed: 7,
    });
    expect(result.countsByTag).toEqual({ a: 75, b: 25 });
    expect(new Set(result.picks.map((p) => p.id)).size).toBe(100);
  });

  it('is deterministic for a seed and varies with it', () => {
    const args = { pools: { a: pool('a', 500), b: pool('b', 500) }, weights: { a: 1, b: 1 }, total: 10 };
    expect(weightedDraw({ ...args, seed: 1 })).toEqual(weightedDraw({ ...args, seed: 1 }));
    expect(weightedDraw({ ...args, seed: 1 }).picks).not.toEqual(weightedDraw({ ...args, seed: 2 }).picks);
  });

  it('gives a short pool’s share to the others', () => {
    const result = weightedDraw({
      pools: { a: pool('a', 5), b: pool('b', 100) },
      weights: { a: 9, b: 1 },
      total: 50,
      seed: 3,
    });
    expect(result.countsByTag).toEqual({ a: 5, b: 45 });
  });

  it('never picks a contact twice when pools overlap', () => {
    const shared = pool('x', 10);
    const result = weightedDraw({
      pools: { a: shared, b: shared },
      weights: { a: 1, b: 1 },
      total: 50,
      seed: 3,
    });
    expect(result.picks).toHaveLength(10);
    expect(new Set(result.picks.map((p) => p.id)).size).toBe(10);
  });

  it('follows the weights exactly when a weighted tag has no contacts but the others suffice', () => {
    // Found by the property below: the empty pool's weight used to be dropped before apportioning.
    const pools = { c: ['c0', 'c1', 'c2'], a: [], d: ['d0'], b: ['b0', 'b1', 'b2'] };
    const weights = { c: 18, a: 1, d: 3, b: 9 };
    expect(weightedDraw({ pools, weights, total: 6, seed: 0 }).countsByTag).toEqual(apportion(6, weights));
  });

  it('yields min(total, distinct contacts) and follows the weights within rounding when pools suffice', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('a', 'b', 'c', 'd'),
          fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 60 })),
          { minKeys: 1 },
        ),
        fc.integer({ min: 0, max: 120 }),
        fc.integer(),
        (spec, total, seed) => {
          const weights = Object.fromEntries(Object.entries(spec).map(([t, [w]]) => [t, w]));
          const pools = Object.fromEntries(Object.entries(spec).map(([t, [, n]]) => [t, pool(t, n)]));
          const { picks, countsByTag } = weightedDraw({ pools, weights, total, seed });
          const available = Object.values(pools).reduce((n, p) => n + p.length, 0);
          expect(picks.length).toBe(Math.min(total, available));
          expect(Object.values(countsByTag).reduce((a, b) => a + b, 0)).toBe(picks.length);
          const quotas = apportion(total, weights);
          if (Object.entries(quotas).every(([t, q]) => pools[t]!.length >= q))
            expect(countsByTag).toEqual(quotas);
        },
      ),
    );
  });
});

describe('nextWindowOpening', () => {
  const window = { min_hours: 8, max_hours: 17 };

  it('opens later the same day when the opening is still ahead', () => {
    const next = nextWindowOpening(new Date('2026-11-22T04:00:00Z'), window, 'Africa/Johannesburg');
    expect(next.toISOString()).toBe('2026-11-22T06:00:00.000Z');
  });

  it('opens the next day once today’s opening has passed, never at the instant given', () => {
    expect(
      nextWindowOpening(new Date('2026-11-22T06:00:00Z'), window, 'Africa/Johannesburg').toISOString(),
    ).toBe('2026-11-23T06:00:00.000Z');
  });

  it('keeps the local hour across a daylight-saving change', () => {
    // London moves to summer time on 2026-03-29: 08:00 local is 08:00Z before and 07:00Z after.
    const before = nextWindowOpening(new Date('2026-03-28T09:00:00Z'), window, 'Europe/London');
    expect(before.toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('opens at midnight without a window, in UTC for an unknown time zone', () => {
    expect(nextWindowOpening(new Date('2026-11-22T10:00:00Z'), undefined, 'Not/AZone').toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
  });
});
