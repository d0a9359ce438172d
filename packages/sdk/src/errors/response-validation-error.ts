import { MarketingError } from './marketing-error.js';

/**
 * With `validateResponses`, a success response did not match the contract. The message names the
 * endpoint and the field (`contacts.get: data.cell: Expected an MSISDN: digits only`).
 */
export class ResponseValidationError extends MarketingError {
  override name = 'ResponseValidationError' as const;
  readonly endpoint: string;
  /** Each mismatch as `path: message`. */
  readonly issues: string[];
  constructor(endpoint: string, issues: string[]) {
    super(`${endpoint}: response does not match the contract: ${issues.join('; ')}`);
    this.endpoint = endpoint;
    this.issues = issues;
  }
}
