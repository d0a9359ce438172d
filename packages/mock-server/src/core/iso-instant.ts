// An instant as the mock writes them (`2026-11-01`, `2026-11-01T09:00:00Z`, with an offset):
// `Date.parse` alone would also take `1`, `-1` or `May 1`, which nobody means as a filter, a time
// without an offset (the machine's local time) and 31 February (as 3 March).
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/**
 * Whether a filter's text is an ISO 8601 instant that names a real time: `2026-11-01` (midnight
 * UTC), `2026-11-01T09:00:00Z`, `2026-11-01T11:00:00+02:00`; a time needs its offset.
 *
 * @example
 * ```ts
 * isIsoInstant('2026-11-01T09:00:00Z'); // true
 * isIsoInstant('-1'); // false
 * ```
 */
export function isIsoInstant(value: unknown): value is string {
  const parts = typeof value === 'string' ? ISO_INSTANT.exec(value) : null;
  if (!parts || Number.isNaN(Date.parse(value as string))) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day && month >= 1 && month <= 12;
}

/** What a filter says of a `since` that is no instant. */
export const notAnInstant = (value: unknown): string =>
  `Expected an ISO 8601 instant such as 2026-11-01T09:00:00Z, got ${JSON.stringify(value)}`;
