import * as z from 'zod';
import { limits } from './contract/limits.js';

/**
 * An ISO 8601 timestamp with a time zone offset, as the service writes dates
 * (`2026-11-22T08:30:00.000Z`).
 */
export const IsoDateTime = z.iso.datetime({ offset: true });

/**
 * An ISO 8601 date (`2026-11-22`) or timestamp, as the service accepts dates in requests.
 * A timestamp without an offset is read as UTC.
 */
export const IsoDateInput = z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()]);

/** An hour of the day, 0 to 23, as campaign send windows use them. */
export const HourOfDay = z.number().int().min(0).max(23);

/** A non-empty identifier string. */
export const Id = z.string().min(1);

/**
 * A list in a request body, at most `limits.filterList` (10,000) long: the mock's own bound where
 * the service states none, so that one request cannot hold the server with a million entries.
 *
 * @example
 * ```ts
 * const TagIds = boundedList(z.string());
 * TagIds.safeParse(Array(10_001).fill('t')).success; // false
 * ```
 */
export const boundedList = <Item extends z.ZodType>(item: Item) => z.array(item).max(limits.filterList);

/** A list of identifiers in a request. */
export const IdList = boundedList(Id);

/**
 * The countries whose local cell numbers the service resolves (`0821234567` in `ZA`).
 * Uploads accept exactly these in their `country` field.
 */
export const UploadCountry = z.enum(['ZA', 'NA']);

/** An ISO 3166-1 alpha-2 country code (`ZA`). */
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'Expected a two-letter country code such as ZA');

const CANONICAL_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A valid date or timestamp from a request (checked by its schema) as an ISO instant; a bare date
 * (`2026-11-22`) is midnight UTC.
 *
 * @example
 * ```ts
 * toIsoInstant('2026-11-22');                // '2026-11-22T00:00:00.000Z'
 * toIsoInstant('2026-11-22T10:00:00+02:00'); // '2026-11-22T08:00:00.000Z'
 * ```
 */
export function toIsoInstant(value: string): string {
  // Most stored dates are already instants; formatting a million of them again costs a second.
  if (CANONICAL_INSTANT.test(value)) return value;
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString();
}
