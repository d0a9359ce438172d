/**
 * A typed client for the marketing service: every endpoint, typed errors, retries that honour
 * `Retry-After`, timeouts, auto-pagination and chunked uploads.
 *
 * @packageDocumentation
 */

export { routes } from '@marketing/domain/routes';
export { Client } from './client.js';
/** The service's resources and request bodies, as the SDK's methods take and answer them. */
export type {
  BulkUpdateBody,
  Campaign,
  CampaignV2,
  ComplianceBody,
  Contact,
  ContactSearchBody,
  EndpointTypes,
  Lead,
  LeadIssue,
  LeadTransaction,
  OptOutBody,
  OptOutCampaignBody,
  ParsedSearchRequest,
  ProjectedContact,
  Reply,
  Sale,
  SendEmailBulkBody,
  SendSmsBody,
  Tag,
  TagChangeBody,
  TransactionSearchBody,
  UploadContact,
  UploadContactsBody,
  UploadResult,
  ValidationIssue,
} from './contract-types.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
export type { AtLeastOne, AtMostSearchLimit, ExactlyOne } from './core/input-types.js';
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
export type { EndpointId, EndpointOf, ResultOf, RouteInput } from './core/route-types.js';
export { SDK_VERSION } from './core/user-agent.js';
export {
  ApiError,
  type ApiErrorDetails,
  type ApiErrorInput,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  type ErrorCode,
  InsufficientBalanceError,
  InternalServerError,
  isApiError,
  isMarketingError,
  MarketingError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  UserAbortError,
} from './errors.js';
export type { ChunkOptions, Progress } from './internal/chunks.js';
export type { Campaigns } from './resources/campaigns.js';
export type { CampaignsV2 } from './resources/campaigns-v2.js';
export type { Compliance } from './resources/compliance.js';
export type {
  BulkUpdateParams,
  ContactFind,
  ContactSearchParams,
  ContactSearchResult,
  Contacts,
  OptOutParams,
  ProjectedRow,
  Projection,
  SearchAllParams,
  UploadManyParams,
} from './resources/contacts.js';
export type { Sales } from './resources/sales.js';
export type { Send } from './resources/send.js';
export type { Tags } from './resources/tags.js';
export type { LeadInput, Transactions } from './resources/transactions.js';
