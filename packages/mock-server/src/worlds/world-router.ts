import { accessRefusal, contentTypeRefusal } from '../control/control-guard.js';
import { ControlError } from '../core/control-error.js';
import type { IncomingCall } from '../core/handle-request.js';
import { createFetchAdapter, type FetchAdapter } from '../core/mock-fetch.js';
import { SHARED_QUEUES, type WithSharedQueues } from '../core/one-at-a-time.js';
import { requestTarget } from '../core/request-target.js';
import { type Answer, fail } from '../core/responses.js';
import type { MockServiceOptions } from '../core/settings.js';
import { createMockService, createMockServiceInSlices, stopSchedule } from '../create-mock-service.js';
import type { MockService } from '../mock-service.js';
import type { SeedDocument } from '../store/seed-schema.js';
import { answerWorldControl, isWorldControlPath, listedWithWorldRoutes } from './world-control.js';

// The longest life a world may ask for: its expiry must stay a date the listing can show (a
// `ttl_s` of 1e308 made every GET /__mock/worlds a 500).
const MAX_TTL_S = 10 * 365 * 86_400;

/** What `POST /__mock/worlds` and {@link WorldRouter.create} take. */
export interface CreateWorldInput {
  /** `[a-z0-9-]{1,40}`; a generated name (`world-1`, `world-2`, …) when left out. */
  name?: string;
  /**
   * The world to start with: a seed document (`{}` for an empty world). Left out: the router's
   * `seed` option (the standalone server's start world).
   */
  seed?: SeedDocument;
  /** Seconds unused before the world is removed. @default the router's `ttlSeconds` (3600) */
  ttl_s?: number;
}

/** A created world: its name and where its service (and its control plane) live. */
export interface CreatedWorld {
  world: string;
  /** The world's base URL: its routes, and its control plane under `<base_url>/__mock/`. */
  base_url: string;
}

/** One world as `GET /__mock/worlds` and {@link WorldRouter.list} describe it. */
export interface WorldInfo {
  name: string;
  base_url: string;
  /** When it was made (ISO 8601, real time). */
  created: string;
  /** When a request last reached it (ISO 8601, real time). */
  last_used: string;
  ttl_s: number;
  /** When it will be removed if no request reaches it before (ISO 8601, real time). */
  expires: string;
  /** How many contacts it holds. */
  contacts: number;
  /** How many requests it has answered, service and control. */
  requests: number;
}

/** Options of {@link createWorldRouter}. */
export interface WorldRouterOptions {
  /** How many worlds may exist at once (the default world not counted). @default 100 */
  maxWorlds?: number;
  /** Seconds a world may go unused before it is removed, when its creator gives no `ttl_s`. @default 3600 */
  ttlSeconds?: number;
  /** The world a new world starts with when its creator gives no `seed`. @default {} (empty) */
  seed?: SeedDocument;
  /** `seed` was written by a mock (a state file whose hash matched): see `MockServiceOptions`. */
  seedIsTrusted?: boolean;
  /** The time source for TTLs, in milliseconds (real time: a world's own clock never expires it). @default Date.now */
  now?: () => number;
}

/**
 * Many isolated mocks behind one base URL: the default mock at the root, and each world under
 * `/worlds/<name>/`. It has the `respond`, `handle` and `fetch` doors of a mock, so any transport
 * serves it (`createNodeServer(router)`, `mswHandlers`-style code, a test's `fetch`).
 */
export interface WorldRouter extends FetchAdapter {
  /** The default world: the mock the router was made with, served at the root. */
  readonly main: MockService;
  /** Answers a request for the default world, a world, or the worlds' control routes. */
  respond(call: IncomingCall): Promise<Answer>;
  /**
   * Creates a world. Throws `ControlError` (400 for a bad name or `ttl_s`, 409 for a name in use
   * or the `maxWorlds` limit) or `SeedError` for a refused seed.
   */
  create(input?: CreateWorldInput): CreatedWorld;
  /**
   * Creates a world as {@link create} does, seeding it a slice at a time so that a server keeps
   * answering meanwhile (`POST /__mock/worlds` does this). Its name is taken from the start.
   */
  createInSlices(input?: CreateWorldInput): Promise<CreatedWorld>;
  /** The mock of a world, or `undefined` when there is none of that name (or it expired). */
  world(name: string): MockService | undefined;
  /** The worlds there are, oldest first (expired ones are removed first). */
  list(): WorldInfo[];
  /** Removes a world; answers whether there was one. */
  delete(name: string): boolean;
}

/** The names a world may have. */
export const WORLD_NAME = /^[a-z0-9-]{1,40}$/;
const RESERVED_NAME = 'default';

interface Hosted {
  mock: MockService;
  created: number;
  lastUsed: number;
  ttlMs: number;
  requests: number;
  /** Requests to it not yet answered: a world is not unused while one runs. */
  inFlight: number;
}

/**
 * Hosts isolated worlds beside a mock: each world is a mock of its own (records, clock, journal,
 * faults, outbox, rate limits), made with the default mock's settings and served under
 * `/worlds/<name>/`. Its control routes: `POST /__mock/worlds`, `GET /__mock/worlds`,
 * `DELETE /__mock/worlds/<name>`. A world unused for its TTL is removed as requests arrive (no
 * timer runs).
 *
 * @example
 * ```ts
 * import { createMockService, createWorldRouter } from '@marketing/mock-server';
 *
 * const router = createWorldRouter(createMockService({ baseUrl: 'http://127.0.0.1:4010' }));
 * const { base_url } = router.create({ name: 'ci-1', seed: {} }); // 'http://127.0.0.1:4010/worlds/ci-1'
 * await router.fetch(`${base_url}/__mock/health`);
 * ```
 */
export function createWorldRouter(main: MockService, options: WorldRouterOptions = {}): WorldRouter {
  const maxWorlds = options.maxWorlds ?? 100;
  const defaultTtlS = options.ttlSeconds ?? 3600;
  const now = options.now ?? Date.now;
  const worlds = new Map<string, Hosted>();
  const worldsPrefix = `${main.settings.basePath}/worlds/`;
  let generated = 0;
  let nextSweep = 0;

  // Unused for its TTL since its last request was answered: a world expired while a seed of its
  // own ran (its TTL counted from the seed's start), after the seed had answered 200.
  const expired = (hosted: Hosted, at: number) =>
    hosted.inFlight === 0 && at - hosted.lastUsed >= hosted.ttlMs;
  // One pass over at most maxWorlds entries, at most once a second: no timer per world or request.
  function sweep(at: number, force = false) {
    if (!force && at < nextSweep) return;
    nextSweep = at + 1000;
    for (const [name, hosted] of worlds) if (expired(hosted, at)) drop(name);
  }
  function hosted(name: string, at: number): Hosted | undefined {
    const found = worlds.get(name);
    if (found && expired(found, at)) {
      drop(name);
      return undefined;
    }
    return found;
  }
  // A world removed does nothing more by itself: its webhook retries still to come are dropped.
  function drop(name: string): boolean {
    const found = worlds.get(name);
    if (!found) return false;
    worlds.delete(name);
    void stopSchedule(found.mock);
    return true;
  }
  const baseUrlOf = (name: string) => `${main.baseUrl}/worlds/${name}`;
  const hint = 'POST /__mock/worlds creates one; GET /__mock/worlds lists them';
  const noWorld = (name: string) =>
    fail(404, `No world "${name}": it was never created, was deleted, or expired unused`, { hint });
  const deletedMeanwhile = (name: string) =>
    fail(404, `World "${name}" was deleted or expired while this request waited its turn: nothing was kept`, {
      hint,
    });

  function freeName(): string {
    let name: string;
    do name = `world-${++generated}`;
    while (worlds.has(name) || pending.has(name));
    return name;
  }

  // Worlds whose seed is being made a slice at a time: their names are taken, and they count.
  const pending = new Set<string>();

  // What creating a world takes, checked: its name, lifetime and the options of its mock.
  function admitted(input: CreateWorldInput) {
    const at = now();
    sweep(at, true);
    const name = input.name ?? freeName();
    if (!WORLD_NAME.test(name))
      throw new ControlError(400, `name: "${name}" is not a world name: 1 to 40 of a-z, 0-9 and -`);
    // The dashboard's picker and its ?world= address call the root "default".
    if (name === RESERVED_NAME)
      throw new ControlError(
        400,
        `name: "${RESERVED_NAME}" is the root world's name (the dashboard's); choose another`,
      );
    const ttlS = input.ttl_s ?? defaultTtlS;
    if (!Number.isInteger(ttlS) || ttlS < 1 || ttlS > MAX_TTL_S)
      throw new ControlError(
        400,
        `ttl_s: must be a whole number of seconds from 1 to ${MAX_TTL_S} (10 years); got ${ttlS}`,
      );
    if (worlds.has(name) || pending.has(name))
      throw new ControlError(409, `A world named "${name}" exists already`);
    if (worlds.size + pending.size >= maxWorlds)
      throw new ControlError(
        409,
        `The server holds ${maxWorlds} worlds, its limit (--max-worlds ${maxWorlds}): delete one (DELETE /__mock/worlds/<name>) or start it with a larger --max-worlds`,
      );
    const { baseUrl: _, basePath: __, ...settings } = main.settings;
    const seed = input.seed ?? options.seed;
    const mockOptions: MockServiceOptions & WithSharedQueues = {
      ...settings,
      baseUrl: baseUrlOf(name),
      world: name,
      ...(seed === undefined ? {} : { seed }),
      ...(input.seed === undefined && options.seedIsTrusted ? { seedIsTrusted: true } : {}),
    };
    // Exports and growing requests of every world wait for each other, as those of one world do.
    const queues = (main as WithSharedQueues)[SHARED_QUEUES];
    if (queues) mockOptions[SHARED_QUEUES] = queues;
    return { name, ttlS, options: mockOptions };
  }

  function host(made: ReturnType<typeof admitted>, mock: MockService): CreatedWorld {
    const at = now();
    worlds.set(made.name, {
      mock,
      created: at,
      lastUsed: at,
      ttlMs: made.ttlS * 1000,
      requests: 0,
      inFlight: 0,
    });
    return { world: made.name, base_url: baseUrlOf(made.name) };
  }

  const router: WorldRouter = {
    main,
    ...createFetchAdapter(main.baseUrl, (call) => router.respond(call)),
    respond(call) {
      // Most requests are for the default world: a URL without these words is sent on unread.
      if (!call.url.includes('worlds') && !call.url.includes('__mock')) {
        if (worlds.size > 0) sweep(now());
        return main.respond(call);
      }
      const at = now();
      sweep(at);
      const path = requestTarget(call.url).pathname;
      if (path.startsWith(worldsPrefix)) {
        const end = path.indexOf('/', worldsPrefix.length);
        const name = path.slice(worldsPrefix.length, end < 0 ? undefined : end);
        const world = hosted(name, at);
        if (!world) return Promise.resolve(noWorld(name));
        world.lastUsed = at;
        world.requests += 1;
        world.inFlight += 1;
        const answered = () => {
          world.inFlight -= 1;
          world.lastUsed = Math.max(world.lastUsed, now());
        };
        if (call.method === 'GET' || call.method === 'HEAD')
          return world.mock.respond(call).finally(answered);
        // A write that waited its turn (a seed behind another world's) while the world was deleted
        // changed a world nobody can reach: it is not answered as done.
        return world.mock.respond(call).then(
          (answer) => {
            answered();
            return worlds.get(name) === world ? answer : deletedMeanwhile(name);
          },
          (error: unknown) => {
            answered();
            throw error;
          },
        );
      }
      const controlPath = path.slice(main.settings.basePath.length);
      if (main.settings.control && isWorldControlPath(controlPath)) {
        // The worlds' routes are the control plane too: the same token and JSON-only rules.
        const refused =
          accessRefusal(main.settings, call, controlPath) ??
          (call.method === 'POST' ? contentTypeRefusal(call) : undefined);
        return refused ? Promise.resolve(refused) : answerWorldControl(router, call, controlPath);
      }
      if (
        main.settings.control &&
        call.method === 'GET' &&
        (controlPath === '/__mock/' || controlPath === '/__mock')
      )
        return main.respond(call).then(listedWithWorldRoutes);
      return main.respond(call);
    },
    create(input = {}) {
      const made = admitted(input);
      return host(made, createMockService(made.options));
    },
    async createInSlices(input = {}) {
      const made = admitted(input);
      pending.add(made.name);
      try {
        return host(made, await createMockServiceInSlices(made.options));
      } finally {
        pending.delete(made.name);
      }
    },
    world: (name) => hosted(name, now())?.mock,
    list() {
      const at = now();
      sweep(at, true);
      return [...worlds].map(([name, w]) => ({
        name,
        base_url: baseUrlOf(name),
        created: new Date(w.created).toISOString(),
        last_used: new Date(w.lastUsed).toISOString(),
        ttl_s: w.ttlMs / 1000,
        expires: new Date(w.lastUsed + w.ttlMs).toISOString(),
        contacts: w.mock.contactCount(),
        requests: w.requests,
      }));
    },
    delete: (name) => hosted(name, now()) !== undefined && drop(name),
  };
  return router;
}
