import { ApiError } from './api-error.js';

/** 402: the organisation's credits cannot pay for the request; nothing was charged or changed. */
export class InsufficientBalanceError extends ApiError {
  override name = 'InsufficientBalanceError' as const;
}
