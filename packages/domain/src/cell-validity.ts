import { Metadata } from 'libphonenumber-js/core';
// The same metadata the `max` entry parses with; its CommonJS build does not export `Metadata`.
import maxMetadata from 'libphonenumber-js/max/metadata';

/**
 * The parts of libphonenumber-js's `Metadata` this module reads. The runtime class has them; its
 * published types declare only `selectNumberingPlan` and `numberingPlan`.
 */
interface NumberTypeMetadata {
  pattern(): string | undefined;
  possibleLengths(): number[] | undefined;
}
interface NumberingPlanMetadata {
  nationalNumberPattern(): string;
  nationalPrefixForParsing(): string | undefined;
  nationalPrefixTransformRule(): string | undefined;
  hasTypes(): boolean;
  type(name: string): NumberTypeMetadata | undefined;
}
interface MetadataReader {
  hasCallingCode(code: string): boolean;
  isNonGeographicCallingCode(code: string): boolean;
  getCountryCodesForCallingCode(code: string): string[] | undefined;
  selectNumberingPlan(code: string): void;
  numberingPlan: NumberingPlanMetadata;
}

/** The types libphonenumber-js's `isValid()` tries, in its order: a number of any of them is valid. */
const NUMBER_TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'PREMIUM_RATE',
  'TOLL_FREE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
];

/** libphonenumber-js's bounds on a national significant number. */
const MIN_NATIONAL_LENGTH = 2;
const MAX_NATIONAL_LENGTH = 17;

/** Decides a national number of one calling code, or `undefined` where only the library can. */
type NationalValidity = (nationalNumber: string) => boolean | undefined;

const metadata = new Metadata(maxMetadata) as unknown as MetadataReader;
const byCallingCode = new Map<string, NationalValidity | null>();

/**
 * Compiles the rule libphonenumber-js applies to the national numbers of one calling code, or
 * returns `null` for the codes whose parsing is more than a pattern match: codes shared by several
 * countries (which country depends on the number) and non-geographic codes.
 */
function compile(callingCode: string): NationalValidity | null {
  const countries = metadata.getCountryCodesForCallingCode(callingCode);
  if (countries?.length !== 1 || metadata.isNonGeographicCallingCode(callingCode)) return null;
  metadata.selectNumberingPlan(callingCode);
  const plan = metadata.numberingPlan;
  // A transform rule rewrites the national number instead of stripping a prefix: leave it to the library.
  if (plan.nationalPrefixTransformRule()) return null;
  const prefixForParsing = plan.nationalPrefixForParsing();
  const nationalPrefix = prefixForParsing ? new RegExp(`^(?:${prefixForParsing})`) : undefined;
  const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
  const general = whole(plan.nationalNumberPattern());
  const types = plan.hasTypes()
    ? NUMBER_TYPES.flatMap((name) => {
        const type = plan.type(name);
        const pattern = type?.pattern();
        return type && pattern ? [{ pattern: whole(pattern), lengths: type.possibleLengths() }] : [];
      })
    : undefined;
  return (national) => {
    // The library may strip a national prefix (and maybe not): only it can say what then remains.
    if (nationalPrefix && (nationalPrefix.exec(national)?.[0].length ?? 0) > 0) return undefined;
    if (national.length < MIN_NATIONAL_LENGTH || national.length > MAX_NATIONAL_LENGTH) return false;
    if (!general.test(national)) return false;
    if (!types) return true;
    return types.some(
      ({ pattern, lengths }) => (!lengths || lengths.includes(national.length)) && pattern.test(national),
    );
  };
}

/**
 * Whether `digits`, an MSISDN (country code and number, digits only, no leading zero), is a valid
 * number, decided from libphonenumber-js's own metadata without parsing: the calling code's
 * patterns are compiled once and then only tested. Returns `undefined` for the numbers whose
 * validity is more than a pattern match (shared and non-geographic calling codes, national
 * prefixes); the caller then asks the library. A property test holds this to the library's
 * `isValid()` over every calling code.
 *
 * @example
 * ```ts
 * quickMsisdnValidity('27821234567'); // true
 * quickMsisdnValidity('27021234567'); // undefined: starts with ZA's trunk prefix, ask the library
 * quickMsisdnValidity('12125550123'); // undefined: +1 is shared by 25 countries
 * ```
 */
export function quickMsisdnValidity(digits: string): boolean | undefined {
  for (let length = 1; length <= 3; length++) {
    const callingCode = digits.slice(0, length);
    if (!metadata.hasCallingCode(callingCode)) continue;
    let validity = byCallingCode.get(callingCode);
    if (validity === undefined) {
      validity = compile(callingCode);
      byCallingCode.set(callingCode, validity);
    }
    return validity ? validity(digits.slice(length)) : undefined;
  }
  return false;
}
