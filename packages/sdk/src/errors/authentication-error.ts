import { ApiError } from './api-error.js';

/** 401: the API key is missing or unknown. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError' as const;
}
