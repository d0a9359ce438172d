import * as z from 'zod';
import { boundedList, CountryCode } from '../primitives.js';

/** Why a cell may not be sent to. */
export const ComplianceReason = z.enum([
  'invalid_cell',
  'opted_out_global',
  'opted_out_campaign',
  'excluded_tag',
  'excluded_segment',
]);
/** Why a cell may not be sent to. */
export type ComplianceReason = z.infer<typeof ComplianceReason>;

/** The query of `POST /compliance/send`: the campaign to check against, if any. */
export const ComplianceQuerySchema = z.strictObject({ campaign_id: z.string().min(1).optional() });

/** The body of `POST /compliance/send`: cells to check, and the country of local numbers. */
export const ComplianceBodySchema = z.strictObject({
  cells: boundedList(z.string()).min(1),
  country: CountryCode.meta({
    description:
      'Required: the country (ISO 3166-1 alpha-2, `ZA`) that local numbers in `cells` are read in.',
  }),
});
/** The body of a compliance check. */
export type ComplianceBody = z.infer<typeof ComplianceBodySchema>;

/** The verdict for one cell. */
export const ComplianceResultEntrySchema = z.object({
  cell: z.string(),
  can_send: z.boolean(),
  reason: ComplianceReason.optional(),
});
/** The verdict for one cell. */
export type ComplianceResultEntry = z.infer<typeof ComplianceResultEntrySchema>;

/** The answer of a compliance check. */
export const ComplianceResultSchema = z.object({
  campaign_id: z.string().optional(),
  credits_used: z.number().nonnegative(),
  results: z.array(ComplianceResultEntrySchema),
});
/** The answer of a compliance check. */
export type ComplianceResult = z.infer<typeof ComplianceResultSchema>;
