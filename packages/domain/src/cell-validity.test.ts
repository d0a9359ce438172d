import fc from 'fast-check';
import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { quickMsisdnValidity } from './cell-validity.js';

/** What the library itself says of an MSISDN: valid, and normalised to the same digits. */
function libraryValidity(digits: string): boolean {
  const phone = parsePhoneNumberFromString(`+${digits}`);
  return phone?.isValid() === true && phone.number === `+${digits}`;
}

/** Every country's example mobile number as an MSISDN: real number ranges to mutate. */
const examples = Object.entries(mobileExamples).map(
  ([country, national]) => `${getCountryCallingCode(country as CountryCode)}${national}`,
);

/** An example with its tail replaced by random digits and its length changed by up to two. */
const nearRealNumber = fc
  .record({
    example: fc.constantFrom(...examples),
    keep: fc.nat({ max: 14 }),
    lengthChange: fc.integer({ min: -2, max: 2 }),
    tail: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 18 }),
  })
  .map(({ example, keep, lengthChange, tail }) => {
    const length = Math.max(4, Math.min(18, example.length + lengthChange));
    const kept = example.slice(0, Math.min(keep, length));
    return (kept + tail.join('') + '0'.repeat(length)).slice(0, length);
  });

describe('quickMsisdnValidity', () => {
  it('agrees with the library on every country’s example mobile number', () => {
    for (const msisdn of examples) {
      const quick = quickMsisdnValidity(msisdn);
      if (quick !== undefined) expect([msisdn, quick]).toEqual([msisdn, libraryValidity(msisdn)]);
    }
  });

  it('decides most countries’ numbers itself, South Africa’s and Namibia’s among them', () => {
    const decided = examples.filter((msisdn) => quickMsisdnValidity(msisdn) !== undefined);
    expect(decided.length / examples.length).toBeGreaterThan(0.7);
    expect(quickMsisdnValidity('27821234567')).toBe(true);
    expect(quickMsisdnValidity('264811234567')).toBe(true);
    expect(quickMsisdnValidity('2712345678')).toBe(false);
  });

  it('agrees with the library on numbers near real ranges, wherever it decides', () => {
    const decided = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(nearRealNumber, (msisdn) => {
        const quick = quickMsisdnValidity(msisdn);
        if (quick === undefined) return;
        decided[quick ? 'valid' : 'invalid']++;
        expect([msisdn, quick]).toEqual([msisdn, libraryValidity(msisdn)]);
      }),
      { numRuns: 30_000 },
    );
    // The comparison means something only if it covered both answers, many times.
    expect(decided.valid).toBeGreaterThan(3_000);
    expect(decided.invalid).toBeGreaterThan(3_000);
  });

  it('agrees with the library on arbitrary digit strings', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{3,16}$/), (msisdn) => {
        const quick = quickMsisdnValidity(msisdn);
        if (quick !== undefined) expect([msisdn, quick]).toEqual([msisdn, libraryValidity(msisdn)]);
      }),
      { numRuns: 10_000 },
    );
  });

  it('leaves numbers that start with a trunk prefix, and shared calling codes, to the library', () => {
    expect(quickMsisdnValidity('270821234567')).toBeUndefined();
    expect(quickMsisdnValidity('12125550123')).toBeUndefined();
    expect(quickMsisdnValidity('447700900123')).toBeUndefined();
  });
});
