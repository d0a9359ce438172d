import type { SeedDocument } from '../store/seed-schema.js';
import { World } from '../store/world.js';
import { ControlError } from './control-error.js';
import { createIdGenerator } from './ids.js';
import { cloneJsonSteps } from './json-clone.js';
import type { RequestLogEntry } from './request-journal.js';
import { runToEnd, type Steps } from './slices.js';

/** The most JSON text a provider state's `params` may hold. */
export const MAX_PARAMS_CHARS = 16_384;
// How many registered states a refusal of an unknown one names.
const NAMED_STATES = 20;

/** A Pact provider state as a pact names it: `{name: "contact 27821234567 exists", params?}`. */
export interface ProviderState {
  name: string;
  params?: Record<string, unknown>;
}

/**
 * The Pact provider states of a mock: named seed documents that a Pact verifier sets up before
 * each interaction (`POST /__mock/pact/states`), and the state the mock is in now, which the pacts
 * exported from its journal name.
 */
export interface MockPactStates {
  /**
   * Registers (or replaces) the seed document of a state. The document is checked as a whole
   * world on its own: a refused one throws `SeedError` and registers nothing.
   *
   * @example
   * ```ts
   * mock.pactStates.register('contact 27821234567 exists', {
   *   orgs: [{ _id: 'org_a' }],
   *   api_keys: [{ key: 'key_a', org_id: 'org_a' }],
   *   contacts: [{ org_id: 'org_a', cell: '27821234567' }],
   * });
   * ```
   */
  register(state: string, seed: SeedDocument): void;
  /**
   * Resets the world to the state's seed, as a Pact verifier's `setup` does, and makes it the
   * active state: the requests that follow are named with it in an exported pact. The request
   * journal is kept, so one run through several states exports as one pact. Throws a
   * `ControlError` (400) naming an unknown state, and one (409) while a seed, reset or setup sent
   * to the same mock over HTTP is still running.
   *
   * @example
   * ```ts
   * mock.pactStates.setup('contact 27821234567 exists');
   * ```
   */
  setup(state: string, params?: Record<string, unknown>): void;
  /**
   * A Pact verifier's `teardown`: nothing to undo, since the next setup replaces the world. Still
   * throws a `ControlError` (400) naming an unknown state.
   */
  teardown(state: string): void;
  /**
   * Forgets a registered state and its seed (a `ControlError`, 400, for an unknown one); the
   * requests already answered in it keep its name in an exported pact.
   *
   * @example
   * ```ts
   * mock.pactStates.remove('contact 27821234567 exists');
   * ```
   */
  remove(state: string): void;
  /** The registered state names, in the order they were first registered. */
  list(): string[];
  /** The state set up last, or `undefined` before any (and after `mock.reset()`). */
  active(): ProviderState | undefined;
}

// A setup, and the newest journal entry when it happened: the entries after that one were
// answered in this state.
interface Activation {
  state: ProviderState;
  after: string | undefined;
}

/** What the provider states need of the mock. */
export interface PactStateParts {
  /** Replaces the world with exactly this document (its own copy), keeping the request journal. */
  resetWorldSteps(seed: SeedDocument): Steps<void>;
  /** Throws while the world is being changed a slice at a time: in process, the change waits for nothing. */
  checkIdle(): void;
  /** The ID of the newest journal entry, if any. */
  newestRequestId(): string | undefined;
  /** How many entries the journal keeps: more activations than that cannot name an entry. */
  journalLimit: number;
}

/** The registered states and the timeline of setups; see {@link MockPactStates}. */
export class PactStates implements MockPactStates {
  readonly #seeds = new Map<string, SeedDocument>();
  #timeline: Activation[] = [];
  readonly #parts: PactStateParts;

  constructor(parts: PactStateParts) {
    this.#parts = parts;
  }

  register(state: string, seed: SeedDocument): void {
    runToEnd(this.registerSteps(state, seed));
  }

  /** {@link register} as steps; the world is not touched, so it needs no holding still. */
  *registerSteps(state: string, seed: SeedDocument): Steps<void> {
    yield* checkStateSeedSteps(seed);
    // A copy: the caller's object may change after it is registered.
    this.#seeds.set(state, yield* cloneJsonSteps(seed));
  }

  setup(state: string, params?: Record<string, unknown>): void {
    this.#parts.checkIdle();
    runToEnd(this.setupSteps(state, params));
  }

  /** {@link setup} as steps: the world must not change until they are done. */
  *setupSteps(state: string, params?: Record<string, unknown>): Steps<void> {
    // Kept with every journal entry answered in the state, and written into each of their
    // interactions in an exported pact: 1 MB of params made a 200 MB pact of 200 requests.
    const paramsChars = params === undefined ? 0 : JSON.stringify(params).length;
    if (paramsChars > MAX_PARAMS_CHARS)
      throw new ControlError(
        413,
        `params: at most ${MAX_PARAMS_CHARS} characters of JSON (a state's params name what it is about, such as IDs); got ${paramsChars}`,
      );
    // The world takes the seed's rows as its records: each setup starts from a copy of its own.
    yield* this.#parts.resetWorldSteps(yield* cloneJsonSteps(this.seedOf(state)));
    const activation: Activation = {
      state: params && Object.keys(params).length > 0 ? { name: state, params } : { name: state },
      after: this.#parts.newestRequestId(),
    };
    // A setup with no request since the one before replaces it: no entry was answered in that one.
    const last = this.#timeline.at(-1);
    if (last && last.after === activation.after) this.#timeline.pop();
    this.#timeline.push(activation);
    if (this.#timeline.length > this.#parts.journalLimit + 1) this.#timeline.shift();
  }

  teardown(state: string): void {
    this.seedOf(state);
  }

  remove(state: string): void {
    this.seedOf(state);
    this.#seeds.delete(state);
  }

  /** The seed of a registered state; a `ControlError` (400) naming an unknown one. */
  seedOf(state: string): SeedDocument {
    const seed = this.#seeds.get(state);
    if (seed === undefined) {
      // Named twenty at a time: 5,000 registered states made a 794 kB refusal.
      const names = [...this.#seeds.keys()];
      const more =
        names.length > NAMED_STATES
          ? ` and ${names.length - NAMED_STATES} more (GET /__mock/pact/states)`
          : '';
      const known = `${names
        .slice(0, NAMED_STATES)
        .map((name) => JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name))
        .join(', ')}${more}`;
      throw new ControlError(
        400,
        `Unknown provider state ${JSON.stringify(state)}; ${
          known ? `registered states: ${known}` : 'no state is registered'
        } (POST /__mock/pact/states/<state> or --pact-states <file>)`,
      );
    }
    return seed;
  }

  list(): string[] {
    return [...this.#seeds.keys()];
  }

  active(): ProviderState | undefined {
    return this.#timeline.at(-1)?.state;
  }

  /** Forgets the active state: the world was reset to something else (the journal with it). */
  forget(): void {
    this.#timeline = [];
  }

  /**
   * The state each entry was answered in (journal entries, oldest first). An entry belongs to the
   * last setup made after the entry before it; a setup whose marker entry has left the journal
   * (dropped, or the journal emptied) came before every entry still there.
   */
  statesOf(entries: readonly RequestLogEntry[]): (ProviderState | undefined)[] {
    const position = new Map(entries.map((entry, index) => [entry.id, index]));
    const starts = this.#timeline.map(({ state, after }) => ({
      state,
      from: after === undefined ? 0 : (position.get(after) ?? -1) + 1,
    }));
    return entries.map((_, index) => {
      let state: ProviderState | undefined;
      for (const start of starts) if (start.from <= index) state = start.state;
      return state;
    });
  }
}

/** Checks that a seed document is accepted as a whole world on its own; throws `SeedError`. */
export function checkStateSeed(seed: SeedDocument): void {
  runToEnd(checkStateSeedSteps(seed));
}

/** {@link checkStateSeed} as steps. */
export function* checkStateSeedSteps(seed: SeedDocument): Steps<void> {
  yield* new World().seedSteps(seed, { next: createIdGenerator(() => 0) }, new Date(0));
}
