import * as z from 'zod';
import { limits } from '../contract/limits.js';
import { messages } from '../messages.js';
import { boundedList, IdList, IsoDateInput, UploadCountry } from '../primitives.js';
import { ContactFieldName, ProjectedContactSchema, UploadContactSchema } from './contact.js';

/** The most contacts one search page returns. */
export const SEARCH_LIMIT_MAX = 10_000;
/** The page size of a search that names no `options.limit`. */
export const SEARCH_LIMIT_DEFAULT = 100;
/** The most contacts one `POST /contacts` may carry. */
export const CREATE_CONTACTS_MAX = limits.createContacts;
/** The most contacts one `PUT /contacts` may carry. */
export const UPSERT_CONTACTS_MAX = limits.upsertContacts;

// A list of 500,000 cells in one search held the mock's one thread for a second.
const nonEmptyIds = boundedList(z.string().min(1)).min(1);

// zod does not turn a `.refine` into JSON Schema: each cross-field rule below also states itself in
// `.meta` (`minProperties`, `anyOf`, `oneOf`), which the OpenAPI document carries, so that tools
// built from it refuse what the service refuses.

/** The tag filter of a search or bulk update: any of (`$in`) and/or all of (`$all`) the tags. */
export const TagFilterSchema = z
  .strictObject({ $in: nonEmptyIds.optional(), $all: nonEmptyIds.optional() })
  .refine((f) => f.$in !== undefined || f.$all !== undefined, 'tag_ids needs $in or $all')
  .meta({ minProperties: 1 });

/** The `updatedAt` filter of a search: on or after `$gte`, on or before `$lte`. */
export const UpdatedAtFilterSchema = z
  .strictObject({ $gte: IsoDateInput.optional(), $lte: IsoDateInput.optional() })
  .refine((f) => f.$gte !== undefined || f.$lte !== undefined, 'updatedAt needs $gte or $lte')
  .meta({ minProperties: 1 });

const atLeastOneFilter = (find: Record<string, unknown>) => Object.values(find).some((v) => v !== undefined);

/** The `find` of a contact search: at least one of `cell`, `tag_ids`, `updatedAt`. */
export const ContactFindSchema = z
  .strictObject({
    cell: nonEmptyIds.optional(),
    tag_ids: TagFilterSchema.optional(),
    updatedAt: UpdatedAtFilterSchema.optional(),
  })
  .refine(atLeastOneFilter, 'find needs at least one filter: cell, tag_ids or updatedAt')
  .meta({ minProperties: 1 });

/**
 * The body of `POST /contacts/search`. `projection` names the fields to return besides `_id`.
 * `options.limit` defaults to 100 and may be at most 10,000; `options.skip` defaults to 0.
 */
export const ContactSearchBodySchema = z.strictObject({
  find: ContactFindSchema,
  projection: z.partialRecord(ContactFieldName, z.literal(1)).optional(),
  options: z
    .strictObject({
      skip: z.number().int().nonnegative().optional(),
      limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).optional(),
    })
    .optional(),
});
/** The body of a contact search. */
export type ContactSearchBody = z.infer<typeof ContactSearchBodySchema>;

/** The query of a contact search with its defaults filled in, as `parsed_request` echoes it. */
export const ParsedSearchRequestSchema = z.object({
  find: z.object({
    cell: z.array(z.string()).optional(),
    tag_ids: z
      .object({ $in: z.array(z.string()).optional(), $all: z.array(z.string()).optional() })
      .optional(),
    updatedAt: z.object({ $gte: z.string().optional(), $lte: z.string().optional() }).optional(),
  }),
  projection: z.record(z.string(), z.literal(1)),
  options: z.object({ skip: z.number(), limit: z.number() }),
});
/** A search with its defaults filled in. */
export type ParsedSearchRequest = z.infer<typeof ParsedSearchRequestSchema>;

/** The answer of a contact search. */
export const ContactSearchResultSchema = z.object({
  parsed_request: ParsedSearchRequestSchema,
  contacts: z.array(ProjectedContactSchema),
});

/** `{matchedCount, modifiedCount}`, the answer of opt-out and tag changes. */
export const MatchResultSchema = z.object({
  matchedCount: z.number().int().nonnegative(),
  modifiedCount: z.number().int().nonnegative(),
});
/** How many contacts matched and how many changed. */
export type MatchResult = z.infer<typeof MatchResultSchema>;

/**
 * The body of `POST /contacts/:cell/optOut`: `campaign_ids`, or `all: true` for every existing
 * and future campaign. `create_missing_contact` creates the contact first when it is missing.
 */
export const OptOutBodySchema = z
  .strictObject({
    campaign_ids: IdList.optional(),
    all: z.boolean().optional(),
    create_missing_contact: z.boolean().optional(),
  })
  .refine((b) => (b.campaign_ids !== undefined && b.campaign_ids.length > 0) || b.all === true, {
    message: messages.optOutTargetRequired,
  })
  .meta({
    anyOf: [
      {
        required: ['campaign_ids'],
        properties: { campaign_ids: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 } },
      },
      { required: ['all'], properties: { all: { const: true } } },
    ],
  });
/** The body of an opt-out. */
export type OptOutBody = z.infer<typeof OptOutBodySchema>;

/** The body of `PUT /contacts/:cell/optOut`: one campaign, or `all`. */
export const OptOutCampaignBodySchema = z.strictObject({
  campaign_id: z.string().min(1),
  all: z.boolean().optional(),
});
/** The body of a single-campaign opt-out. */
export type OptOutCampaignBody = z.infer<typeof OptOutCampaignBodySchema>;

/**
 * The body of `PUT /contacts/:cell/tag/add` and `/tag/remove`: tag IDs (recommended) and/or tag
 * names. `create_missing_contact` applies to add only.
 */
export const TagChangeBodySchema = z
  .strictObject({
    tag_ids: boundedList(z.string()).optional(),
    tags: boundedList(z.string()).optional(),
    create_missing_contact: z.boolean().optional(),
  })
  .refine((b) => (b.tag_ids?.length ?? 0) + (b.tags?.length ?? 0) > 0, { message: messages.noTagsToChange })
  .meta({
    anyOf: [
      {
        required: ['tag_ids'],
        properties: { tag_ids: { type: 'array', items: { type: 'string' }, minItems: 1 } },
      },
      { required: ['tags'], properties: { tags: { type: 'array', items: { type: 'string' }, minItems: 1 } } },
    ],
  });
/** The body of a tag change. */
export type TagChangeBody = z.infer<typeof TagChangeBodySchema>;

/** The optional send that an upload triggers to its newly uploaded contacts. */
export const UploadSendSchema = z.strictObject({
  campaign_id: z.string().min(1),
  template: z.strictObject({
    // Not the campaign kind the name `kind` describes elsewhere: the mock sends a template of
    // this channel (the interface shows no other template kinds).
    kind: z.string().min(1).meta({
      description: 'The template’s channel: `sms` or `email`, as the template with `data.template_id` is.',
    }),
    data: z.looseObject({ template_id: z.string().min(1) }),
  }),
});

/**
 * The envelope of a contact upload: 1 to `max` rows of `row`, an optional country, tags and send.
 * The mock validates the envelope with rows left open (`z.unknown()`) and then each row on its
 * own, so that a bad row is reported rather than the whole upload refused.
 *
 * @example
 * ```ts
 * const envelope = uploadEnvelopeSchema(20_000, z.unknown());
 * ```
 */
export function uploadEnvelopeSchema<Row extends z.ZodType>(max: number, row: Row) {
  return z.strictObject({
    contacts: z.array(row).min(1).max(max),
    country: UploadCountry.meta({
      description:
        'Optional: the country (`ZA` or `NA`) that local cell numbers in `contacts` are read in; without it, each cell needs its country code.',
    }).optional(),
    tag_ids: boundedList(z.string()).optional(),
    send: UploadSendSchema.optional(),
  });
}

/** The body of `POST /contacts`: at most 100,000 new contacts. */
export const CreateContactsBodySchema = uploadEnvelopeSchema(CREATE_CONTACTS_MAX, UploadContactSchema);
/** The body of `PUT /contacts`: at most 20,000 contacts, created or updated. */
export const UpsertContactsBodySchema = uploadEnvelopeSchema(UPSERT_CONTACTS_MAX, UploadContactSchema);
/** The body of a contact upload. */
export type UploadContactsBody = z.infer<typeof CreateContactsBodySchema>;

/** The answer of a contact upload: how many rows were stored, and why the others were not. */
export const UploadResultSchema = z.object({
  validContacts: z.number().int().nonnegative(),
  invalidContacts: z.array(z.object({ row: z.number().int().nonnegative(), issue: z.string() })),
});
/** The answer of a contact upload. */
export type UploadResult = z.infer<typeof UploadResultSchema>;

const eachIds = z.strictObject({ $each: nonEmptyIds });

/**
 * The `update` of a bulk update: exactly one operator, `$addToSet` (tags or deduped campaigns)
 * or `$pull` (tags).
 */
export const BulkUpdateOperationSchema = z
  .strictObject({
    $addToSet: z
      .strictObject({ tag_ids: eachIds.optional(), deduped_campaign_ids: eachIds.optional() })
      .refine((s) => s.tag_ids !== undefined || s.deduped_campaign_ids !== undefined, {
        message: '$addToSet needs tag_ids or deduped_campaign_ids',
      })
      .meta({ minProperties: 1 })
      .optional(),
    $pull: z.strictObject({ tag_ids: z.strictObject({ $in: nonEmptyIds }) }).optional(),
  })
  .refine((u) => (u.$addToSet === undefined) !== (u.$pull === undefined), {
    message: 'update needs exactly one operator: $addToSet or $pull',
  })
  .meta({ oneOf: [{ required: ['$addToSet'] }, { required: ['$pull'] }] });

/** The body of `POST /contacts/update`. `find` needs at least one filter, like search. */
export const BulkUpdateBodySchema = z.strictObject({
  find: z
    .strictObject({ cell: nonEmptyIds.optional(), tag_ids: TagFilterSchema.optional() })
    .refine(atLeastOneFilter, 'find needs at least one filter: cell or tag_ids')
    .meta({ minProperties: 1 }),
  update: BulkUpdateOperationSchema,
});
/** The body of a bulk update. */
export type BulkUpdateBody = z.infer<typeof BulkUpdateBodySchema>;

/** The answer of a bulk update, with the request as it was understood. */
export const BulkUpdateResultSchema = MatchResultSchema.extend({
  parsedRequest: z.object({
    find: z.object({
      cell: z.array(z.string()).optional(),
      tag_ids: z
        .object({ $in: z.array(z.string()).optional(), $all: z.array(z.string()).optional() })
        .optional(),
    }),
    update: z.record(z.string(), z.record(z.string(), z.unknown())),
  }),
});
/** The answer of a bulk update. */
export type BulkUpdateResult = z.infer<typeof BulkUpdateResultSchema>;

/** The path of the routes that name one contact. */
export const CellPathSchema = z.strictObject({ cell: z.string() });
