import { ApiError } from './api-error.js';
import { AuthenticationError } from './authentication-error.js';
import { BadRequestError } from './bad-request-error.js';
import { ConflictError } from './conflict-error.js';
import { InsufficientBalanceError } from './insufficient-balance-error.js';
import { InternalServerError } from './internal-server-error.js';
import { NotFoundError } from './not-found-error.js';
import { PermissionDeniedError } from './permission-denied-error.js';
import { RateLimitError } from './rate-limit-error.js';

/** Picks the error class for a failure status: the one place statuses map to classes. */
export function makeApiError(input: ConstructorParameters<typeof ApiError>[0]): ApiError {
  switch (input.status) {
    case 400:
      return new BadRequestError(input);
    case 401:
      return new AuthenticationError(input);
    case 402:
      return new InsufficientBalanceError(input);
    case 403:
      return new PermissionDeniedError(input);
    case 404:
      return new NotFoundError(input);
    case 409:
      return new ConflictError(input);
    case 429:
      return new RateLimitError(input);
  }
  return input.status >= 500 ? new InternalServerError(input) : new ApiError(input);
}
