import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CampaignV2Schema, EventFilterSchema, TagTargetingSchema } from './campaign-v2.js';
import { campaignV2Fixture } from './test-fixtures.js';

describe('CampaignV2Schema', () => {
  it('accepts a full V2 campaign', () => {
    const campaign = campaignV2Fixture({
      targeting: {
        reachability_days: null,
        tag_ids: { $in: ['a', 'b'], $nin: ['c'], weights: { a: 3, b: 1 } },
        segment_ids: { $in: [], $nin: ['s1'] },
        events: [
          { action: 'last_reply:optOut', channel: 'sms', source: 'cmp_1', operator: '$exists', exists: true },
        ],
      },
      channels: { sms: { template_ids: ['t1'], max_parts: 3, delivery_method: 'standard' } },
      recurring_sends: { window: { min_hours: 8, max_hours: 17 } },
      financials: { income_per_sale: 120, income_per_click: null },
      marketplace: { offer_id: 'off_1', buyer_org_id: 'org_b' },
      optimisations: { sms_template_id: { auto: true, min_sends: 100 } },
    });
    expect(CampaignV2Schema.parse(campaign)).toEqual(campaign);
  });

  it('refuses an opt-out level of the original model', () => {
    expect(CampaignV2Schema.safeParse(campaignV2Fixture({ opt_out_level: 'global' as 'org' })).success).toBe(
      false,
    );
  });

  it('refuses a send window hour outside 0-23', () => {
    const campaign = campaignV2Fixture({ recurring_sends: { window: { min_hours: 8, max_hours: 24 } } });
    expect(CampaignV2Schema.safeParse(campaign).success).toBe(false);
  });
});

describe('TagTargetingSchema weights', () => {
  it('accepts weights covering exactly the $in tags', () => {
    expect(
      TagTargetingSchema.safeParse({ $in: ['a', 'b'], $nin: [], weights: { a: 1, b: 2.5 } }).success,
    ).toBe(true);
  });

  it('accepts no weights at all', () => {
    expect(TagTargetingSchema.safeParse({ $in: ['a'], $nin: [] }).success).toBe(true);
  });

  it('refuses a weight for a tag that is not in $in', () => {
    const result = TagTargetingSchema.safeParse({ $in: ['a'], $nin: [], weights: { a: 1, z: 1 } });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Weight for z, which is not in $in']);
  });

  it('refuses weights that leave an $in tag out', () => {
    const result = TagTargetingSchema.safeParse({ $in: ['a', 'b'], $nin: [], weights: { a: 1 } });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Missing weight for $in tag b']);
  });

  it('refuses zero and negative weights', () => {
    expect(TagTargetingSchema.safeParse({ $in: ['a'], $nin: [], weights: { a: 0 } }).success).toBe(false);
    expect(TagTargetingSchema.safeParse({ $in: ['a'], $nin: [], weights: { a: -2 } }).success).toBe(false);
  });

  it('accepts any positive weights whose keys equal $in', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        (tags, weight) => {
          const weights = Object.fromEntries(tags.map((t) => [t, weight]));
          expect(TagTargetingSchema.safeParse({ $in: tags, $nin: [], weights }).success).toBe(true);
        },
      ),
    );
  });
});

describe('EventFilterSchema', () => {
  it('refuses an action outside the allowed list', () => {
    expect(
      EventFilterSchema.safeParse({ action: 'last_open', channel: 'email', source: 'x', operator: '$eq' })
        .success,
    ).toBe(false);
  });
});
