import type { Campaign } from './campaign.js';
import type { CampaignV2 } from './campaign-v2.js';
import type { Contact } from './contact.js';

/** A complete, valid original campaign for tests to vary. */
export function campaignFixture(overrides: Partial<Campaign> = {}): Campaign {
  return {
    _id: 'cmp_1',
    org_id: 'org_a',
    createdBy: 'user_1',
    name: 'Spring',
    kind: 'once-off',
    active: true,
    categories: [],
    tag_ids: ['tag_vip'],
    nin_tag_ids: [],
    maxSMSParts: 2,
    contactSendCounts: {},
    contactCreatedAt: {},
    lastSent: {},
    lastReply: {},
    lastClick: {},
    contactClickCounts: {},
    incomePerLead: 0,
    defaultSaleValue: 100,
    segment_ids: [],
    country: 'ZA',
    deliveryMethod: 'standard',
    ...overrides,
  };
}

/** A complete, valid V2 campaign for tests to vary. */
export function campaignV2Fixture(overrides: Partial<CampaignV2> = {}): CampaignV2 {
  return {
    _id: 'cmp_v2',
    org_id: 'org_a',
    name: 'Offer',
    active: true,
    categories: [],
    opt_out_level: 'campaign',
    targeting: { tag_ids: { $in: ['tag_vip'], $nin: [] }, segment_ids: { $in: [], $nin: [] }, events: [] },
    channels: {},
    hooks: { hook_ids: [] },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
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
