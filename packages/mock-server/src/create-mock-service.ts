import { createOpenApiDocument, type OpenApiDocument } from '@marketing/domain';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { ControlError } from './control/control-error.js';
import { handleControlRequest } from './control/control-routes.js';
import { notifyAnswer } from './core/answer-observers.js';
import { CellMemo } from './core/cell-memo.js';
import { createClock, type MockClock } from './core/clock.js';
import { handleServiceRequest, type IncomingCall, readJsonBody } from './core/handle-request.js';
import { createIdGenerator } from './core/ids.js';
import { RateLimiter } from './core/rate-limiter.js';
import { fail, type Outcome, toResponse } from './core/responses.js';
import { type MockServiceOptions, resolveSettings, type Settings } from './core/settings.js';
import { campaignHandlers } from './handlers/campaigns.js';
import { complianceHandlers } from './handlers/compliance.js';
import { contactHandlers } from './handlers/contacts.js';
import type { EndpointHandler } from './handlers/context.js';
import { saleHandlers } from './handlers/sales.js';
import { sendHandlers } from './handlers/send.js';
import { tagHandlers } from './handlers/tags.js';
import { transactionHandlers } from './handlers/transactions.js';
import { MOCK_WEBHOOK_HEADER } from './hooks/deliver-webhook.js';
import { processReply, type ReplyInput, type ReplyResult } from './hooks/process-reply.js';
import { type RunCampaignOptions, type RunCampaignResult, runCampaign } from './hooks/run-campaign.js';
import type { JournalEntry, OutboxMessage, RequestLogEntry, WebhookDelivery } from './store/records.js';
import type { SeedDocument, StateDocument } from './store/seed-schema.js';
import { type SeedResult, World } from './store/world.js';

const handlers: Record<string, EndpointHandler> = {
  ...contactHandlers,
  ...tagHandlers,
  ...campaignHandlers,
  ...sendHandlers,
  ...saleHandlers,
  ...transactionHandlers,
  ...complianceHandlers,
};

/** Which outbox messages to list. */
export interface OutboxFilter {
  channel?: 'sms' | 'email' | string;
  /** A cell (any accepted form) or an email address. */
  cell?: string;
  /** Only messages created at or after this instant. */
  since?: string;
}

/** A stateful in-memory marketing service, with its control plane. */
export interface MockService {
  /** Where the service's routes live. */
  readonly baseUrl: string;
  /** The options with every default filled in. */
  readonly settings: Settings;
  /** Answers one HTTP request, service or control plane. */
  handle(request: Request): Promise<Response>;
  /**
   * Answers one request given as a plain call (a `Request` also fits), as status, envelope and
   * headers: for transports that write responses themselves.
   */
  respond(call: IncomingCall): Promise<Outcome>;
  /** msw handlers for `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  readonly handlers: RequestHandler[];
  /** Adds the records a seed document describes; returns their IDs. Throws `SeedError`. */
  seed(document: SeedDocument): SeedResult;
  /**
   * Replaces the world, journals included. With no argument: the world the mock started with (its
   * `seed` option; the demo world, `--seed` file or `--state` file of the standalone server).
   * With `{}`: an empty world. With a seed document: exactly that world. A document that is
   * refused (`SeedError`) changes nothing. The clock is left as it is.
   *
   * @example
   * ```ts
   * mock.reset(); // back to the start
   * mock.reset({}); // empty
   * mock.reset({ orgs: [{ _id: 'org' }], api_keys: [{ key: 'k', org_id: 'org' }] });
   * ```
   */
  reset(document?: SeedDocument): SeedResult | undefined;
  /** The whole state as a seed document. */
  state(): StateDocument;
  /** The mock's clock; every rule reads it. */
  readonly clock: MockClock;
  readonly replies: { receive(input: ReplyInput): Promise<ReplyResult> };
  readonly clicks: { create(input: { send_id: string }): { click_id: string } };
  readonly campaigns: { run(campaignId: string, options?: RunCampaignOptions): RunCampaignResult };
  /** The messages the mock "sent", oldest first. */
  outbox(filter?: OutboxFilter): OutboxMessage[];
  /** Every webhook delivery attempt, oldest first. */
  webhookDeliveries(): WebhookDelivery[];
  /** The latest requests the mock answered, oldest first. */
  requests(limit?: number): RequestLogEntry[];
  /** The OpenAPI document of the service, with this mock's base URL. */
  openApiDocument(): OpenApiDocument;
}

/**
 * Creates a mock of the whole service: one instance owns its state, so create one per test.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMockService } from '@marketing/mock-server';
 *
 * const mock = createMockService({
 *   seed: { orgs: [{ _id: 'org_a' }], api_keys: [{ key: 'key_a', org_id: 'org_a' }] },
 * });
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * const res = await fetch(`${mock.baseUrl}/tags`, { headers: { authorization: 'Bearer key_a' } });
 * ```
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const settings = resolveSettings(options);
  const clock = createClock(options.now);
  const nextId = createIdGenerator(() => clock.now().getTime() / 1000);
  let world = new World();
  const pathCells = new CellMemo();
  let rateLimiter = settings.rateLimit ? new RateLimiter(settings.rateLimit) : undefined;
  const runtime = () => ({ world, clock, settings, newId: nextId });

  // Trimmed in batches, so a full journal does not shift its entries on every request.
  const journal = (entry: JournalEntry) => {
    world.requests.push(entry);
    if (world.requests.length > 2 * settings.requestJournalLimit)
      world.requests.splice(0, world.requests.length - settings.requestJournalLimit);
  };

  async function answer(
    request: IncomingCall,
    url: URL,
    path: string,
  ): Promise<{ outcome: Outcome; orgId?: string }> {
    if (path.startsWith('/__mock/')) {
      if (!settings.control) return { outcome: fail(404, 'Not found') };
      if (request.headers.has(MOCK_WEBHOOK_HEADER)) {
        return {
          outcome: fail(409, 'The mock’s own webhooks cannot drive its control plane (it would loop)'),
        };
      }
      const read =
        request.method === 'POST' ? await readJsonBody(request, settings.maxBodyBytes) : { body: undefined };
      if ('error' in read) return { outcome: read.error };
      return { outcome: await handleControlRequest(mock, request.method, path, url, read.body) };
    }
    if (path === '/openapi.json' && request.method === 'GET') {
      return { outcome: { status: 200, body: mock.openApiDocument() } };
    }
    return handleServiceRequest(
      { world, clock, settings, rateLimiter, handlers, newId: nextId, pathCells },
      request,
      url,
      path,
    );
  }

  const mock: MockService = {
    baseUrl: settings.baseUrl,
    settings,
    async handle(request) {
      return toResponse(await mock.respond(request));
    },
    async respond(request) {
      const started = performance.now();
      const url = new URL(request.url);
      const path = url.pathname.startsWith(settings.basePath)
        ? url.pathname.slice(settings.basePath.length) || '/'
        : url.pathname;
      let result: { outcome: Outcome; orgId?: string };
      try {
        result = await answer(request, url, path);
      } catch (error) {
        result = {
          outcome: fail(
            500,
            `Internal mock error: ${error instanceof Error ? error.message : String(error)}`,
          ),
        };
      }
      if (!path.startsWith('/__mock/')) {
        notifyAnswer(() => ({
          method: request.method,
          path,
          status: result.outcome.status,
          body: result.outcome.body,
          faulted: false,
        }));
        journal({
          method: request.method,
          path,
          status: result.outcome.status,
          org_id: result.orgId,
          atMs: clock.now().getTime(),
          duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
        });
      }
      return result.outcome;
    },
    get handlers() {
      return [
        http.all(`${settings.baseUrl}/*`, async ({ request }) => {
          const response = await mock.handle(request);
          return new HttpResponse(response.body, { status: response.status, headers: response.headers });
        }),
      ];
    },
    seed: (document) => world.seed(document, { next: nextId }, clock.now()),
    reset(document) {
      // Seeded aside and swapped in only when accepted, so a refused document changes nothing.
      const next = new World();
      let result: SeedResult | undefined;
      if (document !== undefined) result = next.seed(document, { next: nextId }, clock.now());
      else if (options.seed !== undefined) {
        // The start world again, exactly: the same time stamps, and the same generated IDs from
        // a replay of the generator that made them (the live one has counted past them).
        const replayIds = createIdGenerator(() => startSeconds);
        result = next.seed(options.seed, { next: replayIds }, startedAt);
      }
      world = next;
      rateLimiter = settings.rateLimit ? new RateLimiter(settings.rateLimit) : undefined;
      return result;
    },
    state: () => world.state(),
    clock,
    replies: { receive: (input) => processReply(runtime(), input) },
    clicks: {
      create({ send_id }) {
        const send = world.sends.get(send_id);
        if (!send) throw new ControlError(404, `No send ${send_id}`);
        const click = { _id: nextId('clk_'), send_id, createdAt: clock.now().toISOString() };
        world.clicks.set(click._id, click);
        return { click_id: click._id };
      },
    },
    campaigns: { run: (campaignId, runOptions) => runCampaign(runtime(), campaignId, runOptions) },
    outbox(filter = {}) {
      return world.outbox.filter(
        (m) =>
          (filter.channel === undefined || m.channel === filter.channel) &&
          (filter.cell === undefined || m.to === filter.cell || m.to === filter.cell.replace(/^\+/, '')) &&
          (filter.since === undefined || m.createdAt >= new Date(filter.since).toISOString()),
      );
    },
    webhookDeliveries: () => [...world.webhookDeliveries],
    requests(limit = settings.requestJournalLimit) {
      const count = Math.min(limit, settings.requestJournalLimit);
      if (!(count > 0)) return [];
      return world.requests
        .slice(-count)
        .map(({ atMs, ...entry }) => ({ ...entry, at: new Date(atMs).toISOString() }));
    },
    openApiDocument: () => createOpenApiDocument({ serverUrl: settings.baseUrl }),
  };
  const startedAt = clock.now();
  const startSeconds = startedAt.getTime() / 1000;
  // The start world's IDs all carry its start second, so that a reset can make the same ones.
  if (options.seed) world.seed(options.seed, { next: (prefix) => nextId(prefix, startSeconds) }, startedAt);
  return mock;
}
