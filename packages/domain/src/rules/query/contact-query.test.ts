import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Contact } from '../../schemas/contact.js';
import { ContactSearchBodySchema } from '../../schemas/contact-requests.js';
import { evaluateContactSearch, matchesFilter, parseContactSearch, projectContact } from './contact-query.js';

const contact = (
  id: string,
  tags: string[],
  updatedAt = '2026-11-10T00:00:00.000Z',
  cell = `2782${id.padStart(7, '0')}`,
): Contact => ({
  _id: id,
  cell,
  firstname: `F${id}`,
  tag_ids: tags,
  deduped_campaign_ids: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt,
});

describe('parseContactSearch', () => {
  it('fills in the defaults and always projects _id', () => {
    expect(parseContactSearch({ find: { tag_ids: { $all: ['t1'] } }, projection: { cell: 1 } })).toEqual({
      find: { tag_ids: { $all: ['t1'] } },
      projection: { _id: 1, cell: 1 },
      options: { skip: 0, limit: 100 },
    });
  });

  it('normalises cells to MSISDN and bare dates to midnight UTC', () => {
    const parsed = parseContactSearch({
      find: {
        cell: ['+27 82 123 4567', 'junk'],
        updatedAt: { $gte: '2026-11-01', $lte: '2026-11-02T10:00:00+02:00' },
      },
      options: { skip: 5, limit: 10 },
    });
    expect(parsed.find).toEqual({
      cell: ['27821234567', 'junk'],
      updatedAt: { $gte: '2026-11-01T00:00:00.000Z', $lte: '2026-11-02T08:00:00.000Z' },
    });
    expect(parsed.options).toEqual({ skip: 5, limit: 10 });
  });
});

describe('matchesFilter', () => {
  const c = contact('1', ['a', 'b'], '2026-11-10T00:00:00.000Z', '27821234567');

  it('matches on cell, any tag, all tags and the update time', () => {
    expect(matchesFilter(c, { cell: ['27821234567'] })).toBe(true);
    expect(matchesFilter(c, { cell: ['27820000000'] })).toBe(false);
    expect(matchesFilter(c, { tag_ids: { $in: ['x', 'b'] } })).toBe(true);
    expect(matchesFilter(c, { tag_ids: { $in: ['x'] } })).toBe(false);
    expect(matchesFilter(c, { tag_ids: { $all: ['a', 'b'] } })).toBe(true);
    expect(matchesFilter(c, { tag_ids: { $all: ['a', 'x'] } })).toBe(false);
    expect(matchesFilter(c, { updatedAt: { $gte: '2026-11-10T00:00:00.000Z' } })).toBe(true);
    expect(matchesFilter(c, { updatedAt: { $gte: '2026-11-10T00:00:00.001Z' } })).toBe(false);
    expect(matchesFilter(c, { updatedAt: { $lte: '2026-11-09T23:59:59.999Z' } })).toBe(false);
  });

  it('matches long lists of cells and tags as short ones, each list used again and again', () => {
    const name = fc.integer({ min: 0, max: 40 }).map(String);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { maxLength: 4 }),
        name,
        fc.array(name, { maxLength: 30 }),
        fc.array(name, { maxLength: 30 }),
        (tags, cell, cells, anyOf) => {
          const candidate = contact('1', tags, '2026-11-10T00:00:00.000Z', cell);
          const find = { cell: cells, tag_ids: { $in: anyOf } };
          const expected = cells.includes(cell) && anyOf.some((t) => tags.includes(t));
          // Twice: the second look reads the sets made for the same lists.
          expect(matchesFilter(candidate, find)).toBe(expected);
          expect(matchesFilter(candidate, find)).toBe(expected);
        },
      ),
    );
  });

  it('needs every filter to match', () => {
    expect(
      matchesFilter(c, { tag_ids: { $in: ['a'] }, updatedAt: { $gte: '2026-12-01T00:00:00.000Z' } }),
    ).toBe(false);
  });
});

describe('projectContact', () => {
  it('keeps _id and the projected fields only', () => {
    expect(projectContact(contact('7', ['a']), { cell: 1, lastname: 1 })).toEqual({
      _id: '7',
      cell: '27820000007',
    });
  });
});

describe('evaluateContactSearch', () => {
  it('pages with skip and limit over matches in _id order', () => {
    const contacts = ['5', '3', '9', '1'].map((id) => contact(id, ['t']));
    const page = evaluateContactSearch(
      contacts,
      parseContactSearch({ find: { tag_ids: { $in: ['t'] } }, options: { skip: 1, limit: 2 } }),
    );
    expect(page.map((c) => c._id)).toEqual(['3', '5']);
  });

  it('visits every match exactly once when paging through with skip and limit', () => {
    const arbitraryContacts = fc
      .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 120 })
      .chain((ids) =>
        fc.tuple(...ids.map((id) => fc.subarray(['a', 'b', 'c']).map((tags) => contact(id, tags)))),
      );
    fc.assert(
      fc.property(
        arbitraryContacts,
        fc.integer({ min: 1, max: 25 }),
        fc.constantFrom('a', 'b', 'c'),
        (contacts, limit, tag) => {
          const seen: string[] = [];
          for (let skip = 0; ; skip += limit) {
            const body = ContactSearchBodySchema.parse({
              find: { tag_ids: { $in: [tag] } },
              options: { skip, limit },
            });
            const page = evaluateContactSearch(contacts, parseContactSearch(body));
            seen.push(...page.map((c) => c._id));
            if (page.length < limit) break;
          }
          const expected = contacts.filter((c) => c.tag_ids.includes(tag)).map((c) => c._id);
          expect(seen.length).toBe(new Set(seen).size);
          expect(new Set(seen)).toEqual(new Set(expected));
        },
      ),
    );
  });
});
