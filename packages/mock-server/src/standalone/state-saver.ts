import { worldGateOf, worldOf } from '../core/world-access.js';
import type { WorldGate } from '../core/world-gate.js';
import type { MockService } from '../mock-service.js';
import type { SavedState } from './state-file.js';
import { writeStateFile } from './state-file.js';
import type { WorldSource } from './state-text.js';
import { snapshotOf } from './world-snapshot.js';

/** What a save writes: the world and the clock, taken at one instant. */
function stateOf(mock: MockService): { source: WorldSource; clock: NonNullable<SavedState['clock']> } {
  const world = worldOf(mock);
  if (!world) throw new Error('Only a mock made by createMockService can be saved');
  return {
    source: snapshotOf(world),
    clock: { now: mock.clock.now().toISOString(), fixed: mock.clock.isFixed(), mode: mock.clock.mode() },
  };
}

/**
 * Keeps a `--state` file up to date while the server runs: a change is saved in the background
 * within `intervalMs`, so a crash or `kill -9` loses at most that much; `saveNow` saves at once
 * (on demand, and at exit). Saves run one at a time, each from a snapshot taken as it starts.
 *
 * @example
 * ```ts
 * const saver = new StateSaver('state.json', () => mock, 5_000);
 * saver.changed(); // after a request that may have changed the world
 * await saver.saveNow();
 * ```
 */
export class StateSaver {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #deliveries = 0;

  constructor(
    readonly path: string,
    readonly mock: () => MockService | undefined,
    readonly intervalMs: number,
    readonly onError: (error: unknown) => void,
  ) {}

  /** Notes that the world may have changed: it is saved within the interval. */
  changed(): void {
    this.#watchGate();
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.saveNow().catch(this.onError);
    }, this.intervalMs).unref();
  }

  /**
   * Checks for changes no request announces (webhook deliveries finish after their request):
   * called on a timer, it notes a change when there are new ones.
   */
  poll(): void {
    const count = this.mock() && worldOf(this.mock()!)?.webhookDeliveries.length;
    if (count !== undefined && count !== this.#deliveries) {
      this.#deliveries = count;
      this.changed();
    }
  }

  // A long run (a clock move, a campaign run, a large seed) holds the world, and a save waits for
  // it to be whole again: changes made before it are saved as they stand when it starts, so that
  // a kill during the run loses none of them (a write acknowledged before a 30-day clock move was
  // lost to a kill during it).
  #watchGate(): void {
    const mock = this.mock();
    const gate = mock && worldGateOf(mock);
    if (!gate || gate === this.#watchedGate) return;
    this.#stopWatching?.();
    this.#watchedGate = gate;
    this.#stopWatching = gate.onBeforeClose(() => {
      if (this.#timer !== undefined) this.saveNow().catch(this.onError);
    });
  }
  #watchedGate: WorldGate | undefined;
  #stopWatching: (() => void) | undefined;

  /** Saves now; resolves once the file holds every change made before the call. */
  saveNow(): Promise<void> {
    if (this.#running) {
      // The running save's snapshot may predate the call: one more follows it.
      this.#again = true;
      return this.#running.then(() => this.#running ?? this.saveNow());
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const mock = this.mock();
    if (!mock) return Promise.resolve();
    // A seed or reset running in slices has the world half made: it is saved once whole.
    const closed = worldGateOf(mock)?.closed;
    if (closed) return closed.then(() => this.saveNow());
    let state: ReturnType<typeof stateOf>;
    try {
      state = stateOf(mock);
    } catch (error) {
      return Promise.reject(error);
    }
    this.#running = writeStateFile(this.path, state.source, state.clock).finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.saveNow().catch(this.onError);
      }
    });
    return this.#running;
  }
}
