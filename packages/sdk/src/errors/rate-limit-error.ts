import { ApiError } from './api-error.js';

/** 429: the organisation is over its rate limit. The SDK retries these before throwing. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError' as const;
  /** When the budget refills, in epoch seconds. */
  readonly resetsAt: number | undefined;
  /** The `Retry-After` header, in seconds. */
  readonly retryAfter: number | undefined;

  constructor(input: ConstructorParameters<typeof ApiError>[0]) {
    super(input);
    const error = input.error as { resetsAt?: unknown } | undefined;
    this.resetsAt = typeof error?.resetsAt === 'number' ? error.resetsAt : undefined;
    const header = Number(input.response?.headers.get('retry-after'));
    this.retryAfter = Number.isFinite(header) && header >= 0 ? header : undefined;
  }
}
