import * as z from 'zod';
import { boundedList, CountryCode, IsoDateInput } from '../primitives.js';
import { DeliveryMethod } from './campaign.js';

/** Options of a single SMS send. `testMode` validates and prices without sending or charging. */
export const SendOptionsSchema = z.looseObject({ testMode: z.boolean().optional() });

/** The body of `POST /send/sms`. */
export const SendSmsBodySchema = z.strictObject({
  content: z.string().min(1),
  cell: z.string().min(1),
  skipNonContacts: z.boolean(),
  country: CountryCode.meta({
    description: 'Required: the country (ISO 3166-1 alpha-2, `ZA`) that a local `cell` is read in.',
  }),
  deliveryMethod: DeliveryMethod,
  campaign_id: z.string().min(1).optional(),
  sendOptions: SendOptionsSchema.optional(),
});
/** The body of a single SMS send. */
export type SendSmsBody = z.infer<typeof SendSmsBodySchema>;

/** The answer of a single SMS send: its id and what it cost. */
export const SendSmsResultSchema = z.object({ customerId: z.string(), totalCost: z.number().nonnegative() });
/** The answer of a single SMS send. */
export type SendSmsResult = z.infer<typeof SendSmsResultSchema>;

/** The body of `POST /send/email/bulk`. */
export const SendEmailBulkBodySchema = z.strictObject({
  from: z.email(),
  template_id: z.string().min(1),
  destinations: boundedList(z.email()).min(1),
  filter_non_contacts: z.boolean().optional(),
  to_start_at: IsoDateInput.optional(),
});
/** The body of a bulk email send. */
export type SendEmailBulkBody = z.infer<typeof SendEmailBulkBodySchema>;
