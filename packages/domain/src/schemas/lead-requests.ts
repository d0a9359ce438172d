import * as z from 'zod';
import { limits } from '../contract/limits.js';
import { boundedList, IsoDateInput } from '../primitives.js';
import { LeadStatus } from './offer.js';

/** The most leads one `POST /exchange/buyer/transaction` may carry. */
export const LEADS_MAX = limits.leads;

/** The message of a lead that names no matchback identifier, or more than one. */
export const MATCHBACK_REQUIRED = 'Exactly one of campaign_id, send_id or click_id is required';

/**
 * One lead a buyer confirms. It matches back to an offer through exactly one of `campaign_id`,
 * `send_id` or `click_id`. `resource_id` is the buyer's own unique id: submitting it again
 * creates nothing new.
 */
export const LeadSchema = z
  .strictObject({
    resource_id: z.string().min(1),
    cell: z.string().min(1),
    campaign_id: z.string().min(1).optional(),
    send_id: z.string().min(1).optional(),
    click_id: z.string().min(1).optional(),
    status: LeadStatus.optional(),
  })
  .refine(
    (lead) => [lead.campaign_id, lead.send_id, lead.click_id].filter((id) => id !== undefined).length === 1,
    { message: MATCHBACK_REQUIRED },
  )
  .meta({ oneOf: [{ required: ['campaign_id'] }, { required: ['send_id'] }, { required: ['click_id'] }] });
/** One lead. */
export type Lead = z.infer<typeof LeadSchema>;

/** The body of `POST /exchange/buyer/transaction`: 1 to 1000 leads. */
export const LeadBatchSchema = z.array(LeadSchema).min(1).max(LEADS_MAX);

/** The body of `PUT /exchange/buyer/transaction/:id/status`. */
export const TransactionStatusBodySchema = z.strictObject({ status: z.enum(['completed', 'rejected']) });

// One ID or a list of at most 10,000: 200,000 IDs (2.6 MB) were checked in one turn.
const oneOrMany = z.union([z.string().min(1), boundedList(z.string().min(1))], {
  error: `Expected an ID, or a list of at most ${limits.filterList.toLocaleString('en')} IDs`,
});

/** The body of `POST /exchange/buyer/transaction/search`; every field is optional. */
export const TransactionSearchBodySchema = z.strictObject({
  _id: oneOrMany.optional(),
  status: LeadStatus.optional(),
  offer_id: oneOrMany.optional(),
  createdAt: z.strictObject({ $gte: IsoDateInput.optional(), $lte: IsoDateInput.optional() }).optional(),
});
/** The body of a transaction search. */
export type TransactionSearchBody = z.infer<typeof TransactionSearchBodySchema>;

/** One refused lead of a batch: where it is, which it is, and why. */
export const LeadIssueSchema = z.object({
  index: z.number().int(),
  resource_id: z.string().optional(),
  issue: z.string(),
});
/** One refused lead of a batch. */
export type LeadIssue = z.infer<typeof LeadIssueSchema>;
