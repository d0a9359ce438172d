import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonSteps } from './json-in-slices.js';
import { runInSlices, runToEnd } from './slices.js';

type Outcome = { value: unknown } | { error: string };

const outcome = (parse: () => unknown): Outcome => {
  try {
    return { value: parse() };
  } catch (error) {
    return { error: error instanceof SyntaxError ? 'SyntaxError' : String(error) };
  }
};

// The same value, the same key order, and the same own "__proto__" members.
function sameOutcome(actual: Outcome, expected: Outcome): boolean {
  if ('error' in expected || 'error' in actual) return isDeepStrictEqual(actual, expected);
  return (
    isDeepStrictEqual(actual.value, expected.value) &&
    JSON.stringify(actual.value) === JSON.stringify(expected.value)
  );
}

type Tree = { leaf: unknown } | { list: Tree[] } | { object: [string, Tree][] };

const keys = fc.oneof(fc.constantFrom('__proto__', 'a', 'b', '1', '0', 'constructor', 'é"\\'), fc.string());
const trees = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      leaf: fc.oneof(
        fc.constantFrom(null, true, false, 0, -0, 1e21, -1.5e-7),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.string(),
      ),
    }),
    fc.record({ list: fc.array(tie('tree'), { maxLength: 6 }) }),
    fc.record({ object: fc.array(fc.tuple(keys, tie('tree')), { maxLength: 6 }) }),
  ),
}));

// JSON text with whitespace wherever JSON allows it, and keys that may repeat.
function textOf(tree: Tree, space: string): string {
  const sep = `${space},${space}`;
  if ('list' in tree) return `[${space}${tree.list.map((item) => textOf(item, space)).join(sep)}${space}]`;
  if ('object' in tree)
    return `{${space}${tree.object.map(([key, item]) => `${JSON.stringify(key)}${space}:${space}${textOf(item, space)}`).join(sep)}${space}}`;
  return JSON.stringify(tree.leaf);
}

const pieces = fc.integer({ min: 1, max: 40 });
const spaces = fc.constantFrom('', ' ', '\n\t', '\r\n  ');

describe('parseJsonSteps', () => {
  it('answers what JSON.parse answers for any JSON text, however it is cut into pieces', () => {
    fc.assert(
      fc.property(trees.tree, spaces, pieces, (value, space, piece) => {
        const text = `${space}${textOf(value, space)}${space}`;
        return sameOutcome(
          outcome(() => runToEnd(parseJsonSteps(text, piece))),
          outcome(() => JSON.parse(text)),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('throws a SyntaxError exactly where JSON.parse does, for text with a character added, removed or changed', () => {
    const edit = fc.record({
      at: fc.nat(),
      kind: fc.constantFrom('insert', 'delete', 'replace'),
      char: fc.constantFrom('[', ']', '{', '}', ',', ':', '"', '\\', ' ', 'x', '1', '-', 'e', 't', '\n'),
    });
    fc.assert(
      fc.property(trees.tree, spaces, pieces, edit, (value, space, piece, { at, kind, char }) => {
        const valid = textOf(value, space);
        const i = at % (valid.length + 1);
        const text =
          kind === 'insert'
            ? valid.slice(0, i) + char + valid.slice(i)
            : valid.slice(0, i) + (kind === 'replace' ? char : '') + valid.slice(i + 1);
        return sameOutcome(
          outcome(() => runToEnd(parseJsonSteps(text, piece))),
          outcome(() => JSON.parse(text)),
        );
      }),
      { numRuns: 3_000 },
    );
  });

  it('parses a long string in pieces to the same code units, wherever its escapes and surrogates fall', () => {
    const texts = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }).map((value) => JSON.stringify(value)),
      // Escapes JSON.stringify does not write: \uXXXX for any character, and \/.
      fc
        .array(
          fc.oneof(fc.constantFrom('\\u00e9', '\\ud83d\\ude00', '\\/', '\\\\', '\\"', 'x'), fc.string()),
          {
            maxLength: 30,
          },
        )
        .map((parts) => `"${parts.join('')}"`),
    );
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 9 }), (text, piece) =>
        sameOutcome(
          outcome(() => runToEnd(parseJsonSteps(`[${text},${text}]`, piece))),
          outcome(() => JSON.parse(`[${text},${text}]`)),
        ),
      ),
      { numRuns: 3_000 },
    );
  });

  it('takes a string value up to textChars where keys, numbers and white space stop at stringChars', () => {
    const limits = { depth: 64, members: 100, stringChars: 10, textChars: 30 };
    const parse = (text: string) => runToEnd(parseJsonSteps(text, 8, limits));
    const long = 'x'.repeat(25);
    expect(parse(`{"a":["${long}"],"b":"${long}"}`)).toEqual({ a: [long], b: long });
    expect(() => parse(`{"a":"${'x'.repeat(31)}"}`)).toThrow('a string of more than 30 characters');
    expect(() => parse(`{"${long}" :1}`)).toThrow('a string of more than 10 characters');
    expect(() => parse(`{"a":${'1'.repeat(25)}}`)).toThrow('a number of more than 10 characters');
    expect(() => parse(`{"a":1${' '.repeat(25)}}`)).toThrow(
      'white space of more than 10 characters in a row',
    );
  });

  it('keeps "__proto__" as a member, never as the prototype, in objects it takes apart', () => {
    const text = `{"__proto__":{"polluted":true},"list":[${'1,'.repeat(50)}1]}`;
    const value = runToEnd(parseJsonSteps(text, 4)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses unbalanced and mismatched brackets, and text after the value', () => {
    for (const text of ['[1,2', '[1,2]]', '{"a":[1}', '[1] [2]', '"open', '[1,]', '{"a":1,}', ''])
      expect(() => runToEnd(parseJsonSteps(text, 2)), text).toThrow(SyntaxError);
  });

  it('parses a 20 MB list in slices that leave the event loop free', async () => {
    const text = JSON.stringify(
      Array.from({ length: 200_000 }, (_, i) => ({
        cell: `2782${String(i).padStart(7, '0')}`,
        i,
        tags: ['a'],
      })),
    );
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);
    const value = await runInSlices(parseJsonSteps(text));
    clearInterval(ticker);
    expect(value).toEqual(JSON.parse(text));
    // The ticker ran between slices: all at once it would run once, at the end.
    expect(turns).toBeGreaterThan(3);
  });
});
