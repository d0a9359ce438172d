import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowFieldValue } from '../../test/support/row-values.js';
import { checkContactSeed, SeedValuePool } from './contact-seed.js';
import { ContactSeedSchema } from './seed-schema.js';

// What the schema alone says about a row: the definition the fast path must agree with.
function bySchema(raw: unknown) {
  const parsed = ContactSeedSchema.safeParse(raw);
  if (!parsed.success) return { ok: false };
  const { org_id, country, ...fields } = parsed.data;
  return { ok: true, orgId: org_id, cell: fields.cell, country, fields };
}

const row = fc.dictionary(
  fc.constantFrom(
    'org_id',
    'cell',
    'country',
    '_id',
    'firstname',
    'email',
    'c1',
    'c10',
    'tag_ids',
    'deduped_campaign_ids',
    'global_opt_out',
    'createdAt',
    'validated',
    'bogus',
  ),
  rowFieldValue,
);

describe('checkContactSeed', () => {
  it('agrees with the seed schema on any row, valid or not', () => {
    fc.assert(
      fc.property(row, (raw) => {
        const checked = checkContactSeed(raw);
        const expected = bySchema(raw);
        expect(checked.ok).toBe(expected.ok);
        if (checked.ok) expect(checked).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('takes a plain row as it is, with tag and opt-out lists defaulted', () => {
    expect(checkContactSeed({ org_id: 'o', cell: '27821234567', firstname: 'T', c1: 3 })).toEqual({
      ok: true,
      orgId: 'o',
      cell: '27821234567',
      country: undefined,
      fields: { cell: '27821234567', firstname: 'T', c1: 3, tag_ids: [], deduped_campaign_ids: [] },
    });
  });

  it('keeps its own copy of the lists, so changing the seed row afterwards changes nothing', () => {
    const row = { org_id: 'o', cell: '27821234567', tag_ids: ['a'] };
    const checked = checkContactSeed(row);
    row.tag_ids.push('b');
    expect(checked).toMatchObject({ ok: true, fields: { tag_ids: ['a'] } });
  });

  it('gives every row without tags or opt-outs the same frozen empty list', () => {
    const pool = new SeedValuePool();
    const [a, b] = ['1', '2'].map((n) =>
      checkContactSeed({ org_id: 'o', cell: `2782123456${n}`, tag_ids: [] }, pool),
    );
    if (!a?.ok || !b?.ok) throw new Error('refused');
    expect(Object.isFrozen(a.fields.tag_ids)).toBe(true);
    expect(b.fields.deduped_campaign_ids).toBe(a.fields.tag_ids);
    expect(b.fields.tag_ids).toBe(a.fields.tag_ids);
  });

  it('shares one frozen copy of a list of tags among the rows that repeat it, and tells lists apart exactly', () => {
    const pool = new SeedValuePool();
    const seed = (n: number, tag_ids: string[]) => {
      const checked = checkContactSeed({ org_id: 'o', cell: `278212345${n}`, tag_ids }, pool);
      if (!checked.ok) throw new Error('refused');
      return checked.fields.tag_ids as string[];
    };
    const first = seed(60, ['a', 'b']);
    const again = seed(61, ['a', 'b']);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Lists that would make one key if IDs were joined with a separator stay apart.
    expect(seed(62, ['a\u0000b'])).toEqual(['a\u0000b']);
    expect(seed(63, ['a', 'b\u0000c'])).toEqual(['a', 'b\u0000c']);
    expect(seed(64, ['a\u0000b', 'c'])).toEqual(['a\u0000b', 'c']);
    expect(seed(65, ['b', 'a'])).toEqual(['b', 'a']);
  });

  it('refuses a time that is not one through the schema, whether or not the pool has seen others', () => {
    const pool = new SeedValuePool();
    expect(
      checkContactSeed({ org_id: 'o', cell: '27821234567', createdAt: '2026-11-01T00:00:00Z' }, pool).ok,
    ).toBe(true);
    expect(
      checkContactSeed({ org_id: 'o', cell: '27821234567', createdAt: '2026-02-30T00:00:00Z' }, pool),
    ).toMatchObject({
      ok: false,
      issues: [{ path: ['createdAt'] }],
    });
  });

  it('reports the schema’s issues for a bad row', () => {
    expect(checkContactSeed({ org_id: 'o', cell: 5 })).toMatchObject({
      ok: false,
      issues: [{ path: ['cell'] }],
    });
  });
});
