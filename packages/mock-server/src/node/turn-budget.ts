/**
 * How much request work one turn of the event loop starts. Node reads every request that arrived
 * together (hundreds of connections at once) in one turn, and a request's work runs as it is
 * read, so a health probe that arrived just after waited for all of them: 200 searches of 2 MB
 * answers held it 2.4 s. Past `ms` of work in a turn, requests wait for a later turn, in the
 * order they came, and sockets are read between, so a request that skips the queue (health) is
 * answered within about `ms` of work.
 *
 * @example
 * ```ts
 * const budget = new TurnBudget(20);
 * const turn = budget.turn();
 * if (turn !== true) await turn;
 * answer(request);
 * ```
 */
export class TurnBudget {
  #started = -1;
  #resetQueued = false;
  #waiting = 0;

  constructor(readonly ms: number) {}

  /** `true` when work may start now; otherwise a promise that settles when its turn comes. */
  turn(): true | Promise<void> {
    if (this.#waiting === 0 && !this.#spent()) return true;
    this.#waiting += 1;
    return new Promise((resolve) => setImmediate(this.#retry, resolve));
  }

  // Whether this turn's work is past the budget; the first look in a turn starts its clock.
  #spent(): boolean {
    const now = performance.now();
    if (this.#started < 0) this.#started = now;
    if (!this.#resetQueued) {
      this.#resetQueued = true;
      setImmediate(this.#reset);
    }
    return now - this.#started > this.ms;
  }

  readonly #reset = () => {
    this.#started = -1;
    this.#resetQueued = false;
  };

  // An immediate queued from an immediate runs in the next turn, after sockets are read.
  readonly #retry = (resolve: () => void) => {
    if (this.#spent()) setImmediate(this.#retry, resolve);
    else {
      this.#waiting -= 1;
      resolve();
    }
  };
}
