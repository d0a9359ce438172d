import { MarketingError } from './marketing-error.js';

/** The caller aborted the request with its `signal`. Never retried. */
export class UserAbortError extends MarketingError {
  override name = 'UserAbortError' as const;
  constructor(message = 'Request aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}
