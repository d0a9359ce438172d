import { ControlError } from './control-error.js';

/**
 * Runs work one after another rather than side by side: large exports (the journal as HAR or
 * Pact, the state, the outbox), each made whole before it is written (sixteen made at once from a
 * full journal held gigabytes and ran the server out of memory), and requests that add records.
 * Past `maxWaiting` waiting, work is refused 503 with a `retry-after`.
 *
 * @example
 * ```ts
 * const exports = new OneAtATime(8, 'exports');
 * const pieces = await exports.run(() => harJsonPieces(journal.listInTurns(), baseUrl));
 * ```
 */
export class OneAtATime {
  #tail: Promise<unknown> = Promise.resolve();
  #waiting = 0;

  /**
   * @param maxWaiting - How many may wait their turn; past it, 503. Each holds a request and a
   *   connection.
   * @param what - What waits, for the 503's message ("exports").
   */
  constructor(
    readonly maxWaiting = 8,
    readonly what = 'exports',
  ) {}

  /**
   * Runs `work` once every earlier one's turn has ended: when its work settled, or, given `until`,
   * when what `until` answers for its result settles (an export: once it has been sent).
   */
  run<T>(work: () => T | Promise<T>, until?: (result: T) => Promise<void>): Promise<T> {
    if (this.#waiting >= this.maxWaiting)
      return Promise.reject(
        new ControlError(
          503,
          `The mock is busy: ${this.maxWaiting} ${this.what} are waiting their turn; try again shortly`,
          { 'retry-after': '1' },
        ),
      );
    this.#waiting += 1;
    const result = this.#tail.then(() => {
      this.#waiting -= 1;
      return work();
    });
    this.#tail = (until ? result.then(until) : result).catch(() => undefined);
    return result;
  }
}

/** The queues a mock shares with the worlds a router makes beside it. */
export interface SharedQueues {
  /** Exports, one at a time: exports of five large worlds made side by side held health 400 ms. */
  exports: OneAtATime;
  /**
   * Journal pages of more than 100 entries, one at a time: 200 pages of 1,000 entries asked for
   * at once held 2.2 GB.
   */
  pages: OneAtATime;
  /**
   * Requests that add records (a world, a seed, a campaign run, a clock move), one at a time: sent
   * together, each found room before any had taken it, and they ran the heap out.
   */
  growth: OneAtATime;
}

/** New queues for a mock that shares none: 8 exports, 64 large journal pages and 64 growing requests may wait. */
export const newSharedQueues = (): SharedQueues => ({
  exports: new OneAtATime(8, 'exports'),
  pages: new OneAtATime(64, 'large journal pages'),
  growth: new OneAtATime(64, 'requests that add records'),
});

/** Where a mock keeps its {@link SharedQueues}, so that the worlds a router makes share them. */
export const SHARED_QUEUES = Symbol('sharedQueues');

/** A mock, or the options of one, that may carry shared queues. */
export type WithSharedQueues = { [SHARED_QUEUES]?: SharedQueues };
