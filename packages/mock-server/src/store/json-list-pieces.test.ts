import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonListPieces } from './json-list-pieces.js';

// A large record in its own pieces, as a campaign's are: its JSON cut at `cuts`, steps between.
const inPieces = (record: unknown, cuts: number[]) => {
  const text = JSON.stringify(record);
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const end of [...at, text.length]) {
    pieces.push(text.slice(start, end), '');
    start = end;
  }
  return pieces;
};

describe('jsonListPieces', () => {
  it('gives the text JSON.stringify gives, large records in their own pieces included', () => {
    const record = fc.oneof(
      fc.record({ _id: fc.string(), n: fc.integer(), tags: fc.array(fc.string()), large: fc.boolean() }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 300 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (records, cuts) => {
          const large = (r: unknown) =>
            typeof r === 'object' && r !== null && (r as { large?: boolean }).large === true
              ? inPieces(r, cuts)
              : undefined;
          expect([...jsonListPieces(records, large)].join('')).toBe(JSON.stringify(records));
        },
      ),
    );
  });

  it('marks steps between batches, each piece about 256 kB at most', () => {
    const records = Array.from({ length: 100_000 }, (_, i) => ({ _id: `msg_${i}`, text: 'x'.repeat(100) }));
    const pieces = [...jsonListPieces(records)];
    expect(pieces.join('')).toBe(JSON.stringify(records));
    const steps = pieces.filter((p) => p === '').length;
    expect(steps).toBeGreaterThan(30);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(2 * 256 * 1024);
  });

  it('writes an empty list as []', () => {
    expect([...jsonListPieces([])].join('')).toBe('[]');
  });
});
