import { describe, expect, it } from 'vitest';
import { resolveSettings } from './settings.js';

describe('resolveSettings', () => {
  it('refuses a numeric option no bound could mean, naming it and its range', () => {
    const refused: [Parameters<typeof resolveSettings>[0], RegExp][] = [
      [{ maxExportBytes: 0 }, /^maxExportBytes must be a whole number from 1 to 4,294,967,296, got 0$/],
      [{ maxExportBytes: -1 }, /^maxExportBytes .* got -1$/],
      [{ maxExportBytes: 1.5 }, /^maxExportBytes .* got 1.5$/],
      [{ maxExportBytes: Number.NaN }, /^maxExportBytes .* got NaN$/],
      [{ maxExportBytes: null as unknown as number }, /^maxExportBytes .* got null$/],
      [{ maxBodyBytes: '64' as unknown as number }, /^maxBodyBytes .* got 64$/],
      [{ requestJournalLimit: -5 }, /^requestJournalLimit must be a whole number from 0 to 1,000,000/],
      [{ webhooks: { timeoutMs: 0 } }, /^webhooks\.timeoutMs must be a whole number from 1 to 600,000/],
      [{ webhooks: { retries: Number.POSITIVE_INFINITY } }, /^webhooks\.retries .* got Infinity$/],
      [{ latency: -1 }, /^latency .* got -1$/],
      [{ latency: { min: 300, max: 100 } }, /^latency must be a whole number from 0 to 100, got 300$/],
    ];
    for (const [options, message] of refused)
      expect(() => resolveSettings(options), JSON.stringify(options)).toThrow(message);
  });

  it('takes numeric options within their ranges, and fills in the defaults', () => {
    const fetch = async () => new Response();
    const settings = resolveSettings({
      maxExportBytes: 1,
      requestJournalLimit: 0,
      webhooks: { timeoutMs: 5, retries: 0, fetch },
      latency: { min: 0, max: 10 },
    });
    expect(settings).toMatchObject({
      maxExportBytes: 1,
      requestJournalLimit: 0,
      maxBodyBytes: 64 * 2 ** 20,
      webhooks: { timeoutMs: 5, retries: 0, fetch },
      latency: { min: 0, max: 10 },
    });
    expect(resolveSettings({}).webhooks).toEqual({ timeoutMs: 10_000, retries: 3 });
  });
});
