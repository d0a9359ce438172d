import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isHeapFull, readHeap, watchHeap } from './heap-room.js';

const MB = 1e6;

describe('isHeapFull', () => {
  it('weighs the least the heap held lately, not the garbage made since', () => {
    const limit = 1000 * MB;
    // 300 MB of records and 400 MB of garbage in a 1 GB heap: room.
    expect(isHeapFull({ used: 700 * MB, lowestRecently: 300 * MB, external: 0, limit })).toBe(false);
    // The least held, with the texts held outside the heap, past 60%: full.
    expect(isHeapFull({ used: 650 * MB, lowestRecently: 550 * MB, external: 100 * MB, limit })).toBe(true);
    // Past 85% in use now, garbage or not: full.
    expect(isHeapFull({ used: 860 * MB, lowestRecently: 100 * MB, external: 0, limit })).toBe(true);
  });
});

describe('readHeap', () => {
  it('keeps the least the heap held over the last seconds, below what is in use after garbage is made', () => {
    watchHeap();
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const collected = readHeap();
    let garbage: unknown[] | undefined = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `x${i}` }));
    const after = readHeap();
    expect(after.used).toBeGreaterThan(collected.used + 10 * MB);
    expect(after.lowestRecently).toBeLessThanOrEqual(collected.used);
    garbage = undefined;
    expect(garbage).toBeUndefined();
  });
});
