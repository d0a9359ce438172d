import { describe, expect, it } from 'vitest';
import { CampaignSchema, SendWindowSchema } from './campaign.js';
import { campaignFixture } from './test-fixtures.js';

describe('CampaignSchema', () => {
  it('accepts a full original campaign', () => {
    const campaign = campaignFixture({
      optOutLevel: 'tag',
      send_window_hours: { min_hours: 8, max_hours: 20 },
      welcomeConfig: { delayDays: 1, content: 'Hi', updateLastSent: true },
      getCopyMethod: 'best-optin-ratio',
    });
    expect(CampaignSchema.parse(campaign)).toEqual(campaign);
  });

  it.each([
    ['kind', { kind: 'weekly' }],
    ['optOutLevel', { optOutLevel: 'org' }],
    ['deliveryMethod', { deliveryMethod: 'fast' }],
    ['getCopyMethod', { getCopyMethod: 'Last' }],
    ['country', { country: 'South Africa' }],
  ])('refuses an unknown %s', (_, overrides) => {
    expect(CampaignSchema.safeParse({ ...campaignFixture(), ...overrides }).success).toBe(false);
  });
});

describe('SendWindowSchema', () => {
  it('accepts hours 0 to 23 and refuses others', () => {
    expect(SendWindowSchema.safeParse({ min_hours: 0, max_hours: 23 }).success).toBe(true);
    expect(SendWindowSchema.safeParse({ min_hours: -1, max_hours: 5 }).success).toBe(false);
    expect(SendWindowSchema.safeParse({ min_hours: 8, max_hours: 24 }).success).toBe(false);
    expect(SendWindowSchema.safeParse({ min_hours: 8.5, max_hours: 20 }).success).toBe(false);
  });
});
