import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Past this share of the heap's limit no more records are taken: a seed or a world of a few
// hundred thousand contacts needs the rest to be parsed and stored, and the limit V8 reports
// counts the young generation too (176 MiB for --max-old-space-size=128).
const FULL_SHARE = 0.6;
// Past this share nothing is taken, whatever the heap was a moment ago: it is that near its limit,
// garbage or not.
const BRIM_SHARE = 0.85;
const MIB = 2 ** 20;

/** The heap as {@link heapFull} weighs it, in bytes. */
export interface HeapReading {
  /** The heap in use now: records, and the garbage made since the last collection. */
  used: number;
  /**
   * The least heap in use over the last 10 seconds: what the records hold, and little garbage,
   * since a busy server's heap is collected several times in that span.
   */
  lowestRecently: number;
  /** Memory held outside the heap (the request journals' texts). */
  external: number;
  /** The heap's limit. */
  limit: number;
}

/**
 * Whether a heap has no room for more records: the least it held lately, with what is held
 * outside it, past 60% of its limit, or the heap in use now past 85% of it. The heap in use between
 * two collections is mostly garbage on a busy server: one holding 300 MB of records in a 1 GB
 * heap, weighed by the heap in use, refused half its writes.
 *
 * @example
 * ```ts
 * isHeapFull({ used: 700e6, lowestRecently: 300e6, external: 0, limit: 1e9 }); // false
 * ```
 */
export function isHeapFull(reading: HeapReading): boolean {
  return heldPastRoom(reading) !== undefined;
}

// The bytes that leave no room (the least held lately, or all in use now near the brim), if any.
function heldPastRoom({ used, lowestRecently, external, limit }: HeapReading): number | undefined {
  if (used + external > limit * BRIM_SHARE) return used + external;
  if (lowestRecently + external > limit * FULL_SHARE) return lowestRecently + external;
  return undefined;
}

/**
 * Why the server takes no more records, or `undefined` while there is room ({@link isHeapFull}):
 * the standalone server's `memoryFull`. The 43rd world of 400,000 contacts ran it out of memory,
 * where `--max-worlds` bounds how many worlds there are, not how large.
 *
 * @example
 * ```ts
 * createMockService({ memoryFull: heapFull });
 * ```
 */
export function heapFull(): string | undefined {
  watchHeap();
  // Asked before every write: the heap is read at most every 100 ms.
  const now = performance.now();
  if (now - lastLook < LOOK_EVERY_MS) return lastAnswer;
  lastLook = now;
  let reading = readHeap();
  // What seems full may be garbage V8 has not collected on a quiet server (a reset or a deleted
  // world left it there for minutes): collected once to be sure, then again only after a wait that
  // doubles while the heap stays full, since a full collection of a large heap holds every request.
  // The heap in use past 60% while the least it held lately says there is room may be records
  // added since (worlds made a few seconds apart passed 85%): looked at the same way, at most every
  // 10 seconds.
  const seemsFull = heldPastRoom(reading) !== undefined;
  const inUse = reading.used + reading.external > reading.limit * FULL_SHARE;
  if ((seemsFull && now >= nextCollection) || (inUse && now >= nextCheck)) {
    collectGarbage();
    reading = readHeap();
    const full = heldPastRoom(reading) !== undefined;
    collectionWait = full ? Math.min(collectionWait * 2, LONGEST_WAIT_MS) : FIRST_WAIT_MS;
    nextCollection = now + collectionWait;
    nextCheck = now + CHECK_WAIT_MS;
  }
  const held = heldPastRoom(reading);
  lastAnswer =
    held === undefined
      ? undefined
      : `The mock's memory is nearly full (${Math.round(held / MIB)} of ${Math.round(reading.limit / MIB)} MiB of heap, with what it keeps outside it): delete a world (DELETE /__mock/worlds/<name>) or reset, or start it with more (NODE_OPTIONS=--max-old-space-size=<MiB>)`;
  return lastAnswer;
}

const LOOK_EVERY_MS = 100;
let lastLook = Number.NEGATIVE_INFINITY;
let lastAnswer: string | undefined;
const FIRST_WAIT_MS = 10_000;
const LONGEST_WAIT_MS = 5 * 60_000;
let collectionWait = FIRST_WAIT_MS;
let nextCollection = Number.NEGATIVE_INFINITY;
const CHECK_WAIT_MS = 10_000;
let nextCheck = Number.NEGATIVE_INFINITY;

// A full collection now: V8's own `gc`, which the process was not started with.
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  // What the heap held before is garbage gone: the samples start again from now.
  rising.length = 0;
}

/**
 * Starts sampling the heap every 100 ms, for {@link readHeap}'s least over the last 10 seconds:
 * at the start of the process, so that the heap a seed leaves is seen. Later calls do nothing.
 *
 * @example
 * ```ts
 * watchHeap(); // before the --seed or --state file is read
 * ```
 */
export function watchHeap(): void {
  if (watching) return;
  watching = true;
  setInterval(() => sample(performance.now()), LOOK_EVERY_MS).unref();
}

const WINDOW_MS = 10_000;
let watching = false;
// Samples in the window, each less than every later one: the first is the least.
const rising: { at: number; used: number }[] = [];

function sample(now: number): number {
  const used = getHeapStatistics().used_heap_size;
  while (rising.length > 0 && rising.at(-1)!.used >= used) rising.pop();
  rising.push({ at: now, used });
  while (rising[0]!.at < now - WINDOW_MS) rising.shift();
  return used;
}

/**
 * The heap now, with the least it held over the last 10 seconds (sampled every 100 ms once
 * {@link watchHeap} has run).
 *
 * @example
 * ```ts
 * const { used, lowestRecently } = readHeap();
 * ```
 */
export function readHeap(): HeapReading {
  const used = sample(performance.now());
  const { external_memory: external, heap_size_limit: limit } = getHeapStatistics();
  return { used, lowestRecently: rising[0]!.used, external, limit };
}
