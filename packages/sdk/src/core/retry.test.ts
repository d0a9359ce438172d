import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryAfterMs, retryDelay } from './retry.js';

const now = Date.parse('2026-11-22T10:00:00Z');

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs(' 1.5 ', now)).toBe(1_500);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sunday, 22-Nov-26 10:00:30 GMT', now)).toBe(30_000);
  });

  it('takes anything else as no header, so the call backs off instead of retrying at once', () => {
    // Date.parse reads each of these as a date long past: a wait of 0.
    for (const header of ['-1', '-5', '1.5.5', '1, 1', 'garbage', 'Infinity'])
      expect(retryAfterMs(header, now), header).toBeUndefined();
    const delay = retryDelay({
      attempt: 0,
      retryAfterHeader: '-1',
      now,
      maxRetryAfterMs: 60_000,
      random: () => 1,
    });
    expect(delay).toBe(500);
  });
});

describe('retryable statuses', () => {
  it('are 408, 429 and the 5xx, not a status past 599 that no server should send', () => {
    expect([408, 429, 500, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([400, 404, 409, 600, 999].some(isRetryableStatus)).toBe(false);
  });
});
