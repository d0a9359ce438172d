import { describe, expect, it } from 'vitest';
import { CampaignV2Schema } from '../schemas/campaign-v2.js';
import { campaignFixture } from '../schemas/test-fixtures.js';
import { migrateCampaign } from './migrate-campaign.js';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('migrateCampaign', () => {
  const original = campaignFixture({
    description: 'Spring sale',
    tag_ids: ['vip'],
    nin_tag_ids: ['optout'],
    segment_ids: ['s1'],
    nin_segment_ids: ['s2'],
    reachableInLastDays: 30,
    optOutLevel: 'global',
    maxSMSParts: 3,
    deliveryMethod: 'reverse',
    send_window_hours: { min_hours: 8, max_hours: 17 },
    incomePerLead: 12,
    defaultSaleValue: 150,
    optin_confirmation: true,
    recommendation_confirmation: false,
    trackingLink: { redirect_url: 'https://example.com', tracksUnique: true },
    hook_ids: ['hook_1'],
    categories: ['retail'],
  });

  it('produces a valid V2 campaign carrying every mappable field', () => {
    const { campaign } = migrateCampaign(original, now);
    expect(CampaignV2Schema.parse(campaign)).toEqual(campaign);
    expect(campaign).toMatchObject({
      _id: 'cmp_1',
      description: 'Spring sale',
      categories: ['retail'],
      opt_out_level: 'org',
      targeting: {
        reachability_days: 30,
        tag_ids: { $in: ['vip'], $nin: ['optout'] },
        segment_ids: { $in: ['s1'], $nin: ['s2'] },
      },
      channels: { sms: { max_parts: 3, delivery_method: 'reverse' } },
      recurring_sends: { window: { min_hours: 8, max_hours: 17 } },
      financials: { income_per_optin: 12, income_per_sale: 150 },
      legal: { consent_confirmation: true, recommendation_confirmation: false },
      tracking_link: { redirect_url: 'https://example.com', tracksUnique: true, auto_redirect: false },
      hooks: { hook_ids: ['hook_1'] },
      createdAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('reports the fields it could not carry over', () => {
    const { unmapped } = migrateCampaign(
      campaignFixture({ getCopyMethod: 'Random', welcomeConfig: { delayDays: 2 }, lastSent: { x: 1 } }),
      now,
    );
    expect(unmapped.map((u) => u.field).sort()).toEqual([
      'country',
      'createdBy',
      'getCopyMethod',
      'kind',
      'lastSent',
      'welcomeConfig',
    ]);
    expect(unmapped.every((u) => u.reason.length > 0)).toBe(true);
  });

  it('migrates the tag opt-out level as campaign and says so', () => {
    const { campaign, unmapped } = migrateCampaign(campaignFixture({ optOutLevel: 'tag' }), now);
    expect(campaign.opt_out_level).toBe('campaign');
    expect(unmapped.find((u) => u.field === 'optOutLevel')?.value).toBe('tag');
  });

  it('reports a tracking link without a redirect URL', () => {
    const { campaign, unmapped } = migrateCampaign(
      campaignFixture({ trackingLink: { tracksUnique: true } }),
      now,
    );
    expect(campaign.tracking_link).toBeUndefined();
    expect(unmapped.map((u) => u.field)).toContain('trackingLink');
  });

  it('leaves optional V2 sections out when the original has nothing for them', () => {
    const { campaign } = migrateCampaign(campaignFixture(), now);
    expect(campaign.recurring_sends).toBeUndefined();
    expect(campaign.legal).toBeUndefined();
    expect(campaign.targeting.reachability_days).toBeNull();
  });
});
