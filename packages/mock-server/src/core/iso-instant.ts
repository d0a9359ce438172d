// An instant as the mock writes them (`2026-11-01`, `2026-11-01T09:00:00Z`, with an offset):
// `Date.parse` alone would also take `1`, `-1` or `May 1`, which nobody means as a filter.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether a filter's text is an ISO 8601 instant that names a real time: `2026-11-01`,
 * `2026-11-01T09:00:00Z`, `2026-11-01T11:00:00+02:00`.
 *
 * @example
 * ```ts
 * isIsoInstant('2026-11-01T09:00:00Z'); // true
 * isIsoInstant('-1'); // false
 * ```
 */
export function isIsoInstant(value: unknown): value is string {
  return typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}

/** What a filter says of a `since` that is no instant. */
export const notAnInstant = (value: unknown): string =>
  `Expected an ISO 8601 instant such as 2026-11-01T09:00:00Z, got ${JSON.stringify(value)}`;
