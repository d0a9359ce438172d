import { describe, expect, it } from 'vitest';
import { createMockService } from '../index.js';
import {
  type ContactColumn,
  ContactColumnReader,
  type ContactColumns,
  toContactColumns,
} from './contact-columns.js';

const rows = [
  { org_id: 'o', cell: '27821000000', tag_ids: ['a', 'b'], firstname: 'Ada' },
  { org_id: 'o', cell: '27821000001', tag_ids: ['a', 'b'] },
  { org_id: 'o', cell: '27821000002', tag_ids: ['a', 'b'], validated: { reachable: true } },
  { org_id: 'o', cell: '27821000003', tag_ids: [] },
];
const seedWith = (contacts: unknown) =>
  createMockService({
    now: '2026-05-01T00:00:00Z',
    seed: { orgs: [{ _id: 'o' }], contacts: contacts as never },
  });

describe('contact columns', () => {
  it('write repeated values once and read every row back as it was', () => {
    const table = toContactColumns(rows);
    expect(table.columns.tag_ids).toEqual({ values: [['a', 'b'], []], codes: [0, 0, 0, 1] });
    expect(table.columns.cell).toEqual(rows.map((row) => row.cell));
    const reader = new ContactColumnReader(table);
    expect(Array.from({ length: reader.count }, (_, i) => reader.row(i))).toEqual(rows);
    expect(reader.storedFields(0)).toEqual({ cell: '27821000000', tag_ids: ['a', 'b'], firstname: 'Ada' });
  });

  it('share and freeze a dictionary value, so that no contact can change another one’s list', () => {
    const reader = new ContactColumnReader(toContactColumns(rows));
    expect(reader.row(0).tag_ids).toBe(reader.row(1).tag_ids);
    expect(Object.isFrozen(reader.row(0).tag_ids)).toBe(true);
    expect(Object.isFrozen(reader.row(2).validated)).toBe(true);
  });

  it('leave the caller’s columns unfrozen and theirs: a change to them after the seed changes no contact', () => {
    const tags = ['a', 'b'];
    const validated = { reachable: true };
    const columns: ContactColumns = {
      count: 2,
      columns: {
        org_id: { values: ['o'], codes: [0, 0] },
        cell: { text: '2782100000027821000001', lengths: [11, 11] },
        tag_ids: { values: [tags], codes: [0, 0] },
        validated: { values: [validated], codes: [0, -1] },
      },
    };
    const mock = seedWith(columns);
    expect(Object.isFrozen(tags)).toBe(false);
    expect(Object.isFrozen(validated)).toBe(false);
    tags.push('c');
    validated.reachable = false;
    expect(mock.state().contacts.map((c) => [c.tag_ids, c.validated])).toEqual([
      [['a', 'b'], { reachable: true }],
      [['a', 'b'], undefined],
    ]);
    // A text column is no dictionary, nor the other way round, to the types as to the schema.
    // @ts-expect-error: a column has one form
    const mixed: ContactColumn = { text: 'ab', lengths: [1, 1], values: ['x'], codes: [0, 0] };
    const readonlyLengths: ContactColumn = { text: 'ab', lengths: [1, 1] } as const;
    expect([mixed, readonlyLengths]).toHaveLength(2);
  });

  it('read rows of more columns than a row maker takes, each with its own fields', () => {
    const wide = Array.from({ length: 3 }, (_, i) => ({
      org_id: 'o',
      cell: `2782100000${i}`,
      ...Object.fromEntries(
        Array.from({ length: 34 }, (_, k) => [`field${k}`, k === i ? null : `${k}-${i}`]),
      ),
    }));
    const reader = new ContactColumnReader(toContactColumns(wide));
    const expected = wide.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)),
    );
    expect(Array.from({ length: 3 }, (_, i) => reader.row(i))).toEqual(expected);
    expect(Object.keys(reader.row(1))).not.toContain('field1');
  });

  it('refuse, even from a trusted file, a column that is no contact field, a value of the wrong type, a contact without a cell', () => {
    // A state file's hash says it is as written, not who wrote it: its columns are still checked.
    const trusted =
      (columns: Record<string, unknown>, count = 2) =>
      () =>
        createMockService({
          seedIsTrusted: true,
          seed: { orgs: [{ _id: 'o' }], contacts: { count, columns } as never },
        });
    const base = { org_id: { values: ['o'], codes: [0, 0] }, cell: ['27821000000', '27821000001'] };
    expect(trusted({ ...base, 'then\nx': ['a', 'b'] })).toThrow(
      'contacts.columns."then\\nx": Not a contact field',
    );
    expect(trusted({ ...base, hasOwnProperty: ['a', 'b'] })).toThrow(
      'contacts.columns.hasOwnProperty: Not a contact field',
    );
    expect(trusted({ ...base, firstname: ['Ada', { a: 1 }] })).toThrow(
      'contacts.1.firstname: Not a valid firstname',
    );
    expect(trusted({ ...base, global_opt_out: { values: ['yes'], codes: [0, -1] } })).toThrow(
      'contacts.columns.global_opt_out.values.0: Not a valid global_opt_out',
    );
    expect(trusted({ ...base, tag_ids: { values: [['t', 3]], codes: [0, 0] } })).toThrow(
      'contacts.columns.tag_ids.values.0: Not a valid tag_ids',
    );
    expect(trusted({ ...base, cell: ['27821000000', null] })).toThrow(
      'contacts.1.cell: Every contact needs a cell',
    );
    expect(trusted({ org_id: base.org_id })).toThrow('contacts.columns.cell: Every contact needs a cell');
    // What the mock writes loads as it was.
    const mock = trusted({
      ...base,
      firstname: ['Ada', null],
      tag_ids: { values: [['t']], codes: [0, -1] },
    })();
    expect(
      mock.findContacts({}).map(({ cell, firstname, tag_ids }) => ({ cell, firstname, tag_ids })),
    ).toEqual([
      { cell: '27821000000', firstname: 'Ada', tag_ids: ['t'] },
      { cell: '27821000001', firstname: undefined, tag_ids: [] },
    ]);
  });

  it('keep each ID of a list once, from a trusted file’s dictionary or its plain column as from rows', () => {
    const trusted = (tagIds: unknown) =>
      createMockService({
        seedIsTrusted: true,
        seed: {
          orgs: [{ _id: 'o' }],
          contacts: {
            count: 2,
            columns: {
              org_id: { values: ['o'], codes: [0, 0] },
              cell: ['27821000000', '27821000001'],
              tag_ids: tagIds,
            },
          } as never,
        },
      })
        .findContacts({})
        .map((c) => c.tag_ids);
    expect(trusted({ values: [['t', 't', 'u']], codes: [0, 0] })).toEqual([
      ['t', 'u'],
      ['t', 'u'],
    ]);
    expect(trusted([['t', 't'], ['u']])).toEqual([['t'], ['u']]);
    expect(
      seedWith([{ org_id: 'o', cell: '27821000000', tag_ids: ['t', 'u', 't'] }]).findContacts({})[0]!.tag_ids,
    ).toEqual(['t', 'u']);
  });

  it('read a text column as the list of texts its lengths cut, null where a contact has none', () => {
    const table = toContactColumns(rows);
    const columns = {
      ...table.columns,
      cell: { text: rows.map((row) => row.cell).join(''), lengths: [11, 11, 11, 11] },
      firstname: { text: 'AdaZoë', lengths: [3, null, 0, 3] },
    };
    const reader = new ContactColumnReader({ count: 4, columns });
    expect(Array.from({ length: 4 }, (_, i) => reader.row(i).firstname)).toEqual([
      'Ada',
      undefined,
      '',
      'Zoë',
    ]);
    expect(seedWith({ count: 4, columns }).state().contacts).toEqual(
      seedWith(
        rows.map((row, i) => ({ ...row, ...[{}, {}, { firstname: '' }, { firstname: 'Zoë' }][i] })),
      ).state().contacts,
    );
  });

  it('refuse a text column whose lengths are too few, not lengths, or do not add up to its text', () => {
    const table = toContactColumns(rows);
    const withCell =
      (cell: unknown, trusted = false) =>
      () =>
        createMockService({
          seedIsTrusted: trusted,
          seed: {
            orgs: [{ _id: 'o' }],
            contacts: { ...table, columns: { ...table.columns, cell } } as never,
          },
        });
    const text = rows.map((row) => row.cell).join('');
    expect(withCell({ text, lengths: [11, 11, 11] })).toThrow(
      'contacts.columns.cell.lengths: Expected 4 entries, got 3',
    );
    for (const bad of [-1, 1.5, '11', true])
      expect(withCell({ text, lengths: [11, 11, bad, 11] })).toThrow(
        'contacts.columns.cell.lengths.2: Expected null or a length (a whole number of at least 0)',
      );
    expect(withCell({ text, lengths: [11, 11, 11, 10] })).toThrow(
      'contacts.columns.cell.text: Expected 43 characters (the lengths added up), got 44',
    );
    expect(withCell({ lengths: [11, 11, 11, 11] })).toThrow(
      `contacts.columns.cell: A text column needs "text", every contact's value one after another`,
    );
    expect(withCell({ text, lengths: 'x' })).toThrow(
      `contacts.columns.cell: A text column needs "lengths", a list of the length of each contact's value`,
    );
    expect(withCell({ text, lengths: [11, 11, 11, 11], codes: [] })).toThrow(
      'contacts.columns.cell: A text column has only "text" and "lengths", not "codes"',
    );
    // Trusted or not, each contact still needs its cell, and a valid one when checked in full.
    for (const trusted of [true, false])
      expect(withCell({ text: text.slice(11), lengths: [11, null, 11, 11] }, trusted)).toThrow(
        trusted ? 'contacts.1.cell: Every contact needs a cell' : 'contacts.1.cell',
      );
    expect(withCell({ text: `${text.slice(0, 33)}123`, lengths: [11, 11, 11, 3] })).toThrow(
      'contacts.3.cell: Invalid cell number',
    );
  });

  it('seed the same contacts as the rows they were written from', () => {
    expect(seedWith(toContactColumns(rows)).state()).toEqual(seedWith(rows).state());
  });

  it('check each contact of a column seed as a row, naming its index', () => {
    const table = toContactColumns([rows[0]!, { ...rows[1]!, cell: '123' }]);
    expect(() => seedWith(table)).toThrow('contacts.1.cell: Invalid cell number');
  });

  it('refuse columns of the wrong length, codes out of range, and a missing org_id column', () => {
    const table = toContactColumns(rows);
    expect(() => seedWith({ ...table, count: 5 })).toThrow(
      'contacts.columns.cell: Expected 5 entries, got 4',
    );
    const badCode = { ...table.columns, tag_ids: { values: [['a']], codes: [0, 1, 0, 0] } };
    expect(() => seedWith({ ...table, columns: badCode })).toThrow(
      'contacts.columns.tag_ids.codes.1: Expected -1 or the index of one of the 1 values',
    );
    for (const bad of [1.5, '0', null, -2])
      expect(() =>
        seedWith({
          ...table,
          columns: { ...table.columns, tag_ids: { values: [['a']], codes: [0, 0, bad, 0] } },
        }),
      ).toThrow('contacts.columns.tag_ids.codes.2: Expected -1 or the index of one of the 1 values');
    const proto = `{"count":4,"columns":{"__proto__":["x","x","x","x"],${JSON.stringify(table.columns).slice(1)}}`;
    expect(() => seedWith(JSON.parse(proto))).toThrow('contacts.columns.__proto__: Not a contact field');
    expect(() =>
      createMockService({ seedIsTrusted: true, seed: { orgs: [{ _id: 'o' }], contacts: JSON.parse(proto) } }),
    ).toThrow('contacts.columns.__proto__: Not a contact field');
    const { org_id: _, ...withoutOrg } = table.columns;
    expect(() => seedWith({ ...table, columns: withoutOrg })).toThrow(
      'contacts.columns.org_id: Every contact needs an org_id',
    );
  });

  it('name what is wrong with columns of the wrong shape, not only that the contacts are invalid', () => {
    const table = toContactColumns(rows);
    const refusal = (contacts: unknown) => {
      try {
        seedWith(contacts);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the seed was accepted');
    };
    expect(refusal({ ...table, count: '4' })).toContain(
      'contacts.count: Invalid input: expected number, received string',
    );
    expect(refusal({ count: 4 })).toContain(
      'contacts.columns: Invalid input: expected record, received undefined',
    );
    expect(
      refusal({ ...table, columns: { ...table.columns, tag_ids: { values: 'a', codes: [0, 0, 0, 0] } } }),
    ).toContain('contacts.columns.tag_ids');
    expect(refusal({ ...table, extra: 1 })).toContain('contacts: Unrecognized key: "extra"');
    expect(refusal('27821000000')).toContain(
      'contacts: Expected a list of contacts, or contacts as columns ({"count": n, "columns": {...}})',
    );
    for (const message of [refusal({ ...table, count: '4' }), refusal({ count: 4 })])
      expect(message).not.toMatch(/contacts: Invalid input$/m);
    const withColumn = (tag_ids: unknown) => refusal({ ...table, columns: { ...table.columns, tag_ids } });
    expect(withColumn('a')).toContain(
      `contacts.columns.tag_ids: Expected a list of each contact's value, a dictionary {"values": [...], "codes": [...]} or a text column {"text": "...", "lengths": [...]}; got string`,
    );
    expect(withColumn(null)).toContain('got null');
    expect(withColumn({ codes: [0, 0, 0, 0] })).toContain(
      'contacts.columns.tag_ids: A dictionary needs "values", a list of each distinct value',
    );
    expect(withColumn({ values: [['a']] })).toContain(
      `contacts.columns.tag_ids: A dictionary needs "codes", a list of each contact's index into "values"`,
    );
    expect(withColumn({ values: [['a']], codes: [0, 0, 0, 0], extra: 1 })).toContain(
      'contacts.columns.tag_ids: A dictionary has only "values" and "codes", not "extra"',
    );
    expect(refusal({ ...table, count: -1 })).not.toContain('Expected -1 entries');
    const unknown = refusal({ ...table, columns: { ...table.columns, bogus: [1, 2, 3, 4] } });
    expect(unknown).toContain('contacts.columns.bogus: Not a contact field');
    expect(unknown).not.toContain('contacts.0');
  });
});
