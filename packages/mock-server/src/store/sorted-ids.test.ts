import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedIds } from './sorted-ids.js';

describe('SortedIds', () => {
  it('behaves like a sorted set under any mix of adds and deletes, across chunk splits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 6000 })), { maxLength: 9000 }),
        (operations) => {
          const ids = new SortedIds();
          const reference = new Set<string>();
          for (const [add, n] of operations) {
            const id = String(n).padStart(5, '0');
            expect(add ? ids.add(id) : ids.delete(id)).toBe(add ? !reference.has(id) : reference.has(id));
            if (add) reference.add(id);
            else reference.delete(id);
          }
          const sorted = [...reference].sort();
          expect([...ids.values()]).toEqual(sorted);
          expect(ids.size).toBe(sorted.length);
          expect(ids.slice(10, 4000)).toEqual(sorted.slice(10, 4000));
          expect(ids.lowerBound((id) => (id < '03000' ? -1 : 1))).toBe(
            sorted.filter((id) => id < '03000').length,
          );
          for (const probe of ['00000', '03000', '05999']) expect(ids.has(probe)).toBe(reference.has(probe));
        },
      ),
      { numRuns: 40 },
    );
  });
});
