import { getHeapStatistics } from 'node:v8';

// Past this share of the heap's limit no more records are taken: a seed or a world of a few
// hundred thousand contacts needs the rest to be parsed and stored, and the limit V8 reports
// counts the young generation too (176 MiB for --max-old-space-size=128).
const FULL_SHARE = 0.6;
const MIB = 2 ** 20;

/**
 * Why the server takes no more records, or `undefined` while its V8 heap and the memory it holds
 * outside it (the journals' texts) are under 60% of the heap's limit: the standalone server's
 * `memoryFull`. The 43rd world of 400,000 contacts ran it out of memory, where `--max-worlds`
 * bounds how many worlds there are, not how large.
 *
 * @example
 * ```ts
 * createMockService({ memoryFull: heapFull });
 * ```
 */
export function heapFull(): string | undefined {
  // Asked before every write: the heap is read at most every 100 ms.
  const now = performance.now();
  if (now - lastLook < LOOK_EVERY_MS) return lastAnswer;
  lastLook = now;
  lastAnswer = heapFullNow();
  return lastAnswer;
}

const LOOK_EVERY_MS = 100;
let lastLook = Number.NEGATIVE_INFINITY;
let lastAnswer: string | undefined;

function heapFullNow(): string | undefined {
  // Memory outside the heap counts too: the request journals keep their texts there (14 worlds
  // with full journals of 60 kB bodies held 1.8 GB under a 1 GB heap without a 507).
  const { used_heap_size: heap, external_memory: external, heap_size_limit: limit } = getHeapStatistics();
  const used = heap + external;
  if (used <= limit * FULL_SHARE) return undefined;
  return `The mock's memory is nearly full (${Math.round(used / MIB)} of ${Math.round(limit / MIB)} MiB of heap, with what it keeps outside it): delete a world (DELETE /__mock/worlds/<name>) or reset, or start it with more (NODE_OPTIONS=--max-old-space-size=<MiB>)`;
}
