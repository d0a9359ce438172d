export type { Answer } from './core/responses.js';

import type { Contact, OpenApiDocument } from '@marketing/domain';
import type { RunCampaignOptions, RunCampaignResult } from './campaigns/run-campaign.js';
import type { MockClock } from './core/clock.js';
import type { Fault, FaultInput } from './core/faults.js';
import type { IncomingCall } from './core/handle-request.js';
import type { HarLog } from './core/har.js';
import type { PactFile, PactParties } from './core/pact-file.js';
import type { MockPactStates } from './core/pact-states.js';
import type { RequestFilter, RequestLogEntry, RequestPage } from './core/request-journal.js';
import type { Answer } from './core/responses.js';
import type { ScheduledEventView } from './core/scheduler.js';
import type { Settings } from './core/settings.js';
import type { ReplyInput, ReplyResult } from './hooks/process-reply.js';
import type { WebhookDeliveryDetail } from './hooks/redeliver-webhook.js';
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
   * What the service will do by itself next (scheduled emails, welcome and recurring sends,
   * webhook retries), in the order it will happen: at most `limit` (default 50).
   *
   * @example
   * ```ts
   * mock.schedule(5); // [{ kind: 'recurring_send', at: '2026-01-02T07:00:00.000Z', campaign_id: 'cmp_daily' }, …]
   * ```
   */
  schedule(limit?: number): ScheduledEventView[];
  /**
   * Simulates an inbound reply: classified, opted out at the campaign's level, and the campaign's
   * hooks fired in order. Answers once each webhook's first attempt has ended; retries follow on
   * the clock ({@link MockService.webhooksSettled}).
   *
   * @example
   * ```ts
   * const { reply, opted_out } = await mock.replies.receive({ from: '27821234567', message: 'STOP', send_id: 'snd_1' });
   * reply.kind; // 'optOut'
   * ```
   */
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
  /**
   * How many contacts the world holds, in every organisation.
   *
   * @example
   * ```ts
   * expect(mock.contactCount()).toBe(1000);
   * ```
   */
  contactCount(): number;
  /**
   * Every webhook delivery attempt, oldest first. An attempt's `at` is when it was sent, on the
   * mock's clock.
   */
  webhookDeliveries(): WebhookDelivery[];
  /**
   * Waits until no webhook attempt is out on the network (not for retries not yet due), then
   * answers every attempt, oldest first. `replies.receive` answers once each webhook's first attempt has ended; an attempt that
   * got no answer is retried a timeout's span later on the mock's clock (10 s by default), so a
   * frozen clock holds the retry until it is moved. A move sends the retries it passes and
   * answers at once: this waits for their receivers.
   *
   * @example
   * ```ts
   * await mock.replies.receive({ from: '27821234567', message: 'YES', send_id: 'snd_1' });
   * mock.clock.advance('30s'); // the three retries of an attempt that got no answer fall due
   * const attempts = await mock.webhooksSettled();
   * attempts.map((a) => a.outcome); // ['connection_error', 'connection_error', 'connection_error', 'delivered']
   * ```
   */
  webhooksSettled(): Promise<WebhookDelivery[]>;
  /**
   * One webhook delivery: what was sent (URL, method, headers, body), how its latest attempt went
   * (`error` names the cause of a failed connection), and every attempt. `undefined` if unknown.
   *
   * @example
   * ```ts
   * mock.webhookDelivery('dlv_1')?.attempts.length;
   * ```
   */
  webhookDelivery(deliveryId: string): WebhookDeliveryDetail | undefined;
  /**
   * Sends a delivery again, as it was sent and with the same idempotency key: one new attempt,
   * added to the delivery journal and answered. Throws `ControlError` (404 unknown, 409 never sent).
   *
   * @example
   * ```ts
   * const attempt = await mock.redeliverWebhook('dlv_1');
   * attempt.outcome; // 'delivered'
   * ```
   */
  redeliverWebhook(deliveryId: string): Promise<WebhookDelivery>;
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
  /**
   * A page of the journal as `GET /__mock/requests` answers it: the newest `limit` entries that
   * match (default 100, at most 1,000; more is a `RequestFilterError`), oldest first, each body
   * and answer cut at 4 kB (`truncated: true`), how many entries the bound has dropped, and how
   * many times the journal has been emptied.
   *
   * @example
   * ```ts
   * const { entries } = mock.requestPage({ failed: true, after: lastSeenId });
   * ```
   */
  requestPage(filter?: RequestFilter): RequestPage;
  /**
   * The envelope `GET /__mock/requests` answers (`{ok, data, dropped, emptied}`) as JSON text, made a few
   * entries at a time so a large page never holds the event loop for long.
   */
  requestPageJson(filter?: RequestFilter): Promise<string>;
  /**
   * The text of {@link MockService.requestPageJson} in pieces of about 64 kB, to write one at a
   * time (the standalone server does, so that large pages never hold it for long).
   *
   * @example
   * ```ts
   * const text = (await mock.requestPagePieces({ limit: 1000 })).join('');
   * ```
   */
  requestPagePieces(filter?: RequestFilter): Promise<string[]>;
  /**
   * One journal entry by its ID (the `x-request-id` of the answer), whole; `undefined` when it is
   * not, or no longer, in the journal.
   *
   * @example
   * ```ts
   * const id = response.headers.get('x-request-id')!;
   * mock.request(id)?.response_headers['retry-after'];
   * ```
   */
  request(id: string): RequestLogEntry | undefined;
  /**
   * How many entries the journal's bound (`requestJournalLimit`, default 1,000) has dropped since
   * the mock started or the journal was last emptied: when it is not 0, counts miss old requests.
   */
  droppedRequests(): number;
  /**
   * The journal (or the entries that match a filter) as a HAR 1.2 log, for browser dev tools and
   * HAR viewers. Keys are redacted as in the journal.
   *
   * @example
   * ```ts
   * writeFileSync('requests.har', JSON.stringify(mock.requestsHar()));
   * ```
   */
  requestsHar(filter?: RequestFilter): HarLog;
  /**
   * The text of {@link requestsHar} (as `JSON.stringify` writes it) in pieces to join or write one
   * after another, made a few entries at a time so a large journal never holds the event loop
   * for long. `GET /__mock/requests.har` answers it.
   *
   * @example
   * ```ts
   * writeFileSync('requests.har', (await mock.requestsHarJson({ failed: true })).join(''));
   * ```
   */
  requestsHarJson(filter?: RequestFilter): Promise<string[]>;
  /** Empties the request journal (and its count of dropped entries). */
  clearRequests(): void;
  /** Pact provider states: named seed documents a Pact verifier sets up (see {@link MockPactStates}). */
  readonly pactStates: MockPactStates;
  /**
   * The journal's service calls as a Pact V4 file, for the provider to verify: one interaction
   * per distinct request, `authorization` and connection headers left out, named with the
   * provider state they were answered in. Status, `ok` and `error` are exact; `data` is matched
   * by type. Answers shaped by a fault are left out.
   *
   * @example
   * ```ts
   * writeFileSync('pacts/web-app-marketing.json', JSON.stringify(mock.pact({ consumer: 'web-app', provider: 'marketing' })));
   * ```
   */
  pact(parties: PactParties): PactFile;
  /**
   * The OpenAPI document of the service, naming `serverUrl` in its `servers` (by default the
   * mock's `publicUrl`, else its base URL). `GET /openapi.json` serves it naming the address the
   * request came to.
   *
   * @example
   * ```ts
   * mock.openApiDocument().servers; // [{ url: 'https://api.marketing.test', description: 'The service.' }]
   * ```
   */
  openApiDocument(serverUrl?: string): OpenApiDocument;
}
