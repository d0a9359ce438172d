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
});
