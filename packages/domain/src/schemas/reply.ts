import * as z from 'zod';
import { IsoDateTime } from '../primitives.js';

/** How a reply was classified. */
export const ReplyKind = z.enum(['optOut', 'optIn', 'unknown']);
/** How a reply was classified. */
export type ReplyKind = z.infer<typeof ReplyKind>;

/** An inbound reply from a contact. */
export const ReplySchema = z.object({
  To: z.string(),
  Message: z.string(),
  Msisdn: z.string(),
  Received: IsoDateTime,
  campaign_id: z.string().optional(),
  kind: ReplyKind,
});
/** An inbound reply. */
export type Reply = z.infer<typeof ReplySchema>;
