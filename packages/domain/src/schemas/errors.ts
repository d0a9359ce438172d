import * as z from 'zod';
import { errorCodes } from '../messages.js';
import { LeadIssueSchema } from './lead-requests.js';

/** One validation issue: where (`find.tag_ids.$in`) and what. */
export const ValidationIssueSchema = z.object({ path: z.string(), message: z.string() });
/** One validation issue. */
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The 403 error of a key that lacks the endpoint's permission. */
export const PermissionErrorSchema = z.object({
  code: z.literal(errorCodes.insufficientPermissions),
  missing: z.array(z.string()),
});

/** The 403 error of a key that may not touch some named resources, grouped by kind. */
export const ResourceErrorSchema = z.object({
  code: z.enum([errorCodes.searchInsufficientResourceIds, errorCodes.insufficientResourceIds]),
  missing: z.record(z.string(), z.array(z.string())),
});
/** The 403 error of a key that may not touch some named resources. */
export type ResourceError = z.infer<typeof ResourceErrorSchema>;

/** The 429 error: when the budget refills (epoch seconds) and how much is left. */
export const RateLimitErrorSchema = z.object({
  code: z.literal(errorCodes.rateLimited),
  resetsAt: z.number(),
  remaining: z.number(),
});

/** The 400 error of a bulk update whose body is invalid. */
export const ValidationErrorObjectSchema = z.object({
  code: z.literal(errorCodes.validationError),
  issues: z.array(ValidationIssueSchema),
});

/** The 400 error of a contact search whose body is invalid: a list of issues. */
export const ValidationIssueListSchema = z.array(ValidationIssueSchema);

/** The 400 error of a lead batch: the refused leads. */
export const LeadIssueListSchema = z.array(LeadIssueSchema);
