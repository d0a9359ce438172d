import { ApiError } from './api-error.js';

/** 409: a duplicate sale, or a transaction that is no longer pending. */
export class ConflictError extends ApiError {
  override name = 'ConflictError' as const;
}
