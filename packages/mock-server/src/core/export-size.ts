import { RequestFilterError } from './request-journal.js';

/**
 * The most an export of the journal (HAR, Pact) may hold by default, about (`maxExportBytes`): it
 * is made whole before it is sent, and the HAR of 20,000 requests of 60 kB (2.4 GB) held the
 * server's thread for 20 s and left it with 4.6 GB.
 */
export const EXPORT_MAX_BYTES = 256 * 2 ** 20;

/** What an export is held to: its bound, and the error that refuses it past the bound. */
export interface ExportBound {
  most: number;
  tooLarge(atLeastBytes?: number): RequestFilterError;
}

/**
 * The bound of one export of `entries` journal entries: its error (a 400 over HTTP) names the
 * bound and says how to ask for less.
 *
 * @example
 * ```ts
 * const bound = exportBound('HAR', 5_000, settings.maxExportBytes, 'ask for fewer with limit=');
 * if (length > bound.most) throw bound.tooLarge();
 * ```
 */
export function exportBound(what: string, entries: number, most: number, narrower: string): ExportBound {
  return {
    most,
    tooLarge: (atLeastBytes) =>
      new RequestFilterError(
        `The ${what} of these ${entries.toLocaleString('en')} requests would be more than the ${size(most)} an export may be${atLeastBytes === undefined ? '' : ` (at least ${size(atLeastBytes)})`}: ${narrower}`,
      ),
  };
}

const size = (bytes: number) =>
  bytes < 2 ** 20
    ? `${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} kB`
    : `${(bytes / 2 ** 20).toLocaleString('en', { maximumFractionDigits: bytes < 100 * 2 ** 20 ? 1 : 0 })} MiB`;
