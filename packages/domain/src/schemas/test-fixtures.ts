import { campaignExample, campaignV2Example } from '../contract/examples.js';
import type { Campaign } from './campaign.js';
import type { CampaignV2 } from './campaign-v2.js';
import type { Contact } from './contact.js';

/** A complete, valid original campaign for tests to vary: the contract's example. */
export function campaignFixture(overrides: Partial<Campaign> = {}): Campaign {
  return { ...structuredClone(campaignExample), ...overrides } as Campaign;
}

/** A complete, valid V2 campaign for tests to vary: the contract's example. */
export function campaignV2Fixture(overrides: Partial<CampaignV2> = {}): CampaignV2 {
  return { ...structuredClone(campaignV2Example), ...overrides } as CampaignV2;
}

/** A complete, valid contact for tests to vary. */
export function contactFixture(overrides: Partial<Contact> = {}): Contact {
  return {
    _id: 'ct_1',
    cell: '27821234567',
    tag_ids: [],
    deduped_campaign_ids: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
