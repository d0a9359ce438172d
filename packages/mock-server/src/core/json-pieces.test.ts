import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPiecesSteps } from './json-pieces.js';
import { runToEnd } from './slices.js';

describe('jsonPiecesSteps', () => {
  it('joins to the text JSON.stringify gives, whatever the other keys and their order hold', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(fc.jsonValue()),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (before, list, after) => {
          const value = { ...before, interactions: list, ...after };
          expect(runToEnd(jsonPiecesSteps(value, 'interactions')).join('')).toBe(JSON.stringify(value));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('puts large elements in pieces of their own, small ones together', () => {
    const value = { data: [...Array(3).fill('x'.repeat(70_000)), 1, 2, 3] };
    const pieces = runToEnd(jsonPiecesSteps(value, 'data'));
    expect(pieces.join('')).toBe(JSON.stringify(value));
    expect(pieces).toHaveLength(5);
    expect(pieces.at(-1)).toBe(',1,2,3]}');
  });

  it('finds the list after a string that spells its key', () => {
    const value = { consumer: { name: '"interactions":[]' }, interactions: [1, 2], metadata: {} };
    const pieces = runToEnd(jsonPiecesSteps(value, 'interactions'));
    expect(pieces.join('')).toBe(JSON.stringify(value));
    expect(pieces[0]).toBe('{"consumer":{"name":"\\"interactions\\":[]"},"interactions":[');
  });
});
