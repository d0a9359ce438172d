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
export type { AnyEndpoint, Contract, EndpointId, EndpointOf, RouteMatch } from './contract/index.js';
export { allowedMethods, contract, endpoints, matchEndpoint } from './contract/index.js';

export type { JsonSchema, OpenApiDocument, OpenApiOptions } from './contract/openapi.js';
export { createOpenApiDocument } from './contract/openapi.js';

export type { Permission } from './contract/permissions.js';
export { permissions } from './contract/permissions.js';
export { resourcesNamedBy } from './contract/resource-rules.js';
export type { RouteDefinition, RouteMatchOf, Router, RouteShape } from './contract/routes.js';
export { buildPath, createRouter, routes, toOpenApiPath } from './contract/routes.js';
export { describeIssue, toValidationIssues, validationError } from './contract/validation-errors.js';

export type { Envelope, ErrorEnvelope, OkEnvelope } from './envelope.js';
export { AnyEnvelope, errorEnvelope, okEnvelope } from './envelope.js';
export { errorCodes, messages, noMatchingOfferMessage } from './messages.js';
export { IsoDateTime, toIsoInstant } from './primitives.js';
export { complianceCost, complianceVerdict } from './rules/compliance.js';
export {
  holdsAll,
  idListChanges,
  membershipOf,
  withIds,
  withoutIds,
  withoutRepeats,
} from './rules/id-lists.js';
export type {
  CreditMovement,
  LeadDecision,
  Matchback,
  NewLeadInput,
  OfferUsage,
  PriorTransaction,
  StatusChangeRefusal,
  UsageTransaction,
} from './rules/leads.js';
export {
  calendarDay,
  DUPLICATE_WINDOW_DAYS,
  decideNewLead,
  decideStatusChange,
  isDuplicateLead,
  matchbackOf,
  offerUsage,
} from './rules/leads.js';
export type { CampaignMigration, UnmappedField } from './rules/migrate-campaign.js';
export { migrateCampaign } from './rules/migrate-campaign.js';
export type { NamedResources, ResourceKind, ResourceRestrictions } from './rules/permissions.js';
export {
  grants,
  missingPermissions,
  missingResources,
  permissionsRequiredBy,
  resourceError,
} from './rules/permissions.js';
export type { BulkUpdatableFields, ParsedBulkUpdate } from './rules/query/bulk-update.js';
export { applyBulkUpdate, parseBulkUpdate } from './rules/query/bulk-update.js';

export type { ContactFilter } from './rules/query/contact-query.js';
export {
  evaluateContactSearch,
  matchesFilter,
  parseContactSearch,
  projectContact,
} from './rules/query/contact-query.js';

export type { AnyOptOutLevel, OptOutCampaign, OptOutEffect, OptOutFields } from './rules/replies.js';
export {
  applyOptOut,
  classifyReply,
  isOptedOut,
  OPT_IN_KEYWORDS,
  OPT_OUT_KEYWORDS,
  optOutEffect,
} from './rules/replies.js';

export type { NormalisedSale, SaleCampaign } from './rules/sales.js';
export { firstDuplicateSale, normaliseSale, saleDuplicateKey } from './rules/sales.js';

export type { SmsEncoding, SmsParts, SmsPrices } from './rules/sms.js';
export { countSmsParts, DEFAULT_SMS_PRICES, smsCost, tooManyParts } from './rules/sms.js';

export type {
  ContactActivity,
  DrawPick,
  Targeting,
  TargetingExclusion,
  TargetingVerdict,
  WeightedDrawInput,
  WeightedDrawResult,
} from './rules/targeting.js';
export {
  inSendWindow,
  nextWindowOpening,
  targetContact,
  targetingOf,
  weightedDraw,
  weightedDrawSteps,
} from './rules/targeting.js';

export type { Campaign, DeliveryMethod as DeliveryMethodName, SendWindow } from './schemas/campaign.js';
export {
  CAMPAIGN_DEFAULTS,
  CampaignSchema,
  DeliveryMethod,
  OptOutLevel,
  SendWindowSchema,
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
  BulkUpdateResultSchema,
  ContactSearchBodySchema,
  CREATE_CONTACTS_MAX,
  CreateContactsBodySchema,
  MatchResultSchema,
  OptOutBodySchema,
  OptOutCampaignBodySchema,
  ParsedSearchRequestSchema,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  TagChangeBodySchema,
  UPSERT_CONTACTS_MAX,
  UploadResultSchema,
  uploadEnvelopeSchema,
} from './schemas/contact-requests.js';

export type { ResourceError, ValidationIssue } from './schemas/errors.js';
export { ResourceErrorSchema, ValidationIssueSchema } from './schemas/errors.js';
export type { Lead, LeadIssue, TransactionSearchBody } from './schemas/lead-requests.js';
export {
  LEADS_MAX,
  LeadIssueSchema,
  LeadSchema,
  TransactionSearchBodySchema,
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
export { SendEmailBulkBodySchema, SendSmsBodySchema, SendSmsResultSchema } from './schemas/send-requests.js';
export type { Tag } from './schemas/tag.js';
export { TagSchema } from './schemas/tag.js';
export {
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_ZONE,
  formatDate,
  isValidTimeZone,
  toDate,
} from './templates/format-date.js';
export type {
  Placeholder,
  RenderOptions,
  RenderResult,
  TemplateContext,
} from './templates/render-template.js';
export {
  hasPlaceholders,
  parsePlaceholder,
  placeholdersOf,
  renderTemplate,
} from './templates/render-template.js';
export type { RenderedWebhook, WebhookDefinition, WebhookRenderError } from './templates/render-webhook.js';
export { renderWebhook } from './templates/render-webhook.js';
