/**
 * A stateful, in-memory mock of the whole marketing service: use it in process with msw
 * (`setupServer(...mock.handlers)`), or run it as a standalone HTTP server.
 *
 * @packageDocumentation
 */

export { ControlError } from './control/control-error.js';
export type { MockClock } from './core/clock.js';
export { ClockError, parseDuration } from './core/clock.js';
export type { IncomingCall } from './core/handle-request.js';
export type { Outcome } from './core/responses.js';
export type {
  BillingSettings,
  MockServiceOptions,
  RateLimitSettings,
  Settings,
  WebhookSettings,
} from './core/settings.js';
export { DEFAULT_BASE_URL } from './core/settings.js';
export type { MockService, OutboxFilter } from './create-mock-service.js';
export { createMockService } from './create-mock-service.js';
export { IDEMPOTENCY_HEADER, MOCK_WEBHOOK_HEADER } from './hooks/deliver-webhook.js';
export type { HookRun, ReplyInput, ReplyResult } from './hooks/process-reply.js';
export type { RunCampaignOptions, RunCampaignResult } from './hooks/run-campaign.js';
export type {
  ClickRecord,
  OutboxMessage,
  RequestLogEntry,
  SendRecord,
  WebhookDelivery,
} from './store/records.js';
export type { ParsedSeedDocument, SeedDocument, StateDocument } from './store/seed-schema.js';
export { ContactSeedSchema, SeedDocumentSchema } from './store/seed-schema.js';
export type { SeedResult } from './store/world.js';
export { SeedError } from './store/world.js';

/** This package's version. */
export const VERSION = '0.1.0';
