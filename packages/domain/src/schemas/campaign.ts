import * as z from 'zod';
import { CountryCode, HourOfDay } from '../primitives.js';

/** How a campaign records an opt-out reply. */
export const OptOutLevel = z.enum(['campaign', 'tag', 'global']);
/** How SMS are delivered. */
export const DeliveryMethod = z.enum(['standard', 'reverse', 'transactional']);
/** A delivery method. */
export type DeliveryMethod = z.infer<typeof DeliveryMethod>;

/**
 * The hours of the day, 0 to 23, within which a campaign sends. `min_hours` after `max_hours`
 * wraps past midnight (22 to 6).
 */
export const SendWindowSchema = z.object({ min_hours: HourOfDay, max_hours: HourOfDay });
/** A send window. */
export type SendWindow = z.infer<typeof SendWindowSchema>;

/** A campaign's tracking link settings. */
export const TrackingLinkSchema = z.object({
  tracksUnique: z.boolean().optional(),
  redirect_url: z.string().optional(),
  auto_redirect: z.boolean().optional(),
});

/** A campaign of the original model (`/campaigns`). */
export const CampaignSchema = z.object({
  _id: z.string(),
  org_id: z.string(),
  createdBy: z.string(),
  name: z.string(),
  description: z.string().optional(),
  kind: z.enum(['recurring', 'welcome', 'once-off']),
  active: z.boolean(),
  categories: z.array(z.string()),
  tag_ids: z.array(z.string()),
  nin_tag_ids: z.array(z.string()),
  optOutLevel: OptOutLevel.optional(),
  optin_confirmation: z.boolean().optional(),
  recommendation_confirmation: z.boolean().optional(),
  getCopyMethod: z.enum(['First', 'Random', 'Least', 'best-optin-ratio']).optional(),
  maxSMSParts: z.number().int().positive(),
  send_window_hours: SendWindowSchema.optional(),
  contactSendCounts: z.record(z.string(), z.unknown()),
  contactCreatedAt: z.record(z.string(), z.unknown()),
  lastSent: z.record(z.string(), z.unknown()),
  lastReply: z.record(z.string(), z.unknown()),
  lastClick: z.record(z.string(), z.unknown()),
  contactClickCounts: z.record(z.string(), z.unknown()),
  reachableInLastDays: z.number().nonnegative().optional(),
  incomePerLead: z.number(),
  defaultSaleValue: z.number(),
  segment_ids: z.array(z.string()),
  nin_segment_ids: z.array(z.string()).optional(),
  country: CountryCode,
  deliveryMethod: DeliveryMethod,
  trackingLink: TrackingLinkSchema.optional(),
  welcomeConfig: z
    .object({
      delayDays: z.number().nonnegative(),
      content: z.string(),
      updateLastSent: z.boolean(),
    })
    .partial()
    .optional(),
  hook_ids: z.array(z.string()).optional(),
});
/** A campaign of the original model. */
export type Campaign = z.infer<typeof CampaignSchema>;

/**
 * What an original campaign's fields hold when nothing sets them: the mock seeds campaigns with
 * these (a seeded campaign's `name` defaults to its `_id`), and the contract's example builds on them.
 *
 * @example
 * ```ts
 * CAMPAIGN_DEFAULTS.maxSMSParts; // 4
 * ```
 */
export const CAMPAIGN_DEFAULTS = {
  createdBy: 'seed',
  kind: 'once-off',
  active: true,
  categories: [],
  tag_ids: [],
  nin_tag_ids: [],
  optOutLevel: 'campaign',
  maxSMSParts: 4,
  contactSendCounts: {},
  contactCreatedAt: {},
  lastSent: {},
  lastReply: {},
  lastClick: {},
  contactClickCounts: {},
  incomePerLead: 0,
  defaultSaleValue: 0,
  segment_ids: [],
  country: 'ZA',
  deliveryMethod: 'standard',
} as const satisfies Omit<Campaign, '_id' | 'org_id' | 'name'>;
