export type { Answer } from './core/responses.js';

import type { Contact, OpenApiDocument } from '@marketing/domain';
import type { RunCampaignOptions, RunCampaignResult } from './campaigns/run-campaign.js';
import type { MockClock } from './core/clock.js';
import type { Fault, FaultInput } from './core/faults.js';
import type { IncomingCall } from './core/handle-request.js';
import type { RequestFilter, RequestLogEntry } from './core/request-journal.js';
import type { Answer } from './core/responses.js';
import type { ScheduledEventView } from './core/scheduler.js';
import type { Settings } from './core/settings.js';
import type { ReplyInput, ReplyResult } from './hooks/process-reply.js';
import type { OutboxMessage, WebhookDelivery } from './store/records.js';
import type { SeedDocument, StateDocument } from './store/seed-schema.js';
import type { SeedResult } from './store/world.js';
import type { ContactLookup, OutboxFilter } from './store/world-queries.js';

export type { ContactLookup, OutboxFilter } from './store/world-queries.js';

/** The faults armed on a mock: see {@link FaultInput}. */
export interface MockFaults {
  /**
   * Arms a fault; answers it with its `fault_id`. Throws `FaultError` naming a bad field.
   *
   * @example
   * ```ts
   * mock.faults.add({ method: 'GET', path: '/contacts/:cell', status: 503, times: 1 });
   * ```
   */
  add(fault: FaultInput): Fault;
  /** The armed faults, with how many times each has fired. */
  list(): Fault[];
  /** Disarms every fault, or the one with this ID (answers whether it existed). */
  clear(faultId?: string): boolean;
}

/** What a reset keeps: the clock (its mode and time) and the armed faults are otherwise restored and disarmed. */
export interface ResetOptions {
  keep?: readonly ('faults' | 'clock')[] | undefined;
}

/** A stateful in-memory marketing service, with its control plane. */
export interface MockService {
  /** Where the service's routes live. */
  readonly baseUrl: string;
  /** The options with every default filled in. */
  readonly settings: Settings;
  /** Answers one HTTP request, service or control plane. A dropped connection rejects like `fetch`. */
  handle(request: Request): Promise<Response>;
  /**
   * A `fetch` bound to the mock, with no interception: `new Client({ fetch: mock.fetch })`.
   * Requests outside the mock's base URL are refused (a `TypeError`, as `fetch` gives for a
   * network error).
   *
   * @example
   * ```ts
   * const client = new Client({ apiKey: 'key_a', baseUrl: mock.baseUrl, fetch: mock.fetch });
   * ```
   */
  readonly fetch: typeof fetch;
  /**
   * Answers one request given as a plain call (a `Request` also fits), as status, envelope and
   * headers: for transports that write responses themselves. Throws `DroppedConnection` when a
   * fault drops the connection.
   */
  respond(call: IncomingCall): Promise<Answer>;
  /** Adds the records a seed document describes; returns their IDs. Throws `SeedError`. */
  seed(document: SeedDocument): SeedResult;
  /**
   * Replaces the world, journals included. With no argument: the world the mock started with (its
   * `seed` option; the demo world, `--seed` file or `--state` file of the standalone server).
   * With `{}`: an empty world. With a seed document: exactly that world. A document that is
   * refused (`SeedError`) changes nothing. The clock goes back to the mode and time it started
   * with, and every fault is disarmed, unless `keep` names them.
   *
   * @example
   * ```ts
   * mock.reset(); // back to the start
   * mock.reset({}); // empty
   * mock.reset({ orgs: [{ _id: 'org' }], api_keys: [{ key: 'k', org_id: 'org' }] });
   * mock.reset(undefined, { keep: ['faults', 'clock'] }); // the start world, same clock and faults
   * ```
   */
  reset(document?: SeedDocument, options?: ResetOptions): SeedResult | undefined;
  /** The whole state as a seed document (everything but the request journal). */
  state(): StateDocument;
  /** The mock's clock; every rule reads it. */
  readonly clock: MockClock;
  /**
   * What the service will do by itself next (scheduled emails, welcome and recurring sends), in
   * the order it will happen: at most `limit` (default 50).
   *
   * @example
   * ```ts
   * mock.schedule(5); // [{ kind: 'recurring_send', at: '2026-01-02T07:00:00.000Z', campaign_id: 'cmp_daily' }, …]
   * ```
   */
  schedule(limit?: number): ScheduledEventView[];
  readonly replies: { receive(input: ReplyInput): Promise<ReplyResult> };
  readonly clicks: { create(input: { send_id: string }): { click_id: string } };
  readonly campaigns: { run(campaignId: string, options?: RunCampaignOptions): RunCampaignResult };
  /** Faults that shape answers, for testing a client's error handling. */
  readonly faults: MockFaults;
  /** The messages the mock "sent", oldest first. */
  outbox(filter?: OutboxFilter): OutboxMessage[];
  /**
   * Contacts by cell (any accepted form) or tag, in every organisation or one, with their tags and
   * opt-outs: for looking around, as the dashboard does. At most `limit` (default 50).
   *
   * @example
   * ```ts
   * mock.findContacts({ tag: 'tag_vip', org: 'org_a', limit: 10 });
   * ```
   */
  findContacts(lookup: ContactLookup): (Contact & { org_id: string })[];
  /** Every webhook delivery attempt, oldest first. */
  webhookDeliveries(): WebhookDelivery[];
  /**
   * The requests the mock answered that match a filter, oldest first. Throws
   * `RequestFilterError` naming an unknown field or a bad value.
   *
   * @example
   * ```ts
   * mock.requests({ method: 'POST', path: '/contacts/:cell/optOut', status: 200 });
   * ```
   */
  requests(filter?: RequestFilter): RequestLogEntry[];
  /**
   * How many requests match a filter: verification that a call was made N times.
   *
   * @example
   * ```ts
   * expect(mock.requestCount({ method: 'POST', path: '/send/sms' })).toBe(1);
   * ```
   */
  requestCount(filter?: RequestFilter): number;
  /** Empties the request journal. */
  clearRequests(): void;
  /** The OpenAPI document of the service, with this mock's base URL. */
  openApiDocument(): OpenApiDocument;
}
