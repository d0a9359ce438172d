import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IsoDateInput, toIsoInstant } from './primitives.js';

describe('toIsoInstant', () => {
  const instants = fc.date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2999-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it('reads any accepted timestamp, with or without an offset, as the same instant', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -12, max: 14 }), (date, offsetHours) => {
        const iso = date.toISOString();
        expect(toIsoInstant(iso)).toBe(iso);
        const shifted = new Date(date.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 23);
        const sign = offsetHours < 0 ? '-' : '+';
        const withOffset = `${shifted}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
        expect(IsoDateInput.safeParse(withOffset).success).toBe(true);
        expect(toIsoInstant(withOffset)).toBe(iso);
      }),
    );
  });

  it('reads a bare date as midnight UTC and fills in missing milliseconds', () => {
    expect(toIsoInstant('2026-11-22')).toBe('2026-11-22T00:00:00.000Z');
    expect(toIsoInstant('2026-11-22T10:00:00Z')).toBe('2026-11-22T10:00:00.000Z');
  });
});
