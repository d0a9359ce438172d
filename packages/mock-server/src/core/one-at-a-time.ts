import { ControlError } from './control-error.js';

// Exports waiting their turn past this many are refused: each holds a request and a connection.
const MAX_WAITING = 8;

/**
 * Runs large exports (the journal as HAR or Pact, the state, the outbox) one after another rather
 * than side by side: each is made whole before it is written, and sixteen made at once from a full
 * journal held gigabytes and ran the server out of memory. Past a few waiting, an export is
 * refused 503 with a `retry-after`.
 *
 * @example
 * ```ts
 * const exports = new OneAtATime();
 * const pieces = await exports.run(() => harJsonPieces(journal.listInTurns(), baseUrl));
 * ```
 */
export class OneAtATime {
  #tail: Promise<unknown> = Promise.resolve();
  #waiting = 0;

  /**
   * Runs `work` once every earlier one's turn has ended: when its work settled, or, given `until`,
   * when what `until` answers for its result settles (an export: once it has been sent).
   */
  run<T>(work: () => T | Promise<T>, until?: (result: T) => Promise<void>): Promise<T> {
    if (this.#waiting >= MAX_WAITING)
      return Promise.reject(
        new ControlError(
          503,
          `The mock is busy: ${MAX_WAITING} exports are waiting their turn; try again shortly`,
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

/**
 * Where a mock keeps its queue of exports, so that the worlds a router makes beside it share it:
 * exports of five large worlds made side by side held a health check 400 ms.
 */
export const EXPORT_QUEUE = Symbol('exportQueue');

/** A mock, or the options of one, that may carry a shared export queue. */
export type WithExportQueue = { [EXPORT_QUEUE]?: OneAtATime };
