/**
 * Work written as a generator that yields now and then, so that it can run all at once (the
 * in-process API, which answers synchronously) or a slice at a time, letting other requests be
 * answered in between (the servers, for a large body).
 */
export type Steps<T> = Generator<void, T, void>;

/** Whether a value is work as steps (a generator), as an event or listener may answer. */
export function isSteps(value: unknown): value is Steps<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Steps<unknown>).next === 'function' &&
    Symbol.iterator in value
  );
}

/** Runs the work to its end at once. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Steps that are done at once, with `value`. */
// biome-ignore lint/correctness/useYield: a generator that answers without a step
export function* noSteps<T>(value: T): Steps<T> {
  return value;
}

// How long a slice may run before other work gets its turn: well under the 100 ms a health probe
// may wait, with room for a request answered in between.
const SLICE_MS = 10;

const nextTurn: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs the work a slice of about 10 ms at a time, giving the event loop a turn before the first
 * slice (what led up to the work had the thread long enough) and between slices.
 *
 * @example
 * ```ts
 * const value = await runInSlices(parseJsonSteps(text));
 * ```
 */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  for (;;) {
    await nextTurn();
    const until = performance.now() + sliceMs;
    do {
      const step = steps.next();
      if (step.done) return step.value;
    } while (performance.now() < until);
  }
}
