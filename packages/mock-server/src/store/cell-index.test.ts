import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CellIndex, cellHash } from './cell-index.js';

interface Row {
  cell: string;
  version: number;
}

describe('CellIndex', () => {
  it('behaves like a Map by cell under any mix of sets, adds, deletes and reserves, across growth and wrap-around', () => {
    // Few distinct cells in a small table: long probe runs, deletions inside runs and runs that
    // wrap past the table's end all happen often.
    const cell = fc.integer({ min: 0, max: 300 }).map((n) => `2782${n}`);
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), cell, version: fc.nat() }),
      fc.record({ kind: fc.constant('addIfAbsent' as const), cell, version: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), cell }),
      fc.record({ kind: fc.constant('reserve' as const), count: fc.integer({ min: 0, max: 200 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 600 }), (operations) => {
        const index = new CellIndex<Row>();
        const reference = new Map<string, Row>();
        for (const op of operations) {
          if (op.kind === 'set') {
            const row = { cell: op.cell, version: op.version };
            index.set(row);
            reference.set(op.cell, row);
          } else if (op.kind === 'addIfAbsent') {
            const row = { cell: op.cell, version: op.version };
            const absent = !reference.has(op.cell);
            expect(index.addIfAbsent(row)).toBe(absent);
            if (absent) reference.set(op.cell, row);
          } else if (op.kind === 'delete') {
            expect(index.delete(op.cell)).toBe(reference.delete(op.cell));
          } else index.reserve(op.count);
        }
        expect(index.size).toBe(reference.size);
        for (let n = 0; n <= 300; n++) {
          const probe = `2782${n}`;
          expect(index.get(probe)).toBe(reference.get(probe));
          expect(index.has(probe)).toBe(reference.has(probe));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adds a batch as sets one at a time would, the last of a repeated cell winning, over records already held', () => {
    const cell = fc.integer({ min: 0, max: 400 }).map((n) => `2782${n}`);
    const rows = fc.array(fc.record({ cell, version: fc.nat() }), { maxLength: 500 });
    fc.assert(
      fc.property(rows, rows, fc.integer({ min: 1, max: 64 }), (before, batch, perStep) => {
        const index = new CellIndex<Row>();
        const reference = new Map<string, Row>();
        for (const row of before) {
          index.set(row);
          reference.set(row.cell, row);
        }
        let steps = 0;
        for (const _ of index.setManySteps(batch, perStep)) steps++;
        for (const row of batch) reference.set(row.cell, row);
        expect(index.size).toBe(reference.size);
        for (let n = 0; n <= 400; n++) expect(index.get(`2782${n}`)).toBe(reference.get(`2782${n}`));
        expect(steps).toBe(Math.floor(batch.length / perStep));
      }),
      { numRuns: 300 },
    );
  });

  it('adds a large batch in the order of its slots as sets one at a time would, in steps', () => {
    const batch = Array.from({ length: 40_000 }, (_, n) => ({ cell: `2782${n % 30_000}`, version: n }));
    const index = new CellIndex<Row>();
    for (let n = 25_000; n < 35_000; n++) index.set({ cell: `2782${n}`, version: -n });
    let steps = 0;
    for (const _ of index.setManySteps(batch, 1_000)) steps++;
    expect(index.size).toBe(35_000);
    // The last of a repeated cell wins; cells the batch has not are kept.
    for (let n = 0; n < 30_000; n++) expect(index.get(`2782${n}`)!.version).toBe(n < 10_000 ? n + 30_000 : n);
    for (let n = 30_000; n < 35_000; n++) expect(index.get(`2782${n}`)!.version).toBe(-n);
    expect(steps).toBe(2 * 40 + 1);
  });

  it('keeps every record findable when deletions shift probe runs that wrap past the table end', () => {
    // Eight cells whose home is one of the last two or first two of 16 slots: the table never
    // grows past 16 slots for them, so probe runs wrap round to slot 0 and deletions must shift
    // records across it, or leave in place records whose home is past the end.
    const cells: string[] = [];
    const home = (cell: string) => cellHash(cell) & 15;
    for (let n = 0; cells.length < 8; n++) {
      const cell = `2782${n}`;
      const wanted = cells.length % 2 === 0 ? home(cell) >= 14 : home(cell) <= 1;
      if (wanted) cells.push(cell);
    }
    const operation = fc.record({ set: fc.boolean(), cell: fc.constantFrom(...cells) });
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const index = new CellIndex<Row>();
        const reference = new Map<string, Row>();
        for (const { set, cell } of operations) {
          if (set) {
            const row = { cell, version: 0 };
            index.set(row);
            reference.set(cell, row);
          } else expect(index.delete(cell)).toBe(reference.delete(cell));
          for (const probe of cells) expect(index.get(probe)).toBe(reference.get(probe));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('finds every one of many records after a reserve sized for them', () => {
    const index = new CellIndex<Row>();
    const rows = Array.from({ length: 5000 }, (_, i) => ({ cell: String(27820000000 + i * 7), version: i }));
    index.reserve(rows.length);
    for (const row of rows) index.set(row);
    expect(index.size).toBe(5000);
    expect(rows.every((row) => index.get(row.cell) === row)).toBe(true);
    expect(index.get('27820000001')).toBeUndefined();
  });

  it('grows without reading a record: each slot keeps its hash', () => {
    // At a million contacts, reading every record's cell again to grow the table took a second.
    let reads = 0;
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const cell = String(27820000000 + i);
      return {
        get cell() {
          reads += 1;
          return cell;
        },
      };
    });
    const index = new CellIndex<{ readonly cell: string }>();
    for (const row of rows) index.set(row);
    reads = 0;
    index.reserve(100_000);
    expect(reads).toBe(0);
    expect(rows.every((row) => index.get(row.cell) === row)).toBe(true);
  });
});
