import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  holdsAll,
  idListChanges,
  idsMissingFrom,
  membershipOf,
  withIds,
  withoutIds,
  withoutRepeats,
} from './id-lists.js';

// Lists short and long (either side of where a set is made), from few IDs, so that they repeat.
const ids = (maxLength: number) =>
  fc.array(fc.constantFrom(...Array.from({ length: 40 }, (_, i) => `t${i}`)), { maxLength });
const unique = (list: readonly string[]) => list.filter((id, i) => list.indexOf(id) === i);

describe('membershipOf', () => {
  it('answers as the list does, for short and long lists', () => {
    fc.assert(
      fc.property(ids(60), fc.string(), (list, other) => {
        const holds = membershipOf(list);
        for (const id of [...list, other, 't39']) expect(holds(id)).toBe(list.includes(id));
      }),
    );
  });
});

describe('idsMissingFrom', () => {
  it('names each ID the list lacks once, in the order given', () => {
    fc.assert(
      fc.property(ids(60), ids(60), (list, more) => {
        expect(idsMissingFrom(list, more)).toEqual(unique(more.filter((id) => !list.includes(id))));
      }),
    );
  });
});

describe('withIds', () => {
  it('adds the missing IDs at the end once each, and answers a list that holds them all as it is', () => {
    fc.assert(
      fc.property(ids(60), ids(60), (list, more) => {
        const added = withIds(list, more);
        expect(added).toEqual([...list, ...unique(more.filter((id) => !list.includes(id)))]);
        if (more.every((id) => list.includes(id))) expect(added).toBe(list);
      }),
    );
  });
});

describe('withoutIds', () => {
  it('keeps the rest in order, and answers a list that holds none of them as it is', () => {
    fc.assert(
      fc.property(ids(60), ids(60), (list, remove) => {
        const kept = withoutIds(list, remove);
        expect(kept).toEqual(list.filter((id) => !remove.includes(id)));
        if (!list.some((id) => remove.includes(id))) expect(kept).toBe(list);
      }),
    );
  });
});

describe('withoutRepeats', () => {
  it('keeps the first of each ID in order, and answers a list without repeats as it is', () => {
    fc.assert(
      fc.property(ids(80), (list) => {
        const once = withoutRepeats(list);
        expect(once).toEqual(unique(list));
        if (unique(list).length === list.length) expect(once).toBe(list);
      }),
    );
  });
});

describe('holdsAll', () => {
  it('answers whether the list holds every ID, for short and long lists and repeats on either side', () => {
    fc.assert(
      fc.property(ids(60), ids(60), (list, wanted) => {
        expect(holdsAll(list, wanted)).toBe(wanted.every((id) => list.includes(id)));
      }),
    );
    const many = Array.from({ length: 40 }, (_, i) => `t${i}`);
    expect(holdsAll(many, [...many].reverse())).toBe(true);
    expect(holdsAll(many.slice(1), many)).toBe(false);
  });
});

describe('idListChanges', () => {
  // Two lists without repeats: a start, then a change of its own kind.
  const change = fc.tuple(
    fc.uniqueArray(fc.constantFrom(...Array.from({ length: 40 }, (_, i) => `t${i}`)), { maxLength: 40 }),
    fc.uniqueArray(fc.constantFrom(...Array.from({ length: 40 }, (_, i) => `t${i}`)), { maxLength: 40 }),
  );
  it('names what a change gains and loses, in order, as comparing the lists whole does', () => {
    fc.assert(
      fc.property(change, fc.nat(40), fc.nat(40), ([list, other], cut, keep) => {
        // Every shape of change: any list, one that adds at the end, one that drops from the middle.
        const nexts = [other, withIds(list, other), list.filter((_, i) => i < cut || i >= cut + keep)];
        for (const next of nexts)
          expect(idListChanges(list, next)).toEqual({
            gained: next.filter((id) => !list.includes(id)),
            lost: list.filter((id) => !next.includes(id)),
          });
      }),
    );
  });
});

describe('withIds and withoutIds', () => {
  it('give a frozen list from a frozen one, and a list the caller may change from one it may', () => {
    const frozen = Object.freeze(['t1', 't2']);
    expect(Object.isFrozen(withIds(frozen, ['t3']))).toBe(true);
    expect(Object.isFrozen(withoutIds(frozen, ['t1']))).toBe(true);
    expect(Object.isFrozen(withIds(['t1'], ['t3']))).toBe(false);
    expect(Object.isFrozen(withoutIds(['t1', 't2'], ['t1']))).toBe(false);
  });
});
