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

/**
 * Counts the work a step-by-step loop does and answers, as each piece is added, whether a step's
 * worth has been done since the last pause (the count then starts again): the loop yields there.
 *
 * @example
 * ```ts
 * const paused = pauseEvery(RECORDS_PER_STEP);
 * for (const contact of contacts) {
 *   if (paused(contactWork(contact.tag_ids))) yield;
 *   save(contact);
 * }
 * ```
 */
export function pauseEvery(perStep: number): (work: number) => boolean {
  let done = 0;
  return (work) => {
    done += work;
    if (done < perStep) return false;
    done = 0;
    return true;
  };
}

/** A request over more records than this runs a slice at a time, other requests waiting. */
export const RECORDS_AT_ONCE = 2_000;

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

// How long a slice may run before other work gets its turn. Node accepts one new connection a
// turn of its event loop while it is busy: with 10 ms slices a long clock move let in about 90 a
// second, and health probes on a new connection every 10 ms queued for seconds. 4 ms slices let
// in about 210 a second, at no measurable cost to the move.
const SLICE_MS = 4;

const nextTurn: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs the work a slice of about 4 ms at a time, giving the event loop a turn before the first
 * slice (what led up to the work had the thread long enough) and between slices.
 *
 * @example
 * ```ts
 * const value = await runInSlices(parseJsonSteps(text));
 * ```
 */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  for (;;) {
    await sliceTurn();
    const started = performance.now();
    const until = started + sliceMs;
    try {
      do {
        const step = steps.next();
        if (step.done) return step.value;
      } while (performance.now() < until);
    } finally {
      spentInTurn(performance.now() - started);
    }
  }
}

// Sliced work of every kind (eight large journal pages, four exports, a seed) shares one budget a
// turn of the event loop: each taking its own 10 ms slice a turn, eight held a health probe 780 ms.
// 10 ms, not 20: see TURN_BUDGET_MS in node/node-server.ts (work in turns of 20 ms and more let
// in fewer new connections a second than health probes arrived).
const TURN_MS = 10;
let turnSpent = 0;
let resetQueued = false;
const resetTurn = () => {
  turnSpent = 0;
  resetQueued = false;
};
const queueReset: (reset: () => void) => void =
  typeof setImmediate === 'function' ? (reset) => setImmediate(reset) : (reset) => setTimeout(reset, 0);

/**
 * Waits for a turn of the event loop in which sliced work has not yet had its 10 ms, so that
 * however many sliced tasks run at once, other requests (a health check) get the thread between.
 *
 * @example
 * ```ts
 * await sliceTurn();
 * const started = performance.now();
 * doSomeWork();
 * spentInTurn(performance.now() - started);
 * ```
 */
export async function sliceTurn(): Promise<void> {
  await nextTurn();
  while (turnSpent >= TURN_MS) await nextTurn();
}

/** Counts `ms` of sliced work against this turn's budget (see {@link sliceTurn}). */
export function spentInTurn(ms: number): void {
  turnSpent += ms;
  if (!resetQueued) {
    resetQueued = true;
    queueReset(resetTurn);
  }
}
