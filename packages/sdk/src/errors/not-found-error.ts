import { ApiError } from './api-error.js';

/** 404: the contact, tag, campaign, transaction or marketplace offer does not exist for the caller. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError' as const;
}
