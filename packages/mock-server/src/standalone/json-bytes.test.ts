import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from './json-bytes.js';

const bytesOf = (text: string) => Buffer.from(text, 'utf8');
// Parsed whole, or failing: what JSON.parse says of the same text.
const outcome = (parse: () => unknown) => {
  try {
    return { value: parse() };
  } catch (error) {
    return { error: error instanceof SyntaxError };
  }
};

describe('parseJsonBytes', () => {
  it('gives what JSON.parse gives for any JSON, however small the pieces', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        (value, pieceBytes, spaced) => {
          const text = JSON.stringify(value, null, spaced ? 1 : undefined);
          expect(parseJsonBytes(bytesOf(text), pieceBytes)).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('fails on text that is not JSON, as JSON.parse does, however small the pieces', () => {
    const broken = fc
      .tuple(fc.jsonValue(), fc.nat(), fc.constantFrom('', ',', ']', '}', '[', '{', '"', ':', 'x', ',,'))
      .map(([value, at, insert]) => {
        const text = JSON.stringify(value);
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + insert + text.slice(cut);
      });
    fc.assert(
      fc.property(broken, fc.integer({ min: 1, max: 32 }), (text, pieceBytes) => {
        const expected = outcome(() => JSON.parse(text));
        const actual = outcome(() => parseJsonBytes(bytesOf(text), pieceBytes));
        if ('value' in expected) expect(actual).toEqual(expected);
        else expect(actual).toEqual({ error: true });
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps "__proto__" as a member, as JSON.parse does, not as the prototype', () => {
    const text = JSON.stringify({ a: 'x'.repeat(40), b: 1 }).replace('"b"', '"__proto__"');
    const parsed = parseJsonBytes(bytesOf(text), 8) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['a', '__proto__']);
  });

  it('reads text with characters of every width split across pieces', () => {
    const value = { names: ['Zoë', '山田', '😀 emoji', 'a\\"quote'], n: [1, 2, 3] };
    expect(parseJsonBytes(bytesOf(JSON.stringify(value)), 3)).toEqual(value);
  });
});
