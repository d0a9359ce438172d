import * as z from 'zod';
import { IsoDateTime } from '../primitives.js';
import { SendWindowSchema } from './campaign.js';

/** The event actions a V2 campaign can target. */
export const EventAction = z.enum([
  'last_sent',
  'last_click',
  'last_reply:optIn',
  'last_reply:optOut',
  'last_reply:unknown',
  'send_count',
  'click_count',
]);

/** An event filter of a V2 campaign's targeting. */
export const EventFilterSchema = z.object({
  action: EventAction,
  channel: z.enum(['email', 'sms']),
  source: z.string(),
  exists: z.boolean().optional(),
  value: z.number().optional(),
  operator: z.enum(['$eq', '$gte', '$lte', '$exists']),
});
/** An event filter. */
export type EventFilter = z.infer<typeof EventFilterSchema>;

/**
 * Tag targeting of a V2 campaign. When `weights` is set, a send draws contacts from each `$in`
 * tag in proportion to its weight: its keys must be `$in` tags, must cover every `$in` tag, and
 * its values must be positive.
 */
export const TagTargetingSchema = z
  .object({
    $in: z.array(z.string()),
    $nin: z.array(z.string()),
    weights: z.record(z.string(), z.number().positive()).optional(),
  })
  .superRefine((targeting, ctx) => {
    if (!targeting.weights) return;
    const included = new Set(targeting.$in);
    for (const key of Object.keys(targeting.weights)) {
      if (!included.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['weights', key],
          message: `Weight for ${key}, which is not in $in`,
        });
      }
    }
    for (const tag of targeting.$in) {
      if (!(tag in targeting.weights)) {
        ctx.addIssue({ code: 'custom', path: ['weights'], message: `Missing weight for $in tag ${tag}` });
      }
    }
  });
/** Tag targeting of a V2 campaign. */
export type TagTargeting = z.infer<typeof TagTargetingSchema>;

/** A campaign of the V2 model (`/campaigns/v2`), returned in full. */
export const CampaignV2Schema = z.object({
  _id: z.string(),
  org_id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  active: z.boolean(),
  categories: z.array(z.string()),
  opt_out_level: z.enum(['campaign', 'org']),
  targeting: z.object({
    reachability_days: z.number().nonnegative().nullable().optional(),
    tag_ids: TagTargetingSchema,
    segment_ids: z.object({ $in: z.array(z.string()), $nin: z.array(z.string()) }),
    events: z.array(EventFilterSchema),
  }),
  channels: z.object({
    sms: z
      .object({
        template_ids: z.array(z.string()),
        max_parts: z.number().int().positive(),
        delivery_method: z.string(),
      })
      .optional(),
    email: z
      .object({ template_ids: z.array(z.string()), configuration_set_name: z.string().optional() })
      .optional(),
  }),
  tracking_link: z
    .object({ tracksUnique: z.boolean(), redirect_url: z.string(), auto_redirect: z.boolean() })
    .optional(),
  hooks: z.object({ hook_ids: z.array(z.string()), custom_data: z.string().nullable().optional() }),
  recurring_sends: z.object({ window: SendWindowSchema }).optional(),
  financials: z
    .object({
      income_per_optin: z.number().nullable().optional(),
      income_per_click: z.number().nullable().optional(),
      income_per_sale: z.number().nullable().optional(),
    })
    .optional(),
  legal: z
    .object({
      consent_confirmation: z.boolean().optional(),
      recommendation_confirmation: z.boolean().optional(),
    })
    .optional(),
  marketplace: z.object({ offer_id: z.string(), buyer_org_id: z.string() }).optional(),
  optimisations: z
    .object({ sms_template_id: z.object({ auto: z.boolean(), min_sends: z.number().int().nonnegative() }) })
    .optional(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
/** A campaign of the V2 model. */
export type CampaignV2 = z.infer<typeof CampaignV2Schema>;
