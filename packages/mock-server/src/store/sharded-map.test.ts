import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShardedMap } from './sharded-map.js';

describe('ShardedMap', () => {
  it('holds what a Map holds under any mix of sets, deletes and clears', () => {
    const key = fc.oneof(fc.string({ maxLength: 4 }), fc.stringMatching(/^snd_[0-9a-f]{24}$/));
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }),
      fc.record({ kind: fc.constant('delete' as const), key }),
      fc.record({ kind: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const sharded = new ShardedMap<number>();
        const plain = new Map<string, number>();
        for (const op of operations) {
          if (op.kind === 'set') {
            expect(sharded.set(op.key, op.value)).toBe(sharded);
            plain.set(op.key, op.value);
          } else if (op.kind === 'delete') expect(sharded.delete(op.key)).toBe(plain.delete(op.key));
          else {
            sharded.clear();
            plain.clear();
          }
          expect(sharded.size).toBe(plain.size);
        }
        const sortedEntries = (entries: Iterable<[string, number]>) =>
          [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        expect(sortedEntries(sharded)).toEqual(sortedEntries(plain));
        for (const [k, v] of plain) {
          expect(sharded.get(k)).toBe(v);
          expect(sharded.has(k)).toBe(true);
        }
        expect([...sharded.keys()].sort()).toEqual([...plain.keys()].sort());
        expect([...sharded.values()].length).toBe(plain.size);
      }),
    );
  });

  it('keeps the order entries were set in among keys that share a part', () => {
    const sharded = new ShardedMap<number>();
    // The same last six characters put keys in one part.
    for (const [i, prefix] of ['c', 'a', 'b'].entries()) sharded.set(`${prefix}-uvwxyz`, i);
    expect([...sharded.keys()]).toEqual(['c-uvwxyz', 'a-uvwxyz', 'b-uvwxyz']);
  });

  it('spreads cells over its parts as evenly as IDs', () => {
    const sharded = new ShardedMap<number>();
    for (let i = 0; i < 64_000; i++) sharded.set(`2782${String(i).padStart(7, '0')}`, i);
    let parts = 1;
    let run = 0;
    let longest = 0;
    let previous = -1;
    for (const value of sharded.values()) {
      if (value < previous) {
        parts += 1;
        run = 0;
      }
      run += 1;
      longest = Math.max(longest, run);
      previous = value;
    }
    expect(parts).toBeGreaterThanOrEqual(200);
    expect(longest).toBeLessThanOrEqual((64_000 / 256) * 1.5);
  });

  it('spreads the mock’s counter IDs over its parts, so no part holds much more than its share', () => {
    const sharded = new ShardedMap<number>();
    for (let i = 0; i < 64_000; i++) sharded.set(`6744a2b0${i.toString(16).padStart(16, '0')}`, i);
    const perPart = new Map<string, number>();
    // Parts are iterated one after another: count the runs by where a key's neighbours are.
    let parts = 0;
    let previous = -1;
    for (const value of sharded.values()) {
      if (value < previous) parts += 1;
      previous = value;
      perPart.set(String(parts), (perPart.get(String(parts)) ?? 0) + 1);
    }
    expect(perPart.size).toBeGreaterThanOrEqual(200);
    expect(Math.max(...perPart.values())).toBeLessThanOrEqual((64_000 / 256) * 1.5);
  });

  it('gives its values as they stood: later keys left out, replaced values read as replaced', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 5_000 }), (count, more) => {
        const sharded = new ShardedMap<number>();
        const id = (i: number) => `6744a2b0${i.toString(16).padStart(16, '0')}`;
        for (let i = 0; i < count; i++) sharded.set(id(i), i);
        const view = sharded.valuesAsNow();
        for (let i = 0; i < more; i++) sharded.set(id(count + i), count + i);
        if (count > 0) sharded.set(id(0), -1);
        const seen = [...view].sort((a, b) => a - b);
        const expected = Array.from({ length: count }, (_, i) => (i === 0 ? -1 : i)).sort((a, b) => a - b);
        expect(seen).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});
