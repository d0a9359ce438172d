import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedList } from './sorted-list.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const id = (n: number) => String(n).padStart(5, '0');

describe('SortedList', () => {
  it('behaves like a sorted set under any mix of adds, bulk adds and deletes, across chunk splits', () => {
    // Runs of single adds or deletes, and bulk adds of a few values (one by one inside) or of
    // many (sorted and merged), large enough to split chunks of 2,048.
    const numbers = fc.array(fc.integer({ min: 0, max: 6000 }), { maxLength: 3000, size: 'max' });
    const operation = fc.record({ kind: fc.constantFrom('add', 'delete', 'addMany'), ns: numbers });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 8, size: 'max' }), (operations) => {
        const list = new SortedList(byText);
        const reference = new Set<string>();
        for (const { kind, ns } of operations) {
          if (kind === 'addMany') {
            list.addMany(ns.map(id));
            for (const n of ns) reference.add(id(n));
          }
          for (const n of kind === 'addMany' ? [] : ns) {
            if (kind === 'add') {
              expect(list.add(id(n))).toBe(!reference.has(id(n)));
              reference.add(id(n));
            } else {
              expect(list.delete(id(n))).toBe(reference.has(id(n)));
              reference.delete(id(n));
            }
          }
        }
        const sorted = [...reference].sort();
        expect([...list.values()]).toEqual(sorted);
        expect(list.size).toBe(sorted.length);
        expect(list.slice(10, 4000)).toEqual(sorted.slice(10, 4000));
        expect(list.lowerBound((value) => (value < '03000' ? -1 : 1))).toBe(
          sorted.filter((value) => value < '03000').length,
        );
        for (const probe of ['00000', '03000', '05999']) expect(list.has(probe)).toBe(reference.has(probe));
      }),
      { numRuns: 40 },
    );
  });

  it('appends a sorted batch that starts after its last value, and merges one that does not', () => {
    const list = new SortedList(byText);
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => id(from + i));
    list.addMany(range(0, 3000));
    list.addMany(range(3000, 6000));
    list.addMany(range(2900, 3100));
    list.add(id(99_999));
    list.addMany(range(6000, 9000));
    expect([...list.values()]).toEqual([...range(0, 9000), id(99_999)].sort());
    expect(list.size).toBe(9001);
    expect(list.has(id(8999))).toBe(true);
  });

  it('orders records by a derived key and finds them again by an equal record', () => {
    type Row = { id: string; at: number };
    const list = new SortedList<Row>((a, b) => a.at - b.at || byText(a.id, b.id));
    list.addMany(Array.from({ length: 5000 }, (_, i) => ({ id: id(i), at: i % 7 })));
    expect(list.slice(0, 3).map((r) => r.id)).toEqual(['00000', '00007', '00014']);
    expect(list.delete({ id: '00007', at: 0 })).toBe(true);
    expect(list.delete({ id: '00008', at: 0 })).toBe(false);
    expect(list.size).toBe(4999);
  });

  it('gives back, and replaces in place, the record held for an equal probe', () => {
    type Row = { id: string; version: number };
    const list = new SortedList<Row>((a, b) => byText(a.id, b.id));
    list.addMany(Array.from({ length: 5000 }, (_, i) => ({ id: id(i), version: 1 })));
    expect(list.get({ id: id(4321), version: 0 })).toEqual({ id: id(4321), version: 1 });
    expect(list.get({ id: id(5000), version: 0 })).toBeUndefined();
    expect(list.replace({ id: id(4321), version: 2 })).toBe(true);
    expect(list.replace({ id: id(5000), version: 2 })).toBe(false);
    expect(list.get({ id: id(4321), version: 0 })?.version).toBe(2);
    expect(list.size).toBe(5000);
    expect(list.last()).toEqual({ id: id(4999), version: 1 });
    expect(new SortedList<Row>((a, b) => byText(a.id, b.id)).last()).toBeUndefined();
  });

  it('visits at most as many values as it is given, telling whether it stopped there with values left', () => {
    const list = new SortedList(byText);
    list.addMany(Array.from({ length: 5000 }, (_, i) => id(i)));
    const seen: string[] = [];
    expect(list.eachUpTo(3000, (value) => seen.push(value) > 0)).toBe(false);
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, i) => id(i)));
    expect(list.eachUpTo(5000, () => true)).toBe(true);
    expect(list.eachUpTo(10, (value) => value < id(4))).toBe(true);
    expect(list.eachUpTo(0, () => true)).toBe(false);
    expect(new SortedList(byText).eachUpTo(0, () => true)).toBe(true);
  });

  it('maps its values in order into chunks of at most 2,048 that later adds, deletes and replaces leave as they were', () => {
    type Row = { id: string; version: number };
    const byId = (a: Row, b: Row) => byText(a.id, b.id);
    const numbers = fc.array(fc.integer({ min: 0, max: 6000 }), { maxLength: 3000, size: 'max' });
    const operation = fc.record({
      kind: fc.constantFrom('add', 'delete', 'addMany', 'replace', 'mapChunks'),
      ns: numbers,
    });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 8, size: 'max' }), (operations) => {
        const list = new SortedList<Row>(byId);
        const copies: { chunks: readonly (readonly string[])[]; expected: string[] }[] = [];
        for (const { kind, ns } of operations) {
          const rows = ns.map((n) => ({ id: id(n), version: n % 3 }));
          if (kind === 'mapChunks')
            copies.push({
              chunks: list.mapChunks((row) => `${row.id}:${row.version}`),
              expected: [...list.values()].map((row) => `${row.id}:${row.version}`),
            });
          else if (kind === 'addMany') list.addMany(rows);
          else for (const row of rows) list[kind](row);
        }
        for (const { chunks, expected } of copies) {
          expect(chunks.flat()).toEqual(expected);
          for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(2048);
        }
      }),
      { numRuns: 60 },
    );
  });
});
