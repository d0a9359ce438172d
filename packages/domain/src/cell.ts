import { type CountryCode as PhoneCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { quickMsisdnValidity } from './cell-validity.js';
import { messages } from './messages.js';

/** How `{{contact.cell|cell:...}}` renders a cell number. */
export type CellFormat = 'msisdn' | 'local' | 'plus' | 'trailing';

/** A cell number that parsed and is valid for its country. */
export interface ParsedCell {
  /** Country code and number, digits only: `27821234567`. */
  readonly msisdn: string;
  /** The ISO country of the number: `ZA`. */
  readonly country: string | undefined;
  /** The number without country code or trunk prefix: `821234567`. */
  readonly nationalNumber: string;
  /** The local dialling form with its trunk prefix: `0821234567`. */
  readonly local: string;
}

const SEPARATORS = /[\s().\-/]/g;
/** An MSISDN as stores and seeds hold it: digits, maybe after a plus, and no trunk or IDD prefix. */
const PLAIN_INTERNATIONAL = /^\+?[1-9]\d{3,16}$/;
// No cell number, however spaced, is longer; a 60 MB string took 0.8 s to trim and scan.
const MAX_CELL_CHARS = 64;

/**
 * Parses a cell number as the service accepts it: an MSISDN (`27821234567`), an international
 * number with a plus or `00` (`+27 82 123 4567`), or a local number (`0821234567`) when the
 * country is known. Returns `undefined` for anything that is not a valid number.
 *
 * @example
 * ```ts
 * parseCell('082 123 4567', 'ZA')?.msisdn; // '27821234567'
 * parseCell('+264 81 123 4567')?.local;    // '0811234567'
 * parseCell('garbage');                     // undefined
 * ```
 */
export function parseCell(input: string, country?: string): ParsedCell | undefined {
  const phone = parseValidPhone(input, country);
  if (!phone) return undefined;
  return {
    msisdn: phone.number.slice(1),
    country: phone.country,
    nationalNumber: phone.nationalNumber,
    local: phone.format('NATIONAL').replace(/\D/g, ''),
  };
}

function parseValidPhone(input: string, country?: string) {
  if (typeof input !== 'string' || input.length > MAX_CELL_CHARS) return undefined;
  const compact = input.trim().replace(SEPARATORS, '');
  if (!/^(\+|00)?\d{4,17}$/.test(compact)) return undefined;
  let international: string | undefined;
  if (compact.startsWith('+')) international = compact;
  else if (compact.startsWith('00')) international = `+${compact.slice(2)}`;
  // A bare number with no trunk prefix is an MSISDN; one with a trunk 0 needs its country.
  else if (!compact.startsWith('0')) international = `+${compact}`;
  const phone = international
    ? parsePhoneNumberFromString(international)
    : country
      ? parsePhoneNumberFromString(compact, country.toUpperCase() as PhoneCountry)
      : undefined;
  return phone?.isValid() ? phone : undefined;
}

/**
 * Normalises a cell number to MSISDN, or returns `undefined` when it is invalid.
 *
 * @example
 * ```ts
 * toMsisdn('+27 82 123 4567'); // '27821234567'
 * toMsisdn('0821234567', 'ZA'); // '27821234567'
 * toMsisdn('0821234567');       // undefined: a local number needs a country
 * ```
 */
export function toMsisdn(input: string, country?: string): string | undefined {
  if (typeof input === 'string' && PLAIN_INTERNATIONAL.test(input)) {
    const digits = input[0] === '+' ? input.slice(1) : input;
    const valid = quickMsisdnValidity(digits);
    if (valid !== undefined) return valid ? digits : undefined;
  }
  // Formatting the local form is the costly part of parsing, and an MSISDN does not need it.
  const msisdn = parseValidPhone(input, country)?.number.slice(1);
  // Stores keep a million of these: an input already in MSISDN form is kept, not copied.
  return msisdn === input ? input : msisdn;
}

/**
 * Whether a cell number is written in international form (MSISDN, `+...` or `00...`), as sales
 * for Campaigns V2 require.
 *
 * @example
 * ```ts
 * isInternationalCell('27821234567'); // true
 * isInternationalCell('0821234567');  // false
 * ```
 */
export function isInternationalCell(input: string): boolean {
  if (input.length > MAX_CELL_CHARS) return false;
  const compact = input.trim().replace(SEPARATORS, '');
  return !compact.startsWith('0') || compact.startsWith('00') ? parseCell(compact) !== undefined : false;
}

/**
 * Renders an MSISDN in one of the template `cell:` formats. A value that does not parse is
 * returned unchanged, so a template never fails on odd data.
 *
 * @example
 * ```ts
 * formatCell('27821234567', 'local');    // '0821234567'
 * formatCell('27821234567', 'plus');     // '+27821234567'
 * formatCell('27821234567', 'trailing'); // '821234567'
 * ```
 */
export function formatCell(msisdn: string, format: CellFormat): string {
  const parsed = parseCell(msisdn);
  if (!parsed) return msisdn;
  switch (format) {
    case 'msisdn':
      return parsed.msisdn;
    case 'local':
      return parsed.local;
    case 'plus':
      return `+${parsed.msisdn}`;
    case 'trailing':
      return parsed.nationalNumber;
  }
}

/** Thrown by {@link requireMsisdn} for a cell number that is not valid. */
export class InvalidCellError extends Error {
  override name = 'InvalidCellError' as const;
  /** The input that failed to parse. */
  readonly input: string;
  constructor(input: string) {
    super(messages.invalidCellNumber);
    this.input = input;
  }
}

/**
 * Normalises a cell number to MSISDN or throws {@link InvalidCellError} with the service's
 * `Invalid cell number` message.
 *
 * @example
 * ```ts
 * requireMsisdn('+27 82 123 4567'); // '27821234567'
 * requireMsisdn('nope');            // throws InvalidCellError('Invalid cell number')
 * ```
 */
export function requireMsisdn(input: string, country?: string): string {
  const msisdn = toMsisdn(input, country);
  if (msisdn === undefined) throw new InvalidCellError(input);
  return msisdn;
}
