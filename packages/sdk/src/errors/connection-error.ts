import { MarketingError } from './marketing-error.js';

/** The request did not reach the service, or no answer came back (DNS, refused, reset). */
export class ConnectionError extends MarketingError {
  override name = 'ConnectionError' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
