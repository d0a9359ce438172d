import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from './same-json.js';

const sameText = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// A value and a copy of it with one leaf changed, one key added or removed, or keys reordered.
const changed = (value: unknown, pick: number, change: number): unknown => {
  if (Array.isArray(value)) {
    if (value.length === 0 || change % 4 === 0) return [...value, change];
    const copy = [...value];
    copy[pick % copy.length] = changed(copy[pick % copy.length], pick >> 1, change >> 1);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0 || change % 5 === 0) return { ...value, [`k${change}`]: change };
    if (change % 5 === 1) return Object.fromEntries(entries.slice(1));
    if (change % 5 === 2) return Object.fromEntries([...entries.slice(1), entries[0]!]);
    const [key, inner] = entries[pick % entries.length]!;
    return { ...value, [key]: changed(inner, pick >> 1, change >> 1) };
  }
  return change % 2 === 0 ? `${String(value)}!` : change;
};

describe('sameJson', () => {
  it('answers as comparing the JSON texts would, for copies and for changed copies', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.nat(), (value, pick, change) => {
        const copy = JSON.parse(JSON.stringify(value)) as unknown;
        expect(sameJson(value, copy)).toBe(true);
        const other = changed(copy, pick, change);
        expect(sameJson(value, other)).toBe(sameText(value, other));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out keys whose value is undefined, as JSON.stringify does', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ b: undefined, a: [1] }, { a: [1], c: undefined })).toBe(true);
    expect(sameJson({ a: undefined }, {})).toBe(true);
    expect(sameJson({ a: undefined }, { a: null })).toBe(false);
  });

  it('tells apart keys in another order, arrays from objects, and null from an empty object', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({ 0: 'x' }, ['x'])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameJson(['a', 'b'], ['a'])).toBe(false);
  });
});
