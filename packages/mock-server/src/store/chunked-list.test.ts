import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkedList } from './chunked-list.js';

describe('ChunkedList', () => {
  it('holds what an array holds, in the same order, across chunk boundaries', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (count) => {
        const list = new ChunkedList<number>();
        const array: number[] = [];
        for (let i = 0; i < count; i++) {
          list.push(i * 3);
          array.push(i * 3);
        }
        expect(list.length).toBe(array.length);
        expect([...list]).toEqual(array);
        expect(list.filter((n) => n % 2 === 0)).toEqual(array.filter((n) => n % 2 === 0));
      }),
      { numRuns: 25 },
    );
  });

  it('gives its first items as they stood, leaving out what is pushed after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 20_000 }), (count, more) => {
        const list = new ChunkedList<number>();
        for (let i = 0; i < count; i++) list.push(i);
        const view = list.prefix(list.length);
        for (let i = 0; i < more; i++) list.push(count + i);
        expect([...view]).toEqual(Array.from({ length: count }, (_, i) => i));
      }),
      { numRuns: 25 },
    );
  });
});
