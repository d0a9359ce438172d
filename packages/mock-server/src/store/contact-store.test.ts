import {
  type Contact,
  type ContactFilter,
  evaluateContactSearch,
  type ParsedSearchRequest,
  parseContactSearch,
  projectContact,
} from '@marketing/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../core/slices.js';
import { CellIndex } from './cell-index.js';
import { ContactStore, unionById } from './contact-store.js';

const contact = (n: number, tags: string[], updatedAt: string): Contact => ({
  _id: `id${String(n).padStart(5, '0')}`,
  cell: `2782${String(n).padStart(7, '0')}`,
  tag_ids: tags,
  deduped_campaign_ids: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt,
});

const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T00:00:00.000Z`;
const tagArb = fc.subarray(['a', 'b', 'c', 'd']);
const filterArb = fc.record(
  {
    cell: fc.array(
      fc.integer({ min: 0, max: 60 }).map((n) => `2782${String(n).padStart(7, '0')}`),
      { minLength: 1, maxLength: 5 },
    ),
    tag_ids: fc.oneof(
      fc.record({ $in: fc.subarray(['a', 'b', 'c', 'd', 'z'], { minLength: 1 }) }),
      fc.record({ $all: fc.subarray(['a', 'b', 'c', 'd'], { minLength: 1 }) }),
      // Both: the index drives one, and the other is still checked on each row it yields.
      fc.record({
        $in: fc.subarray(['a', 'b', 'c', 'd', 'z'], { minLength: 1 }),
        $all: fc.subarray(['a', 'b', 'c', 'd'], { minLength: 1 }),
      }),
    ),
    updatedAt: fc.record(
      { $gte: fc.integer({ min: 1, max: 28 }).map(day), $lte: fc.integer({ min: 1, max: 28 }).map(day) },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

// A search's page as the store finds it at once, after checking that finding it in steps, or at once
// within any budget it does not exceed, gives the same page.
function pageOf(store: ContactStore, request: ParsedSearchRequest, budget = 5): Contact[] {
  const page = store.searchPage(request)!;
  expect(runToEnd(store.searchPageSteps(request))).toEqual(page);
  const withinBudget = store.searchPage(request, budget);
  if (withinBudget) expect(withinBudget).toEqual(page);
  return page;
}

// The contacts a filter matches, without the pauses the store offers between them.
const matchedBy = (store: ContactStore, find: ContactFilter) =>
  [...store.matching(find)].filter((c): c is Contact => c !== undefined);

describe('ContactStore', () => {
  it('takes the caller’s cell index of a batch into an empty store, and indexes a batch into one that holds contacts', () => {
    const first = [1, 2, 3].map((n) => contact(n, [], day(1)));
    const cells = new CellIndex<Contact>();
    for (const c of first) cells.set(c);
    const store = new ContactStore();
    store.insertMany(first, { cells });
    expect(first.map((c) => store.getByCell(c.cell)?._id)).toEqual(['id00001', 'id00002', 'id00003']);

    const second = [4, 5].map((n) => contact(n, [], day(2)));
    const secondCells = new CellIndex<Contact>();
    for (const c of second) secondCells.set(c);
    store.insertMany(second, { cells: secondCells });
    // The store's own index now holds both batches; the second batch's index was not taken.
    expect([...first, ...second].every((c) => store.getByCell(c.cell) === c)).toBe(true);
    expect(secondCells.size).toBe(2);
    // A mismatched index (not exactly the batch) is not taken either.
    const other = new ContactStore();
    other.insertMany([contact(6, [], day(3))], { cells: new CellIndex<Contact>() });
    expect(other.getByCell(contact(6, [], day(3)).cell)?._id).toBe('id00006');
  });

  it('answers every search exactly as the scanning reference does, through inserts, updates and deletes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(tagArb, fc.integer({ min: 1, max: 28 })), { maxLength: 300, size: 'max' }),
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 59 }), tagArb, fc.integer({ min: 1, max: 28 }), fc.boolean()),
        ),
        filterArb,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 20 }),
        (initial, changes, find, skip, limit) => {
          const store = new ContactStore();
          const rows = initial.map(([tags, d], n) => contact(n, tags, day(d)));
          // A batch of ascending IDs into the empty store (appended to each index, its times
          // grouped), a batch in another order (merged), and single inserts.
          store.insertMany(rows.filter((_, n) => n % 3 === 1));
          store.insertMany(rows.filter((_, n) => n % 3 === 2).reverse());
          for (const row of rows.filter((_, n) => n % 3 === 0)) store.insert(row);
          for (const [n, tags, d, remove] of changes) {
            const existing = store.get(contact(n, [], '')._id);
            if (!existing) continue;
            if (remove) store.delete(existing._id);
            else store.update(existing._id, { ...existing, tag_ids: tags, updatedAt: day(d) });
          }
          if (!find.cell && !find.tag_ids && !find.updatedAt) return;
          const request = parseContactSearch({ find, options: { skip, limit }, projection: { cell: 1 } });
          const page = pageOf(store, request, skip + limit).map((c) => projectContact(c, request.projection));
          expect(page).toEqual(evaluateContactSearch([...store.all()], request));
          const matched = matchedBy(store, request.find)
            .map((c) => c._id)
            .sort();
          const expected = evaluateContactSearch([...store.all()], {
            ...request,
            options: { skip: 0, limit: 1e9 },
          }).map((c) => c._id);
          expect(matched).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds an ascending batch of a few shared times by time, in whatever order its times first come', () => {
    const rows = Array.from({ length: 120 }, (_, n) => contact(n, ['a'], day([3, 1, 2][n % 3]!)));
    const store = new ContactStore();
    store.insertMany(rows);
    store.insertMany([contact(200, ['a'], day(1)), contact(201, ['a'], day(4))]);
    const all = [...rows, contact(200, ['a'], day(1)), contact(201, ['a'], day(4))];
    const ranges = [{ $gte: day(2) }, { $lte: day(1) }, { $gte: day(2), $lte: day(2) }, { $gt: day(3) }];
    for (const updatedAt of ranges) {
      const expected = evaluateContactSearch(all, {
        ...parseContactSearch({ find: { updatedAt }, options: { limit: 10_000 } }),
      }).map((c) => c._id);
      expect(
        matchedBy(store, { updatedAt })
          .map((c) => c._id)
          .sort(),
      ).toEqual(expected);
      const request = parseContactSearch({ find: { updatedAt }, options: { limit: 20 } });
      expect(pageOf(store, request, 1e9).map((c) => c._id)).toEqual(expected.slice(0, 20));
    }
  });

  it('gives each contact’s latest version from every index, through changes that keep, add and drop its tags', () => {
    const many = Array.from({ length: 40 }, (_, i) => `t${i}`);
    const tagsArb = fc.oneof(tagArb, fc.subarray(many, { minLength: 17 }));
    fc.assert(
      fc.property(
        fc.array(tagsArb, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(39), fc.option(tagsArb), fc.integer({ min: 1, max: 28 }), fc.boolean())),
        (initial, changes) => {
          const store = new ContactStore();
          const model = new Map<string, Contact>();
          store.insertMany(initial.map((tags, n) => contact(n, tags, day(1))));
          for (const c of store.all()) model.set(c._id, c);
          for (const [step, [n, tags, d, remove]] of changes.entries()) {
            const existing = store.get(contact(n, [], '')._id);
            if (!existing) continue;
            if (remove) {
              store.delete(existing._id);
              model.delete(existing._id);
              continue;
            }
            // No tags given: the change keeps the contact's own list, and changes a name only.
            const next = {
              ...existing,
              firstname: `v${step}`,
              tag_ids: tags ?? existing.tag_ids,
              updatedAt: day(d),
            };
            store.update(existing._id, next);
            model.set(next._id, { ...next, tag_ids: [...next.tag_ids] });
          }
          const latest = [...model.values()].sort((a, b) => (a._id < b._id ? -1 : 1));
          expect([...store.all()]).toEqual(latest);
          expect(store.snapshot().flat()).toEqual(latest);
          for (const tag of [...many, 'a', 'b', 'c', 'd']) {
            const tagged = latest.filter((c) => c.tag_ids.includes(tag));
            expect([...store.withTag(tag)]).toEqual(tagged);
            expect(store.tagSize(tag)).toBe(tagged.length);
          }
          for (const c of latest) expect(store.getByCell(c.cell)).toEqual(c);
          const tagsCarried = latest.reduce((sum, c) => sum + c.tag_ids.length, 0);
          expect(store.averageTags()).toBeCloseTo(latest.length === 0 ? 0 : tagsCarried / latest.length, 9);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers an $all of many tags as the scanning reference does, whether its driver or not', () => {
    const many = Array.from({ length: 40 }, (_, i) => `t${i}`);
    fc.assert(
      fc.property(
        fc.array(fc.subarray(many, { minLength: 10 }), { minLength: 1, maxLength: 30 }),
        fc.subarray(many, { minLength: 17, maxLength: 30 }),
        fc.boolean(),
        (lists, $all, byCell) => {
          const store = new ContactStore();
          store.insertMany(lists.map((tags, n) => contact(n, tags, day(1))));
          // With cells named, the cell index drives and the tags are checked on each row it yields.
          const cell = byCell ? { cell: lists.map((_, n) => contact(n, [], '').cell) } : {};
          const request = parseContactSearch({
            find: { ...cell, tag_ids: { $all } },
            options: { limit: 100 },
          });
          expect(pageOf(store, request).map((c) => c._id)).toEqual(
            evaluateContactSearch([...store.all()], request).map((c) => c._id),
          );
          expect(
            matchedBy(store, request.find)
              .map((c) => c._id)
              .sort(),
          ).toEqual(evaluateContactSearch([...store.all()], request).map((c) => c._id));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finds contacts by cell and email, and forgets them when deleted', () => {
    const store = new ContactStore();
    store.insert({ ...contact(1, ['a'], day(1)), email: 'Thandi@Example.com' });
    expect(store.getByCell('27820000001')?._id).toBe('id00001');
    expect(store.getByEmail('thandi@example.com').map((c) => c._id)).toEqual(['id00001']);
    store.delete('id00001');
    expect(store.getByCell('27820000001')).toBeUndefined();
    expect(store.getByEmail('thandi@example.com')).toEqual([]);
    expect(store.tagSize('a')).toBe(0);
  });

  it('plans an $all search onto the intersection of its tag indexes, not a scan', () => {
    const store = new ContactStore();
    for (let n = 0; n < 1000; n++)
      store.insert(contact(n, n % 100 === 0 ? ['rare', 'common'] : ['common'], day(1)));
    expect(store.plan({ tag_ids: { $all: ['common', 'rare'] } })).toMatchObject({
      driver: { index: 'allTags', tagIds: ['rare', 'common'] },
      estimatedRows: 10,
    });
  });

  it('stores the contacts it is given with one shared, frozen copy of each tag list, leaving the caller’s lists as they were', () => {
    const store = new ContactStore();
    const given = ['a', 'b'];
    store.insertMany([contact(1, given, day(1)), contact(2, ['a', 'b'], day(1)), contact(3, ['b'], day(1))]);
    store.update('id00003', { ...store.get('id00003')!, tag_ids: ['a', 'b'], updatedAt: day(2) });
    const lists = ['id00001', 'id00002', 'id00003'].map((id) => store.get(id)!.tag_ids);
    expect(lists[1]).toBe(lists[0]);
    expect(lists[2]).toBe(lists[0]);
    expect(Object.isFrozen(lists[0])).toBe(true);
    expect(lists[0]).toEqual(['a', 'b']);
    expect(Object.isFrozen(given)).toBe(false);
    expect(
      pageOf(store, parseContactSearch({ find: { tag_ids: { $all: ['b', 'a'] } } })).map((c) => c._id),
    ).toEqual(['id00001', 'id00002', 'id00003']);
  });

  it('keeps every tag index right when a contact of many tags loses one and gains another', () => {
    const store = new ContactStore();
    const many = Array.from({ length: 40 }, (_, i) => `t${i}`);
    store.insertMany([contact(1, many, day(1)), contact(2, ['t5'], day(1))]);
    const next = [...many.filter((t) => t !== 't5'), 't99'];
    store.update('id00001', { ...store.get('id00001')!, tag_ids: next, updatedAt: day(2) });
    expect([...store.withTag('t5')].map((c) => c._id)).toEqual(['id00002']);
    expect([...store.withTag('t99')].map((c) => c._id)).toEqual(['id00001']);
    expect([...store.withTag('t39')].map((c) => c.tag_ids)).toEqual([next]);
    expect(many.map((t) => store.tagSize(t))).toEqual(many.map(() => 1));
  });

  it('refuses a batch that repeats an _id, held or within itself, before writing any of it', () => {
    const store = new ContactStore();
    store.insertMany([contact(1, ['a'], day(1)), contact(2, ['a'], day(2))]);
    expect(() => store.insertMany([contact(3, [], day(3)), contact(1, ['b'], day(3))])).toThrow(
      'Duplicate contact _id id00001',
    );
    expect(() =>
      store.insertMany([contact(5, [], day(3)), contact(4, [], day(3)), contact(5, [], day(3))]),
    ).toThrow('Duplicate contact _id id00005');
    expect(store.size).toBe(2);
    expect(store.get('id00003')).toBeUndefined();
    expect(store.tagSize('b')).toBe(0);
    expect([...store.withTag('a')].map((c) => c._id)).toEqual(['id00001', 'id00002']);
  });
});

describe('unionById', () => {
  it('gives the contacts of lists ordered by _id in _id order, each once, as sorting the union would', () => {
    const contactOf = (id: string) => ({ _id: id }) as Contact;
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 200 })), { maxLength: 5 }), (lists) => {
        const ordered = lists.map((ids) =>
          ids
            .map((n) => String(n).padStart(4, '0'))
            .sort()
            .map(contactOf),
        );
        const expected = [...new Set(ordered.flat().map((c) => c._id))].sort();
        expect([...unionById(ordered)].map((c) => c._id)).toEqual(expected);
      }),
    );
  });
});
