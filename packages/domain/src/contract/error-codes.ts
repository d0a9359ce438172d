import { errorCodes, messages } from '../messages.js';

/**
 * A stable, machine-readable name for every error the service answers with, beside the text the
 * service sends (the wire format is unchanged; clients derive the code from it). A text entry
 * matches the error string exactly, or its start where `prefix` is set; an object error (`{code}`)
 * is named by its `code`, and a list by the endpoint's validation style.
 *
 * @example
 * ```ts
 * import { errorCodeTable } from '@marketing/domain/routes';
 * errorCodeTable.contact_not_found; // { message: 'Contact not found' }
 * ```
 */
export const errorCodeTable = {
  invalid_cell: { message: messages.invalidCellNumber },
  contact_not_found: { message: messages.contactNotFound },
  opt_out_target_required: { message: messages.optOutTargetRequired },
  no_tags_to_change: { message: messages.noTagsToChange },
  campaign_not_found: { message: messages.campaignNotFound },
  tag_not_found: { message: messages.tagNotFound },
  template_not_found: { message: messages.templateNotFound },
  transaction_not_found: { message: messages.transactionNotFound },
  transaction_not_pending: { message: messages.transactionNotPending },
  not_found: { message: messages.notFound },
  duplicate_sale: { message: messages.duplicateSale },
  no_matching_offer: { message: messages.noMatchingOfferPrefix, prefix: true },
  unauthorized: { message: messages.unauthorized },
  insufficient_balance: { message: messages.insufficientBalance },
  body_not_json: { message: messages.bodyNotJson },
  body_too_large: { message: messages.bodyTooLargePrefix, prefix: true },
  body_too_complex: { message: messages.bodyTooComplexPrefix, prefix: true },
  body_encoded: { message: messages.bodyEncodedPrefix, prefix: true },
  insufficient_permissions: { objectCode: [errorCodes.insufficientPermissions] },
  insufficient_resource_ids: {
    objectCode: [errorCodes.insufficientResourceIds, errorCodes.searchInsufficientResourceIds],
  },
  rate_limited: { objectCode: [errorCodes.rateLimited] },
  validation_error: { objectCode: [errorCodes.validationError] },
} as const satisfies Record<string, { message: string; prefix?: true } | { objectCode: readonly string[] }>;

/**
 * The machine-readable code of a failure: a key of {@link errorCodeTable}, or `unknown` for an
 * answer the contract does not document (a 5xx, a proxy's page).
 */
export type ErrorCode = keyof typeof errorCodeTable | 'unknown';

/**
 * Names a failure's `error`, as the service sent it, with its {@link ErrorCode}. A 400 that is a
 * list (of issues or refused leads) or a free-form validation message is `validation_error`.
 *
 * @example
 * ```ts
 * errorCodeOf(404, 'No matching marketplace offer for: r1'); // 'no_matching_offer'
 * errorCodeOf(403, { code: 'Insufficient Resource IDs', missing: {} }); // 'insufficient_resource_ids'
 * ```
 */
export function errorCodeOf(status: number, error: unknown): ErrorCode {
  for (const [code, entry] of Object.entries(errorCodeTable) as [
    keyof typeof errorCodeTable,
    (typeof errorCodeTable)[keyof typeof errorCodeTable],
  ][]) {
    if ('message' in entry) {
      if (typeof error !== 'string') continue;
      if ('prefix' in entry ? error.startsWith(entry.message) : error === entry.message) return code;
    } else {
      const objectCode = (error as { code?: unknown } | null)?.code;
      if (typeof error === 'object' && (entry.objectCode as readonly unknown[]).includes(objectCode))
        return code;
    }
  }
  if (status === 400 && (Array.isArray(error) || typeof error === 'string')) return 'validation_error';
  return 'unknown';
}
