import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoOf } from './iso-time.js';

describe('isoOf', () => {
  it('answers what toISOString answers, for any sequence of instants, repeated or not', () => {
    const instant = fc.integer({ min: -8.64e15, max: 8.64e15 });
    fc.assert(
      fc.property(fc.array(instant, { maxLength: 20 }), (times) => {
        for (const time of times) expect(isoOf(new Date(time))).toBe(new Date(time).toISOString());
      }),
    );
  });

  it('throws for an invalid date, as toISOString does, every time', () => {
    expect(() => isoOf(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => isoOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});
