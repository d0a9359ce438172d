import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneJsonSteps } from './json-clone.js';
import { runToEnd } from './slices.js';

describe('cloneJsonSteps', () => {
  it('copies any JSON value to an equal one that shares no list or object with it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = runToEnd(cloneJsonSteps(value));
        expect(copy).toEqual(value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
        if (value !== null && typeof value === 'object') expect(copy).not.toBe(value);
      }),
      { numRuns: 500 },
    );
  });

  it('copies a __proto__ key as an own property, as JSON.parse makes it', () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"a":[1]}');
    const copy = runToEnd(cloneJsonSteps(parsed));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"a":[1]}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('copies dates as dates, and a change to the copy leaves the original as it was', () => {
    const original = { at: new Date(0), rows: [{ tags: ['a'] }] };
    const copy = runToEnd(cloneJsonSteps(original));
    expect(copy.at).toEqual(new Date(0));
    expect(copy.at).not.toBe(original.at);
    copy.rows[0]!.tags.push('b');
    expect(original.rows[0]!.tags).toEqual(['a']);
  });

  it('yields between slices of a large value', () => {
    const steps = cloneJsonSteps(Array.from({ length: 200_000 }, (_, i) => ({ i })));
    let turns = 0;
    let step = steps.next();
    while (!step.done) {
      turns++;
      step = steps.next();
    }
    expect(turns).toBeGreaterThan(4);
    expect(step.value[199_999]).toEqual({ i: 199_999 });
  });
});
