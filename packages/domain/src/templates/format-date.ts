import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

/** The format of `|date` when none is given. */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-ddTHH:mm:ss';

/** The organisation time zone used when none is configured. */
export const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';

// date-fns reads every unquoted letter as a token and `T` as a Unix timestamp; the service's
// formats use a bare T as the ISO separator, so it is quoted. Moment-style YYYY and DD (week year,
// day of year in date-fns, which warns and throws) mean the calendar year and day of month.
const MOMENT_STYLE: Record<string, string> = { T: "'T'", Y: 'y', D: 'd' };

function toDateFnsPattern(pattern: string): string {
  let out = '';
  let quoted = false;
  for (const char of pattern) {
    if (char === "'") quoted = !quoted;
    out += quoted ? char : (MOMENT_STYLE[char] ?? char);
  }
  return out;
}

// Answers by name: making a DateTimeFormat to find out costs ~7 µs, and every rendered message asks.
const knownTimeZones = new Map<string, boolean>();

/** Whether a time zone name is one the runtime knows (`Africa/Johannesburg`). */
export function isValidTimeZone(timeZone: string): boolean {
  let known = knownTimeZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: a name is cached only while few are, so odd input cannot grow it without end.
    if (knownTimeZones.size < 1000) knownTimeZones.set(timeZone, known);
  }
  return known;
}

/**
 * Formats a date with date-fns tokens in a time zone, as `{{field|date:format}}` does. Returns
 * `undefined` for a value that is not a date or a format date-fns refuses.
 *
 * @example
 * ```ts
 * formatDate('2026-11-22T06:30:00Z', 'yyyy-MM-dd HH:mm', 'Africa/Johannesburg'); // '2026-11-22 08:30'
 * formatDate('2026-11-22T06:30:00Z');                                           // '2026-11-22T08:30:00'
 * formatDate('2026-11-22T06:30:00Z', 'YYYY-MM-DD');                             // '2026-11-22' (read as yyyy-MM-dd)
 * ```
 */
export function formatDate(
  value: unknown,
  pattern: string = DEFAULT_DATE_FORMAT,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  try {
    return format(new TZDate(date.getTime(), zone), toDateFnsPattern(pattern));
  } catch {
    return undefined;
  }
}

/** Reads a Date, an epoch number or a date string; `undefined` when it is none of these. */
export function toDate(value: unknown): Date | undefined {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? new Date(value)
        : typeof value === 'number'
          ? new Date(value)
          : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}
