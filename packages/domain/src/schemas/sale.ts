import * as z from 'zod';

/** The form of `soldAt`: a date, an optional time and offset, or blank. */
export const SOLD_AT_PATTERN =
  /^(\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

/**
 * `soldAt` of a sale: an ISO date with an optional time (`2026-11-22`, `2026-11-22T14:30`,
 * `2026-11-22 14:30:00`); blank means now.
 */
export const SoldAt = z
  .string()
  .regex(SOLD_AT_PATTERN, 'Expected an ISO date YYYY-MM-DD with an optional time');

/** One sale as uploaded. `cell` may be local when the campaign is of the original model. */
export const SaleSchema = z.strictObject({
  campaign_id: z.string().min(1),
  send_id: z.string().optional(),
  click_id: z.string().optional(),
  cell: z.string().min(1),
  soldAt: SoldAt.optional(),
  saleValue: z.number().nonnegative().optional(),
});
/** One sale as uploaded. */
export type Sale = z.infer<typeof SaleSchema>;
