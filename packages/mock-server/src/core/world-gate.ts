import { runInSlices, type Steps } from './slices.js';

/**
 * Keeps the world still while a large seed or reset runs a slice at a time: the seed is checked
 * against the world in steps, and a change made between them (a contact created with a cell the
 * seed also holds) would be let in unchecked. Requests that could change the world wait while the
 * gate is closed; `GET /__mock/health` does not.
 *
 * @example
 * ```ts
 * const gate = new WorldGate();
 * await gate.run(() => world.seedSteps(document, ids, now));
 * ```
 */
export class WorldGate {
  #closed: Promise<void> | undefined;
  readonly #beforeClose = new Set<() => void>();

  /**
   * Calls `listener` just before each run closes the gate, with the world as it stood before the
   * run: a state saver saves the changes it holds then, rather than after a long run. Answers a
   * function that stops the calls.
   */
  onBeforeClose(listener: () => void): () => void {
    this.#beforeClose.add(listener);
    return () => this.#beforeClose.delete(listener);
  }

  /** What to wait for before changing the world, while the gate is closed. */
  get closed(): Promise<void> | undefined {
    return this.#closed;
  }

  /** Waits while the gate is closed (it may close again for the next waiting run). */
  async waitOpen(): Promise<void> {
    while (this.#closed) await this.#closed;
  }

  /**
   * Runs the steps `start` makes, a slice at a time, with the gate closed; one run at a time.
   * The steps are made once the gate is this run's, so that they start from the world as it is then.
   */
  async run<T>(start: () => Steps<T>): Promise<T> {
    // Checked and closed in one turn: two runs waiting on the same opening must not both go.
    while (this.#closed) await this.#closed;
    for (const listener of this.#beforeClose) listener();
    let open!: () => void;
    this.#closed = new Promise((resolve) => {
      open = resolve;
    });
    try {
      return await runInSlices(start());
    } finally {
      this.#closed = undefined;
      open();
    }
  }
}
