import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.js';

describe('formatDate', () => {
  it('keeps the bare T of the default format and quoted text', () => {
    expect(formatDate('2026-11-22T06:30:00Z')).toBe('2026-11-22T08:30:00');
    expect(formatDate('2026-11-22T06:30:00Z', "'Today' HH:mm 'at' T", 'UTC')).toBe('Today 06:30 at T');
  });

  it('reads Moment-style YYYY and DD as calendar year and day of month, without warnings', () => {
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      expect(formatDate('2026-01-05T06:30:00Z', 'YYYY-MM-DD', 'UTC')).toBe('2026-01-05');
      expect(formatDate('2026-12-31T06:30:00Z', 'DD/MM/YYYY', 'UTC')).toBe('31/12/2026');
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([]);
  });

  it('falls back to UTC for an unknown time zone and answers undefined for a non-date', () => {
    expect(formatDate('2026-11-22T06:30:00Z', 'HH:mm', 'Mars/Olympus')).toBe('06:30');
    expect(formatDate('not a date')).toBeUndefined();
    expect(formatDate('2026-11-22T06:30:00Z', 'jj')).toBeUndefined();
  });
});
