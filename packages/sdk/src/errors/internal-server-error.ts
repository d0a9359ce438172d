import { ApiError } from './api-error.js';

/** 5xx: the service failed. Retried for requests that are safe to repeat. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError' as const;
}
