import { describe, expect, it } from 'vitest';
import { tooDenseToParse } from './json-density.js';

describe('tooDenseToParse', () => {
  it('refuses a large body made of lists or objects, wherever the brackets are', () => {
    expect(tooDenseToParse(`[${'[],'.repeat(400_000)}[]]`)).toBe(true);
    expect(tooDenseToParse(`[${'{},'.repeat(400_000)}{}]`)).toBe(true);
    expect(tooDenseToParse(`{"pad":"${' '.repeat(600_000)}","x":[${'[],'.repeat(400_000)}[]]}`)).toBe(true);
  });

  it('takes a large body of ordinary contacts as rows or columns, and any body of 1 MiB or less', () => {
    const contacts = Array.from({ length: 30_000 }, (_, i) => ({
      cell: `2782${String(i).padStart(7, '0')}`,
      tag_ids: [],
    }));
    const text = JSON.stringify({ contacts });
    expect(text.length).toBeGreaterThan(2 ** 20);
    expect(tooDenseToParse(text)).toBe(false);
    expect(tooDenseToParse('[]'.repeat(2 ** 19))).toBe(false);
    // The densest real seed: contacts as columns, cells beside empty tag and opt-out lists.
    const count = 100_000;
    const cells = Array.from({ length: count }, (_, i) => `2782${String(i).padStart(7, '0')}`);
    const columns = JSON.stringify({
      contacts: {
        format: 'columns',
        cell: cells,
        tag_ids: cells.map(() => []),
        deduped_campaign_ids: cells.map(() => []),
      },
    });
    expect(columns.length).toBeGreaterThan(2 ** 20);
    expect(tooDenseToParse(columns)).toBe(false);
  });
});
