import { type Contact, createOpenApiDocument, toMsisdn } from '@marketing/domain';
import { IN_PROCESS_FETCH } from '@marketing/domain/routes';
import { runCampaign } from './campaigns/run-campaign.js';
import { handleControlRequest } from './control/control-routes.js';
import { hasAnswerObservers, notifyAnswer } from './core/answer-observers.js';
import { callFromInit } from './core/call-from-init.js';
import { CellMemo } from './core/cell-memo.js';
import { createClock } from './core/clock.js';
import { ControlError } from './core/control-error.js';
import { DroppedConnection, type Fault, FaultTable, faultOutcome } from './core/faults.js';
import {
  callerOrgId,
  handleServiceRequest,
  type IncomingCall,
  readJsonBody,
  type ServiceAnswer,
} from './core/handle-request.js';
import type { HandlerTable } from './core/handler-types.js';
import { createIdGenerator } from './core/ids.js';
import { RateLimiter } from './core/rate-limiter.js';
import { RequestJournal } from './core/request-journal.js';
import { type RequestTarget, requestTarget } from './core/request-target.js';
import { bodyText, fail, toResponse } from './core/responses.js';
import { type MockServiceOptions, resolveSettings } from './core/settings.js';
import { exposeWorld } from './core/world-access.js';
import { campaignHandlers } from './handlers/campaigns.js';
import { complianceHandlers } from './handlers/compliance.js';
import { contactHandlers } from './handlers/contacts.js';
import { saleHandlers } from './handlers/sales.js';
import { sendHandlers } from './handlers/send.js';
import { tagHandlers } from './handlers/tags.js';
import { transactionHandlers } from './handlers/transactions.js';
import { MOCK_WEBHOOK_HEADER } from './hooks/deliver-webhook.js';
import { processReply } from './hooks/process-reply.js';
import type { Answer, MockService } from './mock-service.js';
import { type SeedResult, World } from './store/world.js';

const handlers: HandlerTable = {
  ...contactHandlers,
  ...tagHandlers,
  ...campaignHandlers,
  ...sendHandlers,
  ...saleHandlers,
  ...transactionHandlers,
  ...complianceHandlers,
};

function* take<T>(items: Iterable<T>, count: number): Generator<T> {
  if (count <= 0) return;
  let taken = 0;
  for (const item of items) {
    yield item;
    if (++taken >= count) return;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// An answer that rejects as fetch does (with the signal's reason) when the signal aborts first.
function abortable<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A request body read at most once, for the handler and for the journal. */
class ReadOnce implements IncomingCall {
  #text: Promise<string> | undefined;
  readonly headerRecord: IncomingCall['headerRecord'];
  readonly headerList: IncomingCall['headerList'];
  constructor(readonly call: IncomingCall) {
    this.headerRecord = call.headerRecord;
    this.headerList = call.headerList;
  }
  get method() {
    return this.call.method;
  }
  get url() {
    return this.call.url;
  }
  get headers() {
    return this.call.headers;
  }
  text(): Promise<string> {
    this.#text ??= this.call.text();
    return this.#text;
  }
  /** The body if it was read, or read now when the method may carry one. */
  bodyForJournal(): Promise<string> | undefined {
    if (this.#text) return this.#text;
    return this.method === 'GET' || this.method === 'HEAD' ? undefined : this.text();
  }
}

// The request's headers as names and values in turn: the Node transport lends its raw list, a
// call from `init` has a record, and a fetch `Request`'s `Headers` iterate as pairs. A call made
// by hand may have none of these: the journal then shows no headers.
function headerList(call: IncomingCall): readonly string[] {
  if (call.headerList) return call.headerList;
  const pairs = call.headerRecord
    ? Object.entries(call.headerRecord)
    : Symbol.iterator in call.headers
      ? (call.headers as Iterable<[string, string]>)
      : [];
  const list: string[] = [];
  for (const [name, value] of pairs)
    if (value !== undefined) list.push(name, Array.isArray(value) ? value.join(', ') : value);
  return list;
}

/**
 * Creates a mock of the whole service: one instance owns its state, so create one per test.
 * Serve it to code that calls `fetch` with msw (`@marketing/mock-server/msw`), hand its `fetch`
 * to the SDK, or run it standalone (`marketing-mock`).
 *
 * @example
 * ```ts
 * import { createMockService } from '@marketing/mock-server';
 * import { Client } from '@marketing/sdk';
 *
 * const mock = createMockService({
 *   seed: { orgs: [{ _id: 'org_a' }], api_keys: [{ key: 'key_a', org_id: 'org_a' }] },
 * });
 * const client = new Client({ apiKey: 'key_a', baseUrl: mock.baseUrl, fetch: mock.fetch });
 * await client.tags.list();
 * ```
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const settings = resolveSettings(options);
  const clock = createClock(options.now);
  const nextId = createIdGenerator(() => clock.now().getTime() / 1000);
  let world = new World();
  const pathCells = new CellMemo();
  let rateLimiter = settings.rateLimit ? new RateLimiter(settings.rateLimit) : undefined;
  const journal = new RequestJournal(settings.requestJournalLimit);
  const faults = new FaultTable(() => nextId('flt_'));
  const startedAt = clock.now();
  const startedAtPerf = performance.now();
  const startSeconds = startedAt.getTime() / 1000;
  const latency = settings.latency;
  // The mock's runtime as the pipeline, the hooks and campaign runs read it; made again when a
  // reset replaces the world.
  const pipelineOf = () => ({ world, clock, settings, rateLimiter, handlers, newId: nextId, pathCells });
  let pipeline = pipelineOf();

  // A service request as it is answered: what the journal records of it besides the answer.
  interface Pending {
    call: ReadOnce;
    url: RequestTarget;
    path: string;
    started: number;
    atMs: number;
    requestId: string;
  }

  const internalError = (error: unknown): Answer =>
    fail(500, `Internal mock error: ${error instanceof Error ? error.message : String(error)}`);
  const withOrg = ({ outcome, orgId }: ServiceAnswer): Answer => {
    (outcome as Answer).orgId = orgId;
    return outcome;
  };

  // Answers at once when nothing waits (no fault, no latency, no body, a synchronous handler):
  // most requests, and each promise or async frame on their path costs them time.
  function answerService(
    call: ReadOnce,
    url: RequestTarget,
    path: string,
    started: number,
  ): Answer | Promise<Answer> {
    const atMs = clock.nowMs();
    const pending: Pending = { call, url, path, started, atMs, requestId: nextId('req_', atMs / 1000) };
    const fault =
      faults.size === 0 ? undefined : faults.take(call.method, path, () => callerOrgId(world, call, url));
    if (fault || latency) return answerSlowly(pending, fault);
    let served: ServiceAnswer | Promise<ServiceAnswer>;
    try {
      served = handleServiceRequest(pipeline, call, url, path);
    } catch (error) {
      return recorded(pending, internalError(error), undefined);
    }
    return served instanceof Promise
      ? served.then(
          (settled) => recorded(pending, withOrg(settled), undefined),
          (error: unknown) => recorded(pending, internalError(error), undefined),
        )
      : recorded(pending, withOrg(served), undefined);
  }

  // The answer under an armed fault or the configured latency.
  async function answerSlowly(pending: Pending, fault: Fault | undefined): Promise<Answer> {
    const { call, url, path } = pending;
    if (latency) await sleep(latency.min + Math.random() * (latency.max - latency.min));
    let answer: Answer;
    if (fault && fault.when === 'before' && (fault.status !== undefined || fault.drop)) {
      answer = await shapedByFault(fault, undefined);
    } else {
      let result: Answer;
      try {
        result = withOrg(await handleServiceRequest(pipeline, call, url, path));
      } catch (error) {
        result = internalError(error);
      }
      answer = fault ? await shapedByFault(fault, result) : result;
    }
    if (fault) answer.orgId ??= callerOrgId(world, call, url);
    return recorded(pending, answer, fault);
  }

  // Stamps the answer with its request ID and journals it.
  function recorded(
    { call, url, path, started, atMs, requestId }: Pending,
    answer: Answer,
    fault: Fault | undefined,
  ): Answer {
    answer.requestId = requestId;
    answer.headers = answer.headers
      ? { ...answer.headers, 'x-request-id': requestId }
      : { 'x-request-id': requestId };
    if (!fault && hasAnswerObservers())
      notifyAnswer(() => ({
        method: call.method,
        path,
        status: answer.status,
        body: answer.body,
        faulted: false,
      }));
    journal.add(
      {
        id: requestId,
        atMs,
        method: call.method,
        path,
        search: url.search,
        headers: headerList(call),
        bodyText: undefined,
        status: answer.status,
        responseText: bodyText(answer),
        orgId: answer.orgId,
        durationMs: performance.now() - started,
        faultId: fault?.fault_id,
      },
      // The body joins the record once read, without holding up the answer.
      call.bodyForJournal(),
    );
    if (fault?.drop) throw new DroppedConnection(fault.fault_id);
    return answer;
  }

  // A fault's answer: after its delay, the service's own answer (delay only) or the fault's.
  async function shapedByFault(fault: Fault, serviceAnswer: Answer | undefined): Promise<Answer> {
    if (fault.delay_ms) await sleep(fault.delay_ms);
    // A dropped connection has no answer: the journal shows status 0.
    if (fault.drop) return { status: 0, body: null, orgId: serviceAnswer?.orgId };
    if (fault.status === undefined && serviceAnswer) return serviceAnswer;
    const outcome = faultOutcome(fault);
    return { ...outcome, orgId: serviceAnswer?.orgId };
  }

  async function answerControl(call: IncomingCall, url: RequestTarget, path: string): Promise<Answer> {
    if (!settings.control) return fail(404, 'Not found');
    if (call.headers.has(MOCK_WEBHOOK_HEADER))
      return fail(409, 'The mock’s own webhooks cannot drive its control plane (it would loop)');
    const read =
      call.method === 'POST' ? await readJsonBody(call, settings.maxBodyBytes) : { body: undefined };
    if ('error' in read) return read.error;
    return handleControlRequest({
      mock,
      method: call.method,
      path,
      url,
      body: read.body,
      startedAt: startedAtPerf,
    });
  }

  // An answer as fetch gives it: a Response, or a TypeError when a fault drops the connection.
  async function answerAsFetch(call: IncomingCall): Promise<Response> {
    try {
      return toResponse(await mock.respond(call));
    } catch (error) {
      if (error instanceof DroppedConnection) throw new TypeError('fetch failed', { cause: error });
      throw error;
    }
  }

  const mock: MockService = {
    baseUrl: settings.baseUrl,
    settings,
    handle: (request) => answerAsFetch(request),
    fetch: Object.assign(
      async (input: string | URL | Request, init?: RequestInit) => {
        init?.signal?.throwIfAborted();
        // Building a Request costs more than the mock's answer: a URL and a string body are read
        // as they are, and a Request passed in (as ky passes one) is used, not copied.
        const request =
          callFromInit(input, init) ??
          (input instanceof Request && init === undefined ? input : new Request(input, init));
        if (!request.url.startsWith(`${settings.baseUrl}/`) && request.url !== settings.baseUrl) {
          throw new TypeError('fetch failed', {
            cause: new Error(`mock.fetch serves only ${settings.baseUrl}; got ${request.url}`),
          });
        }
        const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        return signal ? abortable(answerAsFetch(request), signal) : answerAsFetch(request);
      },
      { [IN_PROCESS_FETCH]: true as const },
    ),
    // Not async itself: a service request's answer is answerService's own promise, one fewer
    // on a path every request takes. What throws before a promise exists is a rejection still.
    respond(request) {
      try {
        const started = performance.now();
        const url = requestTarget(request.url);
        const path = url.pathname.startsWith(settings.basePath)
          ? url.pathname.slice(settings.basePath.length) || '/'
          : url.pathname;
        if (path === '/__mock' || path.startsWith('/__mock/'))
          return answerControl(request, url, path === '/__mock' ? '/__mock/' : path).catch(internalError);
        if (path === '/openapi.json' && request.method === 'GET')
          return Promise.resolve({ status: 200, body: mock.openApiDocument() });
        return Promise.resolve(answerService(new ReadOnce(request), url, path, started));
      } catch (error) {
        return Promise.reject(error);
      }
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
        result = next.seed(options.seed, { next: replayIds }, startedAt, {
          trusted: options.seedIsTrusted,
        });
      }
      world = next;
      journal.clear();
      rateLimiter = settings.rateLimit ? new RateLimiter(settings.rateLimit) : undefined;
      pipeline = pipelineOf();
      return result;
    },
    state: () => world.state(),
    clock,
    replies: { receive: (input) => processReply(pipeline, input) },
    clicks: {
      create({ send_id }) {
        const send = world.sends.get(send_id);
        if (!send) throw new ControlError(404, `No send ${send_id}`);
        const click = { _id: nextId('clk_'), send_id, createdAt: clock.now().toISOString() };
        world.clicks.set(click._id, click);
        return { click_id: click._id };
      },
    },
    campaigns: { run: (campaignId, runOptions) => runCampaign(pipeline, campaignId, runOptions) },
    faults: {
      add: (fault) => faults.add(fault),
      list: () => faults.list(),
      clear: (faultId) => faults.clear(faultId),
    },
    outbox(filter = {}) {
      return world.outbox.filter(
        (m) =>
          (filter.channel === undefined || m.channel === filter.channel) &&
          (filter.cell === undefined || m.to === filter.cell || m.to === filter.cell.replace(/^\+/, '')) &&
          (filter.since === undefined || m.createdAt >= new Date(filter.since).toISOString()),
      );
    },
    findContacts({ cell, tag, org, limit = 50 }) {
      const msisdn = cell === undefined ? undefined : (toMsisdn(cell) ?? cell);
      const found: (Contact & { org_id: string })[] = [];
      for (const [orgId, store] of world.contacts) {
        if (org !== undefined && orgId !== org) continue;
        const candidates =
          msisdn !== undefined
            ? [store.getByCell(msisdn)]
            : tag !== undefined
              ? [...take(store.withTag(tag), limit)]
              : [...take(store.all(), limit)];
        for (const contact of candidates) {
          if (contact && (tag === undefined || contact.tag_ids.includes(tag)))
            found.push({ org_id: orgId, ...contact });
          if (found.length >= limit) return found;
        }
      }
      return found;
    },
    webhookDeliveries: () => [...world.webhookDeliveries],
    requests: (filter) => journal.list(filter),
    requestCount: (filter) => journal.count(filter),
    clearRequests: () => journal.clear(),
    openApiDocument: () => createOpenApiDocument({ serverUrl: settings.baseUrl }),
  };
  exposeWorld(mock, () => world);
  // The start world's IDs all carry its start second, so that a reset can make the same ones.
  if (options.seed)
    world.seed(options.seed, { next: (prefix) => nextId(prefix, startSeconds) }, startedAt, {
      trusted: options.seedIsTrusted,
    });
  return mock;
}
