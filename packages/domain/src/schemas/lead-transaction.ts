import * as z from 'zod';
import { IsoDateTime } from '../primitives.js';
import { LeadStatus } from './offer.js';

/** Why a transaction landed on its status. */
export const StatusReason = z.enum([
  'requested',
  'offer_default',
  'duplicate',
  'cap_reached',
  'insufficient_balance',
  'accepted',
  'rejected_by_buyer',
]);
/** Why a transaction landed on its status. */
export type StatusReason = z.infer<typeof StatusReason>;

/** A marketplace lead transaction: one confirmed lead of a buyer against an offer. */
export const LeadTransactionSchema = z.object({
  _id: z.string(),
  resource_id: z.string(),
  offer_id: z.string(),
  campaign_id: z.string(),
  send_id: z.string().optional(),
  click_id: z.string().optional(),
  cell: z.string(),
  status: LeadStatus,
  status_reason: StatusReason,
  price: z.number(),
  buyer_org_id: z.string(),
  seller_org_id: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
/** A marketplace lead transaction. */
export type LeadTransaction = z.infer<typeof LeadTransactionSchema>;
