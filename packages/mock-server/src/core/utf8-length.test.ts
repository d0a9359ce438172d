import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8-length.js';

const encoded = (text: string) => new TextEncoder().encode(text).length;

describe('utf8Length', () => {
  it('counts the bytes TextEncoder makes of any text, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8Length(text)).toBe(encoded(text));
      }),
      { numRuns: 2_000 },
    );
    for (const text of ['', 'plain', 'R5 €', 'é', '😀', '\ud83d', '\ude00x', 'a\ud83d\ude00\ud83d'])
      expect(utf8Length(text), JSON.stringify(text)).toBe(encoded(text));
  });
});
