import { describe, expect, it } from 'vitest';
import { errorCodes, messages } from '../messages.js';
import { allErrors } from './all-errors.js';
import { errorCodeOf } from './error-codes.js';
import { endpoints } from './index.js';

/** A sample of what the service sends for a documented error: the text, or an object of its shape. */
function sampleOf(error: string | { safeParse: unknown }, prefix: boolean | undefined): unknown {
  if (typeof error === 'string') return prefix ? `${error}r1` : error;
  const shape = (error as { shape?: { code?: { options?: string[]; value?: string } } }).shape;
  if (shape?.code) return { code: shape.code.value ?? shape.code.options?.[0] };
  return [];
}

describe('errorCodeOf', () => {
  it('names every error every endpoint documents with a code other than unknown', () => {
    for (const endpoint of endpoints)
      for (const documented of allErrors(endpoint)) {
        if (documented.error === messages.leadsSubmitted) continue;
        const sample = sampleOf(documented.error as string, documented.prefix);
        expect(errorCodeOf(documented.status, sample), `${endpoint.id} ${documented.status}`).not.toBe(
          'unknown',
        );
      }
  });

  it('names both spellings of the resource error insufficient_resource_ids', () => {
    expect(errorCodeOf(403, { code: errorCodes.searchInsufficientResourceIds, missing: {} })).toBe(
      'insufficient_resource_ids',
    );
    expect(errorCodeOf(403, { code: errorCodes.insufficientResourceIds, missing: {} })).toBe(
      'insufficient_resource_ids',
    );
  });

  it('names a no-match text by its prefix and an undocumented answer unknown', () => {
    expect(errorCodeOf(404, 'No matching marketplace offer for: r1, r2')).toBe('no_matching_offer');
    expect(errorCodeOf(502, 'Bad gateway')).toBe('unknown');
  });
});
