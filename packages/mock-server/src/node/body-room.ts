import type { ServerResponse } from 'node:http';
import { ControlError } from '../core/control-error.js';
import { whenGone } from './unsent-answers.js';

/**
 * The bytes of request bodies a server holds at once, across every connection: a body is counted
 * from its first byte until its answer is sent. Each body is bounded by `maxBodyBytes`, but not
 * their number: a hundred clients each uploading 20 MiB at once held 2.1 GB before any was
 * refused, and health waited seconds. Past `limitBytes`, the body whose bytes do not fit is
 * refused 503 with `retry-after` (its connection closed), and the others read on: refusing rather
 * than pausing it, so that bodies each half read can never wait for one another's room.
 *
 * @example
 * ```ts
 * const bodies = new BodyRoom(256 * 2 ** 20);
 * const take = bodies.taker(res);
 * if (!take(chunk.length)) throw bodies.busy();
 * ```
 */
export class BodyRoom {
  #bytes = 0;

  constructor(readonly limitBytes: number) {}

  /**
   * Counts bytes of the body answered by `res`, until `res` or its connection closes; `false` when
   * they do not fit.
   */
  taker(res: ServerResponse): (bytes: number) => boolean {
    // Its answer sent already, whatever reads the body now does not hold it for the answer, and
    // the 'close' that would give its bytes back came before anyone listened.
    if (res.writableFinished || res.destroyed) return () => true;
    let held = 0;
    // Its connection's close too: a pipelined answer waiting its turn never closes itself.
    whenGone(res, () => {
      this.#bytes -= held;
      held = 0;
    });
    return (bytes) => {
      if (this.#bytes + bytes > this.limitBytes) return false;
      this.#bytes += bytes;
      held += bytes;
      return true;
    };
  }

  /** The refusal of a body that did not fit: a 503 the client may retry in a second. */
  busy(): ControlError {
    return new ControlError(
      503,
      `The mock is busy: it holds ${Math.round(this.limitBytes / 2 ** 20)} MiB of request bodies being read; try again shortly`,
      { 'retry-after': '1' },
    );
  }
}
