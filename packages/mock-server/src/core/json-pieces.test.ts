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

  it('finds the list after a string that spells its key', () => {
    const value = { consumer: { name: '"interactions":[]' }, interactions: [1, 2], metadata: {} };
    const pieces = runToEnd(jsonPiecesSteps(value, 'interactions'));
    expect(pieces.join('')).toBe(JSON.stringify(value));
    expect(pieces).toHaveLength(4);
  });
});
