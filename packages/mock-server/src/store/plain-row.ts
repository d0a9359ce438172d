import { IsoDateTime } from '@marketing/domain';
import { limits } from '@marketing/domain/routes';

/** A check of one field's value in {@link isPlainRow}. */
export type FieldCheck = (value: unknown) => boolean;

const isString: FieldCheck = (value) => typeof value === 'string';
const isNonEmptyString: FieldCheck = (value) => typeof value === 'string' && value.length > 0;

/** The field checks rows are made of; each accepts exactly what the matching zod schema accepts. */
export const fieldChecks = {
  string: isString,
  nonEmptyString: isNonEmptyString,
  boolean: (value) => typeof value === 'boolean',
  /** A custom field value: a string, a finite number or a boolean. */
  customValue: (value) =>
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)),
  strings: (value) => Array.isArray(value) && value.every(isString),
  nonEmptyStrings: (value) => Array.isArray(value) && value.every(isNonEmptyString),
  /** A list of a request, at most `limits.filterList` long (`boundedList`). */
  boundedStrings: (value) =>
    Array.isArray(value) && value.length <= limits.filterList && value.every(isString),
  boundedNonEmptyStrings: (value) =>
    Array.isArray(value) && value.length <= limits.filterList && value.every(isNonEmptyString),
  instant: (value) => typeof value === 'string' && IsoDateTime.safeParse(value).success,
} satisfies Record<string, FieldCheck>;

/**
 * Whether a value is a plain object (as `JSON.parse` makes them) whose every key is in `checks`
 * and passes its check. Seeds and uploads take such rows as they are: at a million contacts, a
 * zod parse per row costs seconds. Any other row goes through its schema, which stays the
 * definition of a valid row and words the errors.
 */
export function isPlainRow(
  raw: unknown,
  checks: ReadonlyMap<string, FieldCheck>,
): raw is Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Object.getPrototypeOf(raw) !== Object.prototype)
    return false;
  const row = raw as Record<string, unknown>;
  for (const key in row) {
    const check = checks.get(key);
    if (check === undefined || !check(row[key])) return false;
  }
  return true;
}
