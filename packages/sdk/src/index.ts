/**
 * A typed client for the marketing service: every endpoint, typed errors, retries that honour
 * `Retry-After`, timeouts, auto-pagination and chunked uploads.
 *
 * @packageDocumentation
 */

/** The service's resources, as the SDK's methods answer them (from `@marketing/domain`). */
export type {
  Campaign,
  CampaignV2,
  Contact,
  Lead,
  LeadTransaction,
  ProjectedContact,
  Reply,
  Sale,
  Tag,
} from '@marketing/domain';
export { routes } from '@marketing/domain/routes';
export { Client } from './client.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
export type { Logger, LogLevel } from './core/logger.js';
export type {
  ClientHooks,
  ClientOptions,
  RequestInput,
  RequestOptions,
  ResponseValidator,
  Route,
} from './core/options.js';
export type { RawResult, Requester } from './core/request.js';
export type { EndpointOf, ResultOf, RouteInput } from './core/route-types.js';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InsufficientBalanceError,
  InternalServerError,
  isApiError,
  isMarketingError,
  MarketingError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  UserAbortError,
} from './errors/index.js';
export type { Progress } from './internal/chunks.js';
export type { Campaigns } from './resources/campaigns.js';
export type { CampaignsV2 } from './resources/campaigns-v2.js';
export type { Compliance } from './resources/compliance.js';
export type {
  ContactSearchParams,
  ContactSearchResult,
  Contacts,
  ProjectedRow,
  Projection,
  SearchAllParams,
  UploadManyParams,
} from './resources/contacts.js';
export type { Sales } from './resources/sales.js';
export type { Send } from './resources/send.js';
export type { Tags } from './resources/tags.js';
export type { Transactions } from './resources/transactions.js';
