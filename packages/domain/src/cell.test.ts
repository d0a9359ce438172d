import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCell,
  InvalidCellError,
  isInternationalCell,
  parseCell,
  requireMsisdn,
  toMsisdn,
} from './cell.js';

describe('toMsisdn', () => {
  it.each([
    ['27821234567', undefined, '27821234567'],
    ['+27821234567', undefined, '27821234567'],
    ['+27 82 123 4567', undefined, '27821234567'],
    ['+27 (82) 123-4567', undefined, '27821234567'],
    ['0027821234567', undefined, '27821234567'],
    ['0821234567', 'ZA', '27821234567'],
    ['082 123 4567', 'ZA', '27821234567'],
    ['0811234567', 'NA', '264811234567'],
    ['264811234567', undefined, '264811234567'],
    ['+264 81 123 4567', 'ZA', '264811234567'],
    ['0821234567', 'za', '27821234567'],
  ])('normalises %s (country %s) to %s', (input, country, expected) => {
    expect(toMsisdn(input, country)).toBe(expected);
  });

  it.each([
    ['0821234567', undefined],
    ['garbage', 'ZA'],
    ['', 'ZA'],
    ['123', undefined],
    ['27 12', undefined],
    ['+999123456789', undefined],
    ['27821234567890123', undefined],
    ['0821234567x', 'ZA'],
  ])('rejects %s (country %s)', (input, country) => {
    expect(toMsisdn(input, country)).toBeUndefined();
  });

  it('takes a number spaced out to 64 characters, and refuses a longer text', () => {
    const spaced = `+27 82 123 4567${' '.repeat(64 - 15)}`;
    expect(toMsisdn(spaced)).toBe('27821234567');
    expect(toMsisdn(`${spaced} `)).toBeUndefined();
    expect(isInternationalCell(`${spaced} `)).toBe(false);
  });

  it('never throws and only returns digit strings on any input', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(undefined, 'ZA', 'NA', 'XX'), (input, country) => {
        const result = toMsisdn(input, country);
        expect(result === undefined || /^\d+$/.test(result)).toBe(true);
      }),
    );
  });

  it('is idempotent: normalising an MSISDN again gives the same MSISDN', () => {
    fc.assert(
      fc.property(fc.integer({ min: 600000000, max: 849999999 }), (n) => {
        const msisdn = toMsisdn(`0${n}`, 'ZA');
        if (msisdn) expect(toMsisdn(msisdn)).toBe(msisdn);
      }),
    );
  });
});

describe('parseCell', () => {
  it('reports the country and national forms', () => {
    expect(parseCell('+264811234567')).toEqual({
      msisdn: '264811234567',
      country: 'NA',
      nationalNumber: '811234567',
      local: '0811234567',
    });
  });
});

describe('formatCell', () => {
  it.each([
    ['msisdn', '27821234567'],
    ['local', '0821234567'],
    ['plus', '+27821234567'],
    ['trailing', '821234567'],
  ] as const)('renders %s as %s', (format, expected) => {
    expect(formatCell('27821234567', format)).toBe(expected);
  });

  it('returns a value that is not a cell number unchanged', () => {
    expect(formatCell('n/a', 'plus')).toBe('n/a');
  });
});

describe('isInternationalCell', () => {
  it('accepts MSISDN and plus forms and refuses local ones', () => {
    expect(isInternationalCell('27821234567')).toBe(true);
    expect(isInternationalCell('+27 82 123 4567')).toBe(true);
    expect(isInternationalCell('0821234567')).toBe(false);
    expect(isInternationalCell('junk')).toBe(false);
  });
});

describe('requireMsisdn', () => {
  it('throws the service message for an invalid number', () => {
    expect(() => requireMsisdn('nope')).toThrowError(new InvalidCellError('nope'));
    expect(() => requireMsisdn('nope')).toThrow('Invalid cell number');
  });
});
