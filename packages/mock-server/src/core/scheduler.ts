import { ClockError } from './clock.js';
import { isSteps, runToEnd, type Steps } from './slices.js';

/** What `GET /__mock/schedule` shows of one due event. */
export interface ScheduledEventView {
  kind: string;
  /** When it runs (ISO). */
  at: string;
  campaign_id?: string | undefined;
  send_id?: string | undefined;
  contact_id?: string | undefined;
  /** A webhook retry's delivery, hook and attempt number. */
  delivery_id?: string | undefined;
  hook_id?: string | undefined;
  attempt?: number | undefined;
}

/**
 * Something the service does by itself at a time: a scheduled send, a welcome, a daily send, a
 * webhook retry.
 */
export interface ScheduledEvent {
  /** When it runs, in milliseconds since the epoch. */
  at: number;
  /** What it is, for listing. */
  view: Omit<ScheduledEventView, 'at'>;
  /**
   * Does it, at `at` (the clock reads `at` while it runs). A large piece of work (a daily send to
   * many contacts) may answer steps instead, run to the end or a slice at a time.
   */
  run(at: Date): unknown;
}

interface Entry {
  event: ScheduledEvent;
  /** Insertion order: events at one time run in the order they were scheduled. */
  seq: number;
}

const before = (a: Entry, b: Entry) =>
  a.event.at < b.event.at || (a.event.at === b.event.at && a.seq < b.seq);

/**
 * A time-ordered queue of the events the mock runs when its clock passes them (a binary heap:
 * adding and taking the next are O(log n), and looking at whether anything is due is O(1), so a
 * request pays nothing while nothing is due).
 *
 * @example
 * ```ts
 * const scheduler = new Scheduler();
 * scheduler.add({ at: Date.parse('2026-01-02T00:00:00Z'), view: { kind: 'note' }, run: (at) => log(at) });
 * scheduler.runDue(Date.parse('2026-01-03T00:00:00Z'));
 * ```
 */
export class Scheduler {
  readonly #heap: Entry[] = [];
  #seq = 0;

  /** How many events wait. */
  get size(): number {
    return this.#heap.length;
  }

  /** Queues an event. */
  add(event: ScheduledEvent): void {
    const heap = this.#heap;
    heap.push({ event, seq: this.#seq++ });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  /** Drops every event. */
  clear(): void {
    this.#heap.length = 0;
  }

  /** Drops the events `test` picks; the others keep their times and order. */
  removeWhere(test: (event: ScheduledEvent) => boolean): void {
    const kept = this.#heap.filter((entry) => !test(entry.event));
    // A list sorted in run order is a heap.
    kept.sort((a, b) => (before(a, b) ? -1 : 1));
    this.#heap.splice(0, this.#heap.length, ...kept);
  }

  /** When the next event runs, or `undefined` when none waits. */
  nextAt(): number | undefined {
    return this.#heap[0]?.event.at;
  }

  /**
   * Runs, in time order, every event due at or before `until`, including those the events
   * themselves add; `stepTo` is called with each event's time before it runs. Answers how many ran.
   * Past `most` events it stops, before the next one, with a `ClockError` saying where.
   */
  runDue(until: number, stepTo?: (at: number) => void, most = Number.POSITIVE_INFINITY): number {
    return runToEnd(this.runDueSteps(until, stepTo, most));
  }

  /** {@link Scheduler.runDue} as steps: a turn between events, and inside a large one. */
  *runDueSteps(until: number, stepTo?: (at: number) => void, most = Number.POSITIVE_INFINITY): Steps<number> {
    let ran = 0;
    let lastAt: number | undefined;
    for (let next = this.#heap[0]; next && next.event.at <= until; next = this.#heap[0]) {
      if (ran >= most)
        throw new ClockError(
          `The clock stopped at ${new Date(lastAt ?? next.event.at).toISOString()}, where the last of ${most.toLocaleString('en')} scheduled events ran (the most one move runs); the next is due at ${new Date(next.event.at).toISOString()}: move it on again to go on`,
        );
      lastAt = next.event.at;
      this.#take();
      stepTo?.(next.event.at);
      const work = next.event.run(new Date(next.event.at));
      if (isSteps(work)) yield* work;
      ran += 1;
      yield;
    }
    return ran;
  }

  /** The next `limit` events, in the order they will run. */
  upcoming(limit: number): ScheduledEventView[] {
    return [...this.#heap]
      .sort((a, b) => (before(a, b) ? -1 : 1))
      .slice(0, limit)
      .map(({ event }) => ({ ...event.view, at: new Date(event.at).toISOString() }));
  }

  #take(): Entry | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || !last) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && before(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && before(heap[right]!, heap[least]!)) least = right;
      if (least === i) break;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
    return top;
  }
}
