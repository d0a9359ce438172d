import * as z from 'zod';
import { IsoDateTime } from '../primitives.js';

/** What caused a send. */
export const SendTrigger = z.enum([
  'recurringSend',
  'hook',
  'manualBulk',
  'manualSingle',
  'manualCampaign',
  'welcome',
  'test',
]);

/** A send (a send log entry). Its destinations are not on this record. */
export const SendSchema = z.object({
  _id: z.string(),
  org_id: z.string(),
  campaign_id: z.string().optional(),
  integrations: z
    .object({ servicecrm: z.object({ conversationId: z.string().optional() }).optional() })
    .optional(),
  to_start_at: IsoDateTime,
  trigger: SendTrigger,
  channel: z.enum(['sms', 'email']).optional(),
  marketplace: z.object({ offer_id: z.string(), buyer_org_id: z.string() }).optional(),
  variables: z.record(z.string(), z.string()).optional(),
});
/** A send. */
export type Send = z.infer<typeof SendSchema>;
