import { UploadContactSchema } from '@marketing/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUploadRow } from './upload-row.js';

const fieldValue = fc.oneof(
  fc.string(),
  fc.constant(''),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.array(fc.oneof(fc.string({ maxLength: 2 }), fc.integer()), { maxLength: 2 }),
);
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
    fieldValue,
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

  it('words the first issue of a bad row with its field', () => {
    expect(parseUploadRow({ cell: 27821234567 })).toEqual({ issue: expect.stringMatching(/^cell: /) });
    expect(parseUploadRow({ cell: '27821234567', nickname: 'T' })).toEqual({
      issue: expect.stringContaining('nickname'),
    });
  });
});
