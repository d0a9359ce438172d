import { runCampaign, runCampaignSteps } from './campaigns/run-campaign.js';
import type { WorldActionsInSlices } from './control/control-route.js';
import { answerControl } from './control/control-routes.js';
import { CellMemo } from './core/cell-memo.js';
import { type ClockChange, type ClockReading, createClock } from './core/clock.js';
import { ControlError } from './core/control-error.js';
import { exportBound } from './core/export-size.js';
import { FaultTable } from './core/faults.js';
import type { HandlerTable } from './core/handler-types.js';
import { harJsonPieces, harOf } from './core/har.js';
import { createIdGenerator } from './core/ids.js';
import { ReadOnce } from './core/journal-recording.js';
import { jsonPiecesSteps } from './core/json-pieces.js';
import { stoppedWhenFull } from './core/memory-room.js';
import { createFetchAdapter } from './core/mock-fetch.js';
import { newSharedQueues, SHARED_QUEUES, type WithSharedQueues } from './core/one-at-a-time.js';
import { openApiAnswer, openApiDocumentFor } from './core/openapi-answer.js';
import { checkParties, pactFromJournal, pactFromJournalSteps } from './core/pact-file.js';
import { PactStates } from './core/pact-states.js';
import { serverUrlOf } from './core/public-url.js';
import { RequestJournal, type RequestLogEntry } from './core/request-journal.js';
import { requestTarget } from './core/request-target.js';
import { createServiceResponder, internalError } from './core/service-responder.js';
import { type MockServiceOptions, resolveSettings } from './core/settings.js';
import { runInSlices, runToEnd, type Steps } from './core/slices.js';
import { exposeWorld } from './core/world-access.js';
import { WorldHolder } from './core/world-holder.js';
import { campaignHandlers } from './handlers/campaigns.js';
import { complianceHandlers } from './handlers/compliance.js';
import { contactHandlers } from './handlers/contacts.js';
import { saleHandlers } from './handlers/sales.js';
import { sendHandlers } from './handlers/send.js';
import { tagHandlers } from './handlers/tags.js';
import { transactionHandlers } from './handlers/transactions.js';
import { processReply } from './hooks/process-reply.js';
import { redeliverWebhook, webhookDeliveryOf } from './hooks/redeliver-webhook.js';
import type { MockService, ResetOptions } from './mock-service.js';
import { ServiceSchedule } from './schedule/service-schedule.js';
import { noteClickOf } from './store/campaign-activity.js';
import type { SeedDocument } from './store/seed-schema.js';
import type { SeedResult } from './store/world.js';
import { contactCountOf, findContacts, outboxOf } from './store/world-queries.js';
import { VERSION } from './version.js';

const handlers: HandlerTable = {
  ...contactHandlers,
  ...tagHandlers,
  ...campaignHandlers,
  ...sendHandlers,
  ...saleHandlers,
  ...transactionHandlers,
  ...complianceHandlers,
};

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
  return buildMockService(options, false).mock;
}

/**
 * {@link createMockService} with its start world seeded a slice at a time, the event loop free
 * between slices (a world created over HTTP with a large seed).
 */
export async function createMockServiceInSlices(options: MockServiceOptions = {}): Promise<MockService> {
  const { mock, start } = buildMockService(options, true);
  // The world is the caller's only once made: one that outgrows the heap is refused and dropped.
  await runInSlices(stoppedWhenFull(start(), mock.settings));
  return mock;
}

const STOP_SCHEDULE = Symbol('marketing-mock.stopSchedule');
// A Pact file covers the whole journal: only a smaller journal makes a smaller one.
const PACT_NARROWER =
  'empty the journal between runs (DELETE /__mock/requests, mock.clearRequests()), or keep fewer requests (--journal-limit, requestJournalLimit)';

/**
 * Stops what a mock does by itself, for good: webhook attempts still out end at once (written as
 * failed connections, so that a state file saved next keeps their deliveries waiting for a
 * retry), and retries and scheduled sends still to come are dropped. A world router calls it on
 * a world it drops (its retries went on reaching receivers for half a minute after it was
 * deleted), and the command before its last save (an attempt out was lost).
 */
export function stopSchedule(mock: MockService): Promise<void> {
  return (
    (mock as MockService & { [STOP_SCHEDULE]?: () => Promise<void> })[STOP_SCHEDULE]?.() ?? Promise.resolve()
  );
}

function buildMockService(
  options: MockServiceOptions,
  startLater: boolean,
): { mock: MockService; start(): Steps<unknown> } {
  const settings = resolveSettings(options);
  const clock = createClock(options.now, options.clockMode);
  const newId = createIdGenerator(() => clock.now().getTime() / 1000);
  const startedAt = performance.now();
  const queues = (options as WithSharedQueues)[SHARED_QUEUES] ?? newSharedQueues();
  const state = new WorldHolder({
    clock,
    settings,
    handlers,
    newId,
    pathCells: new CellMemo(),
    growth: queues.growth,
    start: options.seed && { seed: options.seed, trusted: options.seedIsTrusted },
    startLater,
  });
  const schedule = new ServiceSchedule(
    () => state.pipeline,
    clock,
    () => !state.gate.closed,
  );
  if (!startLater) schedule.attach(state.world);
  const journal = new RequestJournal(settings.requestJournalLimit, settings.world);
  const faults = new FaultTable(() => newId('flt_'));
  const pactStates = new PactStates({
    *resetWorldSteps(seed) {
      yield* state.resetSteps(seed);
      // The state's seed may hold scheduled messages and recurring campaigns of its own.
      schedule.attach(state.world);
    },
    checkIdle: () => notWhileSliced(undefined),
    newestRequestId: () => journal.list({ limit: 1 })[0]?.id,
    journalLimit: settings.requestJournalLimit,
  });
  for (const [name, seed] of Object.entries(options.pactStates ?? {})) pactStates.register(name, seed);
  const answerService = createServiceResponder({
    pipeline: () => state.pipeline,
    clock,
    newId,
    faults,
    journal,
    latency: settings.latency,
  });

  // What fell due runs when the world is read or written, unless work in slices (a clock move, a
  // large seed or reset, a run) holds it: that work runs what falls due itself, in its order, and a
  // read between its slices (health, a test's look at the outbox) sees the world as it stands.
  const catchUpUnlessSliced = () => {
    if (!state.gate.closed) schedule.catchUp();
  };

  function* seedSteps(document: SeedDocument): Steps<SeedResult> {
    schedule.catchUp();
    const result = yield* state.seedSteps(document);
    schedule.campaignsAdded([...result.campaigns, ...result.campaigns_v2]);
    return result;
  }
  function* resetSteps(
    document: SeedDocument | undefined,
    resetOptions?: ResetOptions,
  ): Steps<SeedResult | undefined> {
    const keep = new Set(resetOptions?.keep);
    const undoClock = keep.has('clock') ? undefined : clock.restart();
    let result: SeedResult | undefined;
    try {
      result = yield* state.resetSteps(document);
    } catch (error) {
      undoClock?.();
      throw error;
    }
    if (!keep.has('faults')) faults.clear();
    schedule.attach(state.world);
    journal.clear();
    pactStates.forget();
    return result;
  }
  // A seed sent over HTTP runs a slice at a time, checked against the world as it was: an
  // in-process seed or reset in between would change that world under it.
  function notWhileSliced<T>(document: T): T {
    if (state.gate.closed)
      throw new ControlError(
        409,
        'A seed, reset or batch sent to this mock over HTTP is still running: await its answer first',
      );
    return document;
  }
  // A clock move over HTTP stops where it is once the room runs out (a year of daily sends to
  // 20,000 contacts ran a 1 GB heap out): what was due until then is done, and the 507 says where.
  function* clockMoveSteps(change: ClockChange): Steps<ClockReading> {
    try {
      return yield* stoppedWhenFull(clock.changeSteps(change), settings);
    } catch (error) {
      if (!(error instanceof ControlError) || error.status !== 507) throw error;
      throw new ControlError(
        507,
        `${error.message}. The clock stopped at ${clock.now().toISOString()}, with what was due until then done`,
      );
    }
  }
  // The control plane's seed and reset: a slice at a time, the world held still meanwhile.
  const inSlices: WorldActionsInSlices = {
    seed: (document) => state.gate.run(() => seedSteps(document)),
    reset: (document, resetOptions) => state.gate.run(() => resetSteps(document, resetOptions)),
    stateText: () =>
      state.gate.run(() => {
        schedule.catchUp();
        return state.world.stateTextSteps();
      }),
    pactSetup: (name, params) => state.gate.run(() => pactStates.setupSteps(name, params)),
    pactRegister: (name, seed) => runInSlices(pactStates.registerSteps(name, seed)),
    moveClock: (change) => state.gate.run(() => clockMoveSteps(change)),
    runCampaign: (campaignId, runOptions) =>
      state.gate.run(() => {
        schedule.catchUp();
        return runCampaignSteps(state.pipeline, campaignId, runOptions);
      }),
    async pactText(parties) {
      const entries: RequestLogEntry[] = [];
      for await (const entry of journal.listInTurns()) entries.push(entry);
      const states = pactStates.statesOf(entries);
      const file = await runInSlices(pactFromJournalSteps(parties, entries, states, VERSION));
      // Bounded as it is written: a Pact file keeps one interaction of requests made alike, so
      // its journal's size does not tell its own.
      const bound = exportBound('Pact file', entries.length, settings.maxExportBytes, PACT_NARROWER);
      return runInSlices(jsonPiecesSteps(file, 'interactions', bound));
    },
  };

  const mock: MockService = {
    baseUrl: settings.baseUrl,
    settings,
    ...createFetchAdapter(settings.baseUrl, (call) => mock.respond(call)),
    // Not async itself: a service request's answer is answerService's own promise, one fewer
    // on a path every request takes. What throws before a promise exists is a rejection still.
    respond(request) {
      try {
        const started = performance.now();
        const url = requestTarget(request.url);
        const path = url.pathname.startsWith(settings.basePath)
          ? url.pathname.slice(settings.basePath.length) || '/'
          : url.pathname;
        // A large seed or reset, a clock move or a run is going on in slices: only health is
        // answered meanwhile, and it runs nothing that fell due (a day's sends run by a health
        // probe in the middle of a clock move held it 100 ms, and ran among the move's own).
        const closed = state.gate.closed;
        if (closed && path !== '/__mock/health') return closed.then(() => mock.respond(request));
        catchUpUnlessSliced();
        if (path === '/__mock' || path.startsWith('/__mock/')) {
          const controlPath = path === '/__mock' ? '/__mock/' : path;
          return answerControl(mock, request, url, controlPath, {
            startedAt,
            gate: state.gate,
            inSlices,
            queues,
          }).catch(internalError);
        }
        if (path === '/openapi.json' && (request.method === 'GET' || request.method === 'HEAD'))
          return Promise.resolve(openApiAnswer(request, serverUrlOf(request, settings)));
        return Promise.resolve(answerService(new ReadOnce(request), url, path, started));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    seed: (document) => runToEnd(seedSteps(notWhileSliced(document))),
    reset: (document, resetOptions) => runToEnd(resetSteps(notWhileSliced(document), resetOptions)),
    state: () => {
      catchUpUnlessSliced();
      return state.world.state();
    },
    schedule: (limit) => schedule.upcoming(limit),
    clock,
    replies: {
      receive: (input) => {
        schedule.catchUp();
        return processReply(state.pipeline, input);
      },
    },
    clicks: {
      create({ send_id }) {
        schedule.catchUp();
        const send = state.world.sends.get(send_id);
        if (!send) throw new ControlError(404, `No send ${send_id}`);
        const click = { _id: newId('clk_'), send_id, createdAt: clock.now().toISOString() };
        state.world.clicks.set(click._id, click);
        noteClickOf(state.world, send, clock.now());
        return { click_id: click._id };
      },
    },
    campaigns: {
      run: (campaignId, runOptions) => {
        schedule.catchUp();
        return runCampaign(state.pipeline, campaignId, runOptions);
      },
    },
    faults: {
      add: (fault) => faults.add(fault),
      list: () => faults.list(),
      clear: (faultId) => faults.clear(faultId),
    },
    outbox: (filter) => {
      catchUpUnlessSliced();
      return outboxOf(state.world, filter);
    },
    findContacts: (lookup) => {
      catchUpUnlessSliced();
      return findContacts(state.world, lookup);
    },
    contactCount: () => contactCountOf(state.world),
    webhookDeliveries: () => [...state.world.webhookDeliveries],
    async webhooksSettled() {
      await schedule.webhooksSettled();
      return mock.webhookDeliveries();
    },
    webhookDelivery: (deliveryId) => webhookDeliveryOf(state.world.webhookDeliveries, deliveryId),
    redeliverWebhook: (deliveryId) =>
      redeliverWebhook({
        world: state.world,
        deliveryId,
        settings,
        now: () => clock.now(),
      }),
    requests: (filter) => journal.list(filter),
    requestCount: (filter) => journal.count(filter),
    requestPage: (filter) => ({
      entries: journal.page(filter),
      dropped: journal.dropped,
      emptied: journal.emptied,
    }),
    requestPageJson: async (filter) => (await mock.requestPagePieces(filter)).join(''),
    requestPagePieces: async (filter) => [
      '{"ok":true,"data":',
      ...(await journal.pageJsonPieces(filter)),
      `,"dropped":${journal.dropped},"emptied":${journal.emptied}}`,
    ],
    request: (id) => journal.get(id),
    droppedRequests: () => journal.dropped,
    requestsHar: (filter) => harOf(journal.list(filter), settings.baseUrl),
    async requestsHarJson(filter) {
      const { entries, bytes } = journal.exportBytes(filter);
      const bound = exportBound(
        'HAR',
        entries,
        settings.maxExportBytes,
        'ask for fewer with limit=, since=, after=, path= or status=',
      );
      // Surely too large from the bodies alone: refused before any of it is made.
      if (bytes > bound.most) throw bound.tooLarge(bytes);
      return harJsonPieces(journal.listInTurns(filter), settings.baseUrl, bound);
    },
    clearRequests: () => journal.clear(),
    pactStates,
    pact(parties) {
      const entries = journal.list();
      return pactFromJournal(checkParties(parties), entries, pactStates.statesOf(entries), VERSION);
    },
    openApiDocument: (serverUrl) => openApiDocumentFor(serverUrl ?? settings.publicUrl ?? settings.baseUrl),
  };
  exposeWorld(mock, () => state.world, state.gate);
  // Not enumerable: a world router reads it to share the queues with the worlds it makes.
  Object.defineProperty(mock, SHARED_QUEUES, { value: queues });
  Object.defineProperty(mock, STOP_SCHEDULE, { value: () => schedule.stop() });
  return {
    mock,
    *start() {
      yield* state.startSteps();
      schedule.attach(state.world);
    },
  };
}
