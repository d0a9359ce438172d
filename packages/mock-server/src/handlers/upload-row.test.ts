import { UploadContactSchema } from '@marketing/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowFieldValue } from '../../test/support/row-values.js';
import { parseUploadRow } from './upload-row.js';

const row = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'cell',
      'firstname',
      'email',
      'c1',
      'c10',
      'tag_ids',
      'tags',
      'org_id',
      '__proto__',
      'bogus',
    ),
    rowFieldValue,
  ),
  fc.constantFrom(null, 'row', 42, [], [{ cell: '27821234567' }]),
);

describe('parseUploadRow', () => {
  it('accepts exactly the rows the upload schema accepts, with the same fields', () => {
    fc.assert(
      fc.property(row, (raw) => {
        const result = parseUploadRow(raw);
        const expected = UploadContactSchema.safeParse(raw);
        expect('row' in result).toBe(expected.success);
        if ('row' in result) expect(result.row).toEqual(expected.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a row of more than 10,000 tags, as the schema does', () => {
    for (const field of ['tag_ids', 'tags']) {
      const raw = { cell: '27821234567', [field]: Array(10_001).fill('t') };
      expect(UploadContactSchema.safeParse(raw).success).toBe(false);
      expect(parseUploadRow(raw)).toEqual({ issue: expect.stringContaining(`${field}: Too big`) });
      expect(parseUploadRow({ ...raw, [field]: Array(10_000).fill('t') })).toHaveProperty('row');
    }
  });

  it('words the first issue of a bad row with its field', () => {
    expect(parseUploadRow({ cell: 27821234567 })).toEqual({ issue: expect.stringMatching(/^cell: /) });
    expect(parseUploadRow({ cell: '27821234567', nickname: 'T' })).toEqual({
      issue: expect.stringContaining('nickname'),
    });
  });
});
