import {
  CAMPAIGN_DEFAULTS,
  CampaignSchema,
  CampaignV2Schema,
  type Contact,
  customFieldIds,
  DEFAULT_TIME_ZONE,
  LeadTransactionSchema,
  OfferSchema,
  permissions,
  ReplySchema,
  SendTrigger,
  UploadContactSchema,
} from '@marketing/domain';
import * as z from 'zod';
import { type ContactColumns, ContactColumnsSchema } from './contact-columns.js';

const id = z.string().min(1);
const ids = z.array(id);
const timestamp = z.iso.datetime({ offset: true });
/**
 * The most credits a balance, a price or a budget may hold, so that what the service adds up
 * stays a number: a seed's balance of 1.7e308 passed Infinity once a lead paid it, and a state
 * file saved it as `null`, which no start could load.
 */
export const MOST_CREDITS = 1e15;
const credits = z.number().nonnegative().max(MOST_CREDITS);

/** An organisation: a tenant with a credit balance, a time zone and typed custom fields. */
export const OrgSeedSchema = z.strictObject({
  _id: id,
  name: z.string().optional(),
  /** Billing credits. @default 1000 */
  credits: credits.default(1000),
  /** @default 'Africa/Johannesburg' */
  timezone: z.string().default(DEFAULT_TIME_ZONE),
  custom_fields: z
    .array(
      z.strictObject({
        id: z.enum(customFieldIds),
        name: z.string(),
        type: z.enum(['string', 'number', 'boolean', 'date']),
      }),
    )
    .default([]),
});

// A key may hold `*`, a permission, or a parent of one (`contact` holds every `contact.*`).
const isKnownPermission = (name: string) =>
  name === '*' || permissions.some((p) => p === name || p.startsWith(`${name}.`));
const PermissionName = z.string().refine(isKnownPermission, {
  error: (issue) =>
    `Unknown permission ${JSON.stringify(issue.input)}; use "*", one of ${permissions.join(', ')}, or a parent of one such as "contact"`,
});

/** An API key: its organisation, permissions (`*` for all) and optional resource restrictions. */
export const ApiKeySeedSchema = z.strictObject({
  key: id,
  org_id: id,
  /** `*`, permissions, or parents of permissions (`contact` holds every `contact.*`). @default ['*'] */
  permissions: z.array(PermissionName).default(['*']),
  resources: z.strictObject({ campaign_ids: ids.optional(), tag_ids: ids.optional() }).optional(),
});

/** A tag; its name defaults to its id. */
export const TagSeedSchema = z.strictObject({ tag_id: id, org_id: id, name: z.string().optional() });

/** A segment: a named, fixed set of cells, for campaign targeting and compliance exclusions. */
export const SegmentSeedSchema = z.strictObject({
  _id: id,
  org_id: id,
  name: z.string().optional(),
  cells: z.array(z.string()).default([]),
});

/** Documented defaults of a seeded original campaign; its name defaults to its id. */
export { CAMPAIGN_DEFAULTS };

/** An original campaign: `_id` and `org_id` are required, every other field has a default. */
export const CampaignSeedSchema = CampaignSchema.partial().required({ _id: true, org_id: true }).strict();

/** A V2 campaign: `_id` and `org_id` are required, every other field has a default. */
export const CampaignV2SeedSchema = CampaignV2Schema.partial()
  .required({ _id: true, org_id: true })
  .extend({
    targeting: z
      .object({
        reachability_days: z.number().nonnegative().nullable().optional(),
        tag_ids: CampaignV2Schema.shape.targeting.shape.tag_ids.optional(),
        segment_ids: z.object({ $in: ids, $nin: ids }).optional(),
        events: CampaignV2Schema.shape.targeting.shape.events.optional(),
      })
      .optional(),
  })
  .strict();

/** A template for SMS or email; `body` may hold placeholders. */
export const TemplateSeedSchema = z.strictObject({
  _id: id,
  org_id: id,
  channel: z.enum(['sms', 'email']),
  subject: z.string().optional(),
  body: z.string(),
});

/** A reply hook: a webhook or an SMS hook. */
export const HookSeedSchema = z.discriminatedUnion('type', [
  z.strictObject({
    _id: id,
    org_id: id,
    type: z.literal('webhook'),
    url: z.string().min(1),
    /** @default 'POST' */
    method: z.enum(['GET', 'POST']).default('POST'),
    body: z.string().optional(),
    encode_into_url: z.boolean().default(false),
    headers: z.string().optional(),
  }),
  z.strictObject({
    _id: id,
    org_id: id,
    type: z.literal('sms'),
    content: z.string(),
    /** Comma-separated cell numbers. */
    destinations: z.string().default(''),
    send_to_replying_contact: z.boolean().default(false),
  }),
]);

/** A marketplace offer; `default_status` defaults to `completed`. */
export const OfferSeedSchema = OfferSchema.extend({
  price: credits,
  default_status: OfferSchema.shape.default_status.default('completed'),
  caps: OfferSchema.shape.caps.unwrap().extend({ budget: credits.optional() }).optional(),
}).strict();

/**
 * A contact. `cell` may be in any accepted form (a local number needs `country`); `_id`, dates,
 * tags and opt-outs default.
 */
export const ContactSeedSchema = UploadContactSchema.omit({ tags: true }).extend({
  org_id: id,
  _id: id.optional(),
  country: z.string().optional(),
  tag_ids: ids.default([]),
  deduped_campaign_ids: ids.default([]),
  global_opt_out: z.boolean().optional(),
  validated: z.strictObject({ at: timestamp.optional(), reachable: z.boolean().optional() }).optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
});

/** A send, with the cell it went to; replies and clicks refer to it. */
export const SendSeedSchema = z.strictObject({
  _id: id,
  org_id: id,
  campaign_id: id.optional(),
  cell: z.string().optional(),
  trigger: SendTrigger.default('manualCampaign'),
  channel: z.enum(['sms', 'email']).default('sms'),
  to_start_at: timestamp.optional(),
  marketplace: z.strictObject({ offer_id: id, buyer_org_id: id }).optional(),
  variables: z.record(z.string(), z.string()).optional(),
});

/** A click on a send's tracking link. */
export const ClickSeedSchema = z.strictObject({ _id: id, send_id: id, createdAt: timestamp.optional() });

/** A recorded sale. */
export const SaleRecordSeedSchema = z.strictObject({
  _id: id.optional(),
  org_id: id,
  campaign_id: id,
  send_id: id.optional(),
  click_id: id.optional(),
  cell: z.string(),
  soldAt: timestamp,
  saleValue: z.number(),
});

/** A message the mock sent, as `GET /__mock/outbox` lists it (kept by `--state`). */
export const OutboxSeedSchema = z.strictObject({
  _id: id,
  org_id: id,
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  from: z.string().optional(),
  subject: z.string().optional(),
  content: z.string(),
  parts: z.number().int().optional(),
  cost: z.number(),
  trigger: SendTrigger,
  send_id: id,
  campaign_id: id.optional(),
  status: z.enum(['sent', 'scheduled']),
  scheduled_for: timestamp.optional(),
  createdAt: timestamp,
});

/** One webhook delivery attempt, as `GET /__mock/webhooks` lists it (kept by `--state`). */
export const WebhookDeliverySeedSchema = z.strictObject({
  delivery_id: id,
  hook_id: id,
  org_id: id,
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  headers: z.record(z.string(), z.string()),
  body: z.string().optional(),
  attempt: z.number().int().positive(),
  outcome: z.enum([
    'delivered',
    'http_error',
    'timeout',
    'connection_error',
    'skipped_insufficient_balance',
    'render_error',
  ]),
  status: z.number().int().optional(),
  error: z.string().optional(),
  at: timestamp,
});

// Rows, or columns: an object is checked as columns alone, so that its issues name what is wrong
// (`contacts.count: Expected number, received string`); a union of the two said only "Invalid input".
const ContactsSchema = z.custom<unknown[] | ContactColumns>().superRefine((value, context) => {
  if (Array.isArray(value)) return;
  if (typeof value !== 'object' || value === null) {
    context.addIssue({
      code: 'custom',
      message: 'Expected a list of contacts, or contacts as columns ({"count": n, "columns": {...}})',
    });
    return;
  }
  const columns = ContactColumnsSchema.safeParse(value);
  if (!columns.success)
    for (const issue of columns.error.issues)
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/**
 * The seed document: one JSON document describing a world. Every collection is optional, IDs are
 * chosen by the author so that tests can name them, and `GET /__mock/state` answers in this
 * same form, so a saved state seeds again.
 */
export const SeedDocumentSchema = z.strictObject({
  orgs: z.array(OrgSeedSchema).default([]),
  api_keys: z.array(ApiKeySeedSchema).default([]),
  tags: z.array(TagSeedSchema).default([]),
  segments: z.array(SegmentSeedSchema).default([]),
  campaigns: z.array(CampaignSeedSchema).default([]),
  campaigns_v2: z.array(CampaignV2SeedSchema).default([]),
  templates: z.array(TemplateSeedSchema).default([]),
  hooks: z.array(HookSeedSchema).default([]),
  offers: z.array(OfferSeedSchema).default([]),
  // Contacts are validated one at a time by the world (same schema): at a million contacts, a
  // parsed copy of them all would be held at once and cost seconds of garbage collection.
  /** Contacts as rows, or as columns (see {@link ContactColumns}), as state files save them. */
  contacts: ContactsSchema.default([]),
  sends: z.array(SendSeedSchema).default([]),
  clicks: z.array(ClickSeedSchema).default([]),
  sales: z.array(SaleRecordSeedSchema).default([]),
  transactions: z
    .array(LeadTransactionSchema.extend({ price: z.number().min(-MOST_CREDITS).max(MOST_CREDITS) }))
    .default([]),
  /** Inbound replies received so far. */
  replies: z.array(ReplySchema).default([]),
  /** Messages sent so far (the outbox). */
  outbox: z.array(OutboxSeedSchema).default([]),
  /** Webhook delivery attempts so far. */
  webhook_deliveries: z.array(WebhookDeliverySeedSchema).default([]),
});

/** A seed document as written (every collection and most fields optional). */
export type SeedDocument = Omit<z.input<typeof SeedDocumentSchema>, 'contacts'> & {
  contacts?: z.input<typeof ContactSeedSchema>[] | ContactColumns | undefined;
};
/** A seed document with its defaults filled in (contacts are checked one at a time). */
export type ParsedSeedDocument = z.output<typeof SeedDocumentSchema>;
/** The whole state as `state()` answers it: a seed document with every record in full. */
export type StateDocument = Omit<ParsedSeedDocument, 'contacts'> & {
  contacts: (Contact & { org_id: string })[];
};
export type OrgSeed = z.output<typeof OrgSeedSchema>;
export type ApiKeySeed = z.output<typeof ApiKeySeedSchema>;
export type HookSeed = z.output<typeof HookSeedSchema>;
export type TemplateSeed = z.output<typeof TemplateSeedSchema>;
export type SegmentSeed = z.output<typeof SegmentSeedSchema>;
export type SendSeed = z.output<typeof SendSeedSchema>;
export type ClickSeed = z.output<typeof ClickSeedSchema>;
export type SaleRecord = z.output<typeof SaleRecordSeedSchema>;
