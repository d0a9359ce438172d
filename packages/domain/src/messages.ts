/**
 * The exact error strings the service answers with. Tests, the mock and the SDK all compare
 * against these constants, so a typo cannot creep into one of them alone.
 *
 * @example
 * ```ts
 * import { messages } from '@marketing/domain';
 * if (error === messages.contactNotFound) console.log('no such contact');
 * ```
 */
export const messages = {
  invalidCellNumber: 'Invalid cell number',
  contactNotFound: 'Contact not found',
  // The misspelling "provider" is the live service's own text and is kept on purpose.
  optOutTargetRequired: "Must provider either campaign_ids or set 'all' flag to true",
  noTagsToChange: 'No tags to add/remove',
  campaignNotFound: 'Campaign not found',
  tagNotFound: 'Tag not found',
  duplicateSale: 'Duplicate sale',
  noMatchingOfferPrefix: 'No matching marketplace offer for: ',
  leadsSubmitted: 'Lead(s) submitted',
  unauthorized: 'Unauthorized',
  insufficientBalance: 'Insufficient balance',
  transactionNotFound: 'Transaction not found',
  transactionNotPending: 'Transaction is not pending',
  templateNotFound: 'Template not found',
  notFound: 'Not found',
  /** A body that is not JSON (the interface does not show this text; see the docs). */
  bodyNotJson: 'Request body is not valid JSON',
  /** Followed by the limit: `Request body is larger than 67108864 bytes`. */
  bodyTooLargePrefix: 'Request body is larger than ',
  bodyTooComplexPrefix: 'Request body holds ',
  /** Followed by the encoding: `Request body is encoded (Content-Encoding: gzip)...`. */
  bodyEncodedPrefix: 'Request body is encoded ',
} as const;

/**
 * The `code` values of the service's object-shaped errors.
 *
 * Contact search spells its resource error `Insufficient Resource IDs`; every other endpoint
 * spells it `insufficient_resource_ids`. Both spellings are the service's own.
 */
export const errorCodes = {
  insufficientPermissions: 'insufficient_permissions',
  searchInsufficientResourceIds: 'Insufficient Resource IDs',
  insufficientResourceIds: 'insufficient_resource_ids',
  rateLimited: 'rate_limited',
  validationError: 'validation_error',
} as const;

/**
 * Builds the 404 text of a lead batch whose leads match no marketplace offer of the caller.
 *
 * @example
 * ```ts
 * noMatchingOfferMessage(['r1', 'r2']); // 'No matching marketplace offer for: r1, r2'
 * ```
 */
export function noMatchingOfferMessage(resourceIds: readonly string[]): string {
  return messages.noMatchingOfferPrefix + resourceIds.join(', ');
}
