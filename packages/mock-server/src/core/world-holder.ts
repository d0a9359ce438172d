import type { SeedDocument } from '../store/seed-schema.js';
import { type SeedResult, World } from '../store/world.js';
import type { CellMemo } from './cell-memo.js';
import type { MockClock } from './clock.js';
import type { Pipeline } from './handle-request.js';
import type { HandlerTable } from './handler-types.js';
import { createIdGenerator, type IdGenerator, idSeconds } from './ids.js';
import type { OneAtATime } from './one-at-a-time.js';
import { RateLimiter } from './rate-limiter.js';
import type { Settings } from './settings.js';
import { noSteps, runToEnd, type Steps } from './slices.js';
import { WorldGate } from './world-gate.js';

/** What a mock's world is made with and served by. */
export interface WorldHolderParts {
  clock: MockClock;
  settings: Settings;
  handlers: HandlerTable;
  newId: IdGenerator;
  pathCells: CellMemo;
  /** Where large writes wait their turn with the mock's other requests that add records. */
  growth: OneAtATime;
  /** The world the mock starts with, and whether a state file vouched for it. */
  start?: { seed: SeedDocument; trusted?: boolean | undefined } | undefined;
  /** Leaves the start world to `startSteps`, for a caller that seeds it a slice at a time. */
  startLater?: boolean;
}

/**
 * The mock's current world and the pipeline that serves it. A reset swaps in a new world (and
 * fresh rate limits) only once it is accepted, so a refused document changes nothing.
 */
export class WorldHolder {
  world = new World();
  pipeline: Pipeline;
  /** Closed while a seed or reset runs in slices (see {@link WorldGate}). */
  readonly gate = new WorldGate();
  readonly #parts: WorldHolderParts;
  readonly #startedAt: Date;

  constructor(parts: WorldHolderParts) {
    this.#parts = parts;
    this.#startedAt = parts.clock.now();
    this.pipeline = this.#pipelineOf(this.world);
    if (!parts.startLater) runToEnd(this.startSteps());
  }

  /** Seeds the start world: done by the constructor unless `startLater` was given. */
  *startSteps(): Steps<SeedResult | undefined> {
    // The start world's IDs all carry its start second, so that a reset can make the same ones.
    const startSeconds = this.#startSeconds;
    const result = yield* this.#seedStart(this.world, (prefix) => this.#parts.newId(prefix, startSeconds));
    this.#keepIdsAfter(this.world);
    return result;
  }

  // New contacts' IDs sort after those a seed or state file brought, whatever the clock says.
  #keepIdsAfter(world: World): void {
    for (const store of world.contacts.values()) {
      const seconds = idSeconds(store.lastId() ?? '');
      if (seconds !== undefined) this.#parts.newId.keepAfter(seconds);
    }
  }

  get #startSeconds(): number {
    return this.#startedAt.getTime() / 1000;
  }

  #pipelineOf(world: World): Pipeline {
    const { clock, settings, handlers, newId, pathCells, growth } = this.#parts;
    const rateLimiter = settings.rateLimit ? new RateLimiter(settings.rateLimit) : undefined;
    return { world, clock, settings, rateLimiter, handlers, newId, pathCells, gate: this.gate, growth };
  }

  #seedStart(world: World, next: (prefix?: string) => string): Steps<SeedResult | undefined> {
    const { start } = this.#parts;
    if (!start) return noSteps(undefined);
    return world.seedSteps(start.seed, { next }, this.#startedAt, { trusted: start.trusted });
  }

  /** Adds a seed document's records to the current world. */
  seed(document: SeedDocument): SeedResult {
    return runToEnd(this.seedSteps(document));
  }

  /** {@link seed} as steps: the current world must not change until they are done. */
  *seedSteps(document: SeedDocument): Steps<SeedResult> {
    const world = this.world;
    const result = yield* world.seedSteps(document, { next: this.#parts.newId }, this.#parts.clock.now());
    this.#keepIdsAfter(world);
    return result;
  }

  /** Replaces the world: with `document`, that world; without, the start world again, exactly. */
  reset(document?: SeedDocument): SeedResult | undefined {
    return runToEnd(this.resetSteps(document));
  }

  /** {@link reset} as steps: the new world is made aside and swapped in at the end. */
  *resetSteps(document?: SeedDocument): Steps<SeedResult | undefined> {
    const next = new World();
    // The new world's IDs sort after its own records only: the start world's carry its start.
    this.#parts.newId.startOver(document !== undefined ? 0 : this.#startSeconds);
    const result =
      document !== undefined
        ? yield* next.seedSteps(document, { next: this.#parts.newId }, this.#parts.clock.now())
        : // The same generated IDs from a replay of the generator that made them (the live one
          // has counted past them).
          yield* this.#seedStart(
            next,
            createIdGenerator(() => this.#startSeconds),
          );
    this.#keepIdsAfter(next);
    this.world = next;
    this.pipeline = this.#pipelineOf(next);
    return result;
  }
}
