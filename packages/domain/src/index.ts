export type { CellFormat, ParsedCell } from './cell.js';
export {
  formatCell,
  InvalidCellError,
  isInternationalCell,
  parseCell,
  requireMsisdn,
  toMsisdn,
} from './cell.js';
export { allErrors } from './contract/all-errors.js';
export type {
  BillingCost,
  BodyOf,
  DataOf,
  DocumentedError,
  EndpointDefinition,
  HttpMethod,
  PathParamsOf,
  QueryOf,
  RateLimitCost,
  ValidationErrorStyle,
} from './contract/define-endpoint.js';
export { defineEndpoint } from './contract/define-endpoint.js';
export type { Contract } from './contract/index.js';
export { contract, endpoints } from './contract/index.js';
export type { JsonSchema, OpenApiDocument, OpenApiOptions } from './contract/openapi.js';
export { createOpenApiDocument } from './contract/openapi.js';
export type { Permission } from './contract/permissions.js';
export { permissions } from './contract/permissions.js';
export type { RouteMatch } from './contract/routing.js';
export { allowedMethods, buildPath, matchEndpoint, toOpenApiPath } from './contract/routing.js';
export { SalePostbackQuerySchema } from './contract/sales.js';
export { LeadPostbackQuerySchema } from './contract/transactions.js';
export { describeIssue, toValidationIssues, validationError } from './contract/validation-errors.js';
export type { Envelope, ErrorEnvelope, OkEnvelope } from './envelope.js';
export { AnyEnvelope, errorEnvelope, okEnvelope } from './envelope.js';
export { errorCodes, messages, noMatchingOfferMessage } from './messages.js';
export { CountryCode, HourOfDay, IsoDateInput, IsoDateTime, UploadCountry } from './primitives.js';
export type { Campaign, DeliveryMethod as DeliveryMethodName, SendWindow } from './schemas/campaign.js';
export {
  CampaignSchema,
  DeliveryMethod,
  OptOutLevel,
  SendWindowSchema,
  TrackingLinkSchema,
} from './schemas/campaign.js';
export type { CampaignV2, EventFilter, TagTargeting } from './schemas/campaign-v2.js';
export {
  CampaignV2Schema,
  EventAction,
  EventFilterSchema,
  TagTargetingSchema,
} from './schemas/campaign-v2.js';
export type {
  ComplianceBody,
  ComplianceReason as ComplianceReasonName,
  ComplianceResult,
  ComplianceResultEntry,
} from './schemas/compliance.js';
export {
  ComplianceBodySchema,
  ComplianceQuerySchema,
  ComplianceReason,
  ComplianceResultEntrySchema,
  ComplianceResultSchema,
} from './schemas/compliance.js';
export type {
  Contact,
  ContactFieldName as ContactField,
  CustomFieldId,
  ProjectedContact,
  UploadContact,
} from './schemas/contact.js';
export {
  ContactFieldName,
  ContactSchema,
  CustomFieldValue,
  contactDefaultFields,
  customFieldIds,
  ProjectedContactSchema,
  UploadContactSchema,
} from './schemas/contact.js';
export type {
  BulkUpdateBody,
  BulkUpdateResult,
  ContactSearchBody,
  MatchResult,
  OptOutBody,
  OptOutCampaignBody,
  ParsedSearchRequest,
  TagChangeBody,
  UploadContactsBody,
  UploadResult,
} from './schemas/contact-requests.js';
export {
  BulkUpdateBodySchema,
  BulkUpdateOperationSchema,
  BulkUpdateResultSchema,
  CellPathSchema,
  ContactFindSchema,
  ContactSearchBodySchema,
  ContactSearchResultSchema,
  CREATE_CONTACTS_MAX,
  CreateContactsBodySchema,
  MatchResultSchema,
  OptOutBodySchema,
  OptOutCampaignBodySchema,
  ParsedSearchRequestSchema,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  TagChangeBodySchema,
  TagFilterSchema,
  UPSERT_CONTACTS_MAX,
  UpdatedAtFilterSchema,
  UploadResultSchema,
  UploadSendSchema,
  UpsertContactsBodySchema,
} from './schemas/contact-requests.js';
export type { ResourceError, ValidationIssue } from './schemas/errors.js';
export {
  LeadIssueListSchema,
  PermissionErrorSchema,
  RateLimitErrorSchema,
  ResourceErrorSchema,
  ValidationErrorObjectSchema,
  ValidationIssueListSchema,
  ValidationIssueSchema,
} from './schemas/errors.js';
export type { Lead, LeadIssue, TransactionSearchBody } from './schemas/lead-requests.js';
export {
  LEADS_MAX,
  LeadBatchSchema,
  LeadIssueSchema,
  LeadSchema,
  MATCHBACK_REQUIRED,
  TransactionSearchBodySchema,
  TransactionStatusBodySchema,
} from './schemas/lead-requests.js';
export type { LeadTransaction, StatusReason as StatusReasonName } from './schemas/lead-transaction.js';
export { LeadTransactionSchema, StatusReason } from './schemas/lead-transaction.js';
export type { LeadStatus as LeadStatusName, Offer } from './schemas/offer.js';
export { LeadStatus, OfferSchema } from './schemas/offer.js';
export type { Reply, ReplyKind as ReplyKindName } from './schemas/reply.js';
export { ReplyKind, ReplySchema } from './schemas/reply.js';
export type { Sale } from './schemas/sale.js';
export { SaleSchema, SoldAt } from './schemas/sale.js';
export type { Send } from './schemas/send.js';
export { SendSchema, SendTrigger } from './schemas/send.js';
export type { SendEmailBulkBody, SendSmsBody, SendSmsResult } from './schemas/send-requests.js';
export {
  SendEmailBulkBodySchema,
  SendOptionsSchema,
  SendSmsBodySchema,
  SendSmsResultSchema,
} from './schemas/send-requests.js';
export type { Tag } from './schemas/tag.js';
export { TagSchema } from './schemas/tag.js';
