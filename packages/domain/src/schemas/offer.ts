import * as z from 'zod';

/** A status a lead transaction can be created with. */
export const LeadStatus = z.enum(['completed', 'pending', 'rejected']);
/** A lead transaction status. */
export type LeadStatus = z.infer<typeof LeadStatus>;

/**
 * A marketplace offer: a seller's campaign sold to one buyer at a price per completed lead.
 * Caps count completed leads (`total` ever, `daily` per calendar day in the seller's time zone)
 * and spend (`budget`, in credits).
 */
export const OfferSchema = z.object({
  _id: z.string(),
  seller_org_id: z.string(),
  buyer_org_id: z.string(),
  campaign_id: z.string(),
  price: z.number().nonnegative(),
  default_status: z.enum(['completed', 'pending']),
  caps: z
    .object({
      total: z.number().int().nonnegative().optional(),
      daily: z.number().int().nonnegative().optional(),
      budget: z.number().nonnegative().optional(),
    })
    .optional(),
});
/** A marketplace offer. */
export type Offer = z.infer<typeof OfferSchema>;
