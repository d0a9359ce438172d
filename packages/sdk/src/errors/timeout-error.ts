import { MarketingError } from './marketing-error.js';

/** No answer within the timeout. */
export class TimeoutError extends MarketingError {
  override name = 'TimeoutError' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
