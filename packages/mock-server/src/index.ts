/**
 * A stateful, in-memory mock of the whole marketing service: call it in process (`mock.fetch`),
 * serve it through msw (`@marketing/mock-server/msw`), or run it as a standalone HTTP server
 * (`marketing-mock`, or `@marketing/mock-server/node`).
 *
 * @packageDocumentation
 */

export type { RunCampaignOptions, RunCampaignResult } from './campaigns/run-campaign.js';
export type { ClockChange, ClockMode, ClockReading, MockClock } from './core/clock.js';
export { ClockError, EARLIEST_CLOCK_MS, LATEST_CLOCK_MS, parseDuration } from './core/clock.js';
export { ControlError } from './core/control-error.js';
export type { Fault, FaultInput } from './core/faults.js';
export { DroppedConnection, FaultError } from './core/faults.js';
export type { IncomingCall } from './core/handle-request.js';
export type { HarEntry, HarLog, HarPair } from './core/har.js';
export type { PactBody, PactFile, PactInteraction, PactParties } from './core/pact-file.js';
export { PACT_OMITTED_HEADERS } from './core/pact-file.js';
export type { MockPactStates, ProviderState } from './core/pact-states.js';
export type { RequestFilter, RequestLogEntry, RequestPage, StatusClass } from './core/request-journal.js';
export { JOURNAL_BODY_LIMIT, RequestFilterError } from './core/request-journal.js';
export type { Outcome } from './core/responses.js';
export type { ScheduledEventView } from './core/scheduler.js';
export type {
  BillingSettings,
  MockServiceOptions,
  RateLimitSettings,
  Settings,
  WebhookSettings,
} from './core/settings.js';
export { DEFAULT_BASE_URL } from './core/settings.js';
export { createMockService } from './create-mock-service.js';
export { IDEMPOTENCY_HEADER, MOCK_WEBHOOK_HEADER } from './hooks/deliver-webhook.js';
export type { HookRun, ReplyInput, ReplyResult } from './hooks/process-reply.js';
export type { WebhookDeliveryDetail } from './hooks/redeliver-webhook.js';
export type {
  Answer,
  ContactLookup,
  MockFaults,
  MockService,
  OutboxFilter,
  ResetOptions,
} from './mock-service.js';
export type { ContactColumn, ContactColumns, TextColumn } from './store/contact-columns.js';
export { ContactColumnsSchema } from './store/contact-columns.js';
export type {
  ClickRecord,
  OutboxMessage,
  SendRecord,
  WebhookDelivery,
} from './store/records.js';
export { SeedError } from './store/seed-check.js';
export type { ParsedSeedDocument, SeedDocument, StateDocument } from './store/seed-schema.js';
export { ContactSeedSchema, SeedDocumentSchema } from './store/seed-schema.js';
export type { SeedResult } from './store/world.js';
export { VERSION } from './version.js';
export type {
  CreatedWorld,
  CreateWorldInput,
  WorldInfo,
  WorldRouter,
  WorldRouterOptions,
} from './worlds/world-router.js';
export { createWorldRouter, WORLD_NAME } from './worlds/world-router.js';
