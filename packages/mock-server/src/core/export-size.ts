import { RequestFilterError } from './request-journal.js';

/**
 * The most an export of the journal (HAR, Pact) may hold by default, about (`maxExportBytes`): it
 * is made whole before it is sent, and the HAR of 20,000 requests of 60 kB (2.4 GB) held the
 * server's thread for 20 s and left it with 4.6 GB.
 */
export const EXPORT_MAX_BYTES = 256 * 2 ** 20;

const MIB = 2 ** 20;

/**
 * Throws a `RequestFilterError` (a 400 over HTTP) when an export of `entries` journal entries of
 * about `bytes` would pass `most` bytes, saying how to ask for less.
 *
 * @example
 * ```ts
 * refuseLargeExport('HAR', journal.exportBytes(filter), settings.maxExportBytes, 'ask for fewer with limit=');
 * ```
 */
export function refuseLargeExport(
  what: string,
  size: { entries: number; bytes: number },
  most: number,
  narrower: string,
): void {
  if (size.bytes <= most) return;
  throw new RequestFilterError(
    `The ${what} of these ${size.entries.toLocaleString('en')} requests would be about ${mib(size.bytes)} MiB, past the ${mib(most)} MiB an export may be: ${narrower}`,
  );
}

const mib = (bytes: number) =>
  (bytes / MIB).toLocaleString('en', { maximumFractionDigits: bytes < MIB ? 2 : 0 });
