import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdListPool, idBits, idBitsOf, noIds } from './id-list-pool.js';

describe('idBits', () => {
  it('holds the bits of every ID of a list a longer list holds too', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 40 }), fc.nat(), (ids, cut) => {
        const part = ids.slice(0, ids.length === 0 ? 0 : cut % ids.length);
        expect(idBits(ids) & idBits(part)).toBe(idBits(part));
        for (const id of ids) expect(idBits(ids) & idBits([id])).toBe(idBits([id]));
      }),
    );
  });

  it('gives the lists a pool hands out their idBits, which copies, JSON and clones leave out', () => {
    const pool = new IdListPool();
    const lists = [
      pool.copy(['vip', 'new']),
      pool.shared(['a', 'b']),
      pool.shared(Object.freeze(['c'])),
      noIds,
    ];
    const long = pool.shared(Array.from({ length: 40 }, (_, i) => `t${i}`));
    for (const list of [...lists, long]) {
      expect(idBitsOf(list)).toBe(idBits(list));
      expect(Object.keys(list)).toEqual(list.map((_, i) => String(i)));
      expect(JSON.stringify(list)).toBe(JSON.stringify([...list]));
      expect(idBitsOf(structuredClone(list))).toBeUndefined();
      expect(idBitsOf([...list])).toBeUndefined();
    }
    expect(idBitsOf(['a'])).toBeUndefined();
  });
});

describe('IdListPool', () => {
  it('answers equal lists with one frozen copy whose IDs are the pool’s own', () => {
    const pool = new IdListPool();
    const first = pool.copy(['t1', 't2']);
    const second = pool.copy([`t${1}`, `t${2}`]);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(pool.copy(['t2', 't1'])).not.toBe(first);
    expect(pool.copy([])).toBe(noIds);
  });

  it('answers the pool’s copy of an ID its lists hold, and any other ID as it is', () => {
    const pool = new IdListPool();
    pool.copy(['vip', '__proto__', '7']);
    for (const id of ['vip', '__proto__', '7', 'unknown']) expect(pool.pooledId(`${id}`)).toBe(id);
  });

  it('keeps apart lists that would join to the same key', () => {
    const pool = new IdListPool();
    const two = pool.copy(['a', 'b']);
    const one = pool.copy(['a\u0000b']);
    expect(one).toEqual(['a\u0000b']);
    expect(two).toEqual(['a', 'b']);
    expect(pool.shared(['a\u0000b'])).toEqual(['a\u0000b']);
  });

  it('shares a caller’s list, frozen or not, as a frozen copy that later equal lists are answered with', () => {
    const pool = new IdListPool();
    const given = ['x', 'y'];
    const shared = pool.shared(given);
    expect(shared).not.toBe(given);
    expect(Object.isFrozen(given)).toBe(false);
    expect(pool.shared(['x', 'y'])).toBe(shared);
    const frozen = Object.freeze(['z']);
    const sharedFrozen = pool.shared(frozen);
    expect(sharedFrozen).toEqual(['z']);
    expect(Object.isFrozen(sharedFrozen)).toBe(true);
    expect(pool.shared(sharedFrozen)).toBe(sharedFrozen);
    expect(pool.shared(Object.freeze(['z']))).toBe(sharedFrozen);
    expect(pool.shared(['z'])).toBe(sharedFrozen);
    // A frozen list it copied (a state file's) is answered as that copy again, found by the list.
    const fromFile = Object.freeze(['f1', 'f2', 'f1']);
    const copied = pool.shared(fromFile);
    expect(copied).toEqual(['f1', 'f2']);
    expect(Object.isFrozen(copied)).toBe(true);
    expect(pool.shared(fromFile)).toBe(copied);
    // A list another pool made (a seed's) is kept as it is.
    const seeded = new IdListPool().copy(['s1', 's2']);
    expect(pool.shared(seeded)).toBe(seeded);
    expect(pool.shared(['s1', 's2'])).toBe(seeded);
    // A frozen list made from a pooled one (as withIds and withoutIds make them) is answered as the pool's.
    expect(pool.shared(Object.freeze(['x', 'y']))).toBe(shared);
    expect(pool.shared([])).toBe(noIds);
  });

  it('keeps no more lists once it holds 4,096: a new one is answered as a frozen copy of its own, less its repeats', () => {
    const pool = new IdListPool();
    for (let i = 0; i < 4096; i++) expect(Object.isFrozen(pool.shared([`t${i}`]))).toBe(true);
    const late = ['late', 'late'];
    const shared = pool.shared(late);
    expect(shared).toEqual(['late']);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(pool.shared(['late'])).not.toBe(shared);
    expect(Object.isFrozen(late)).toBe(false);
    const copied = pool.copy(['later']);
    expect(copied).toEqual(['later']);
    expect(Object.isFrozen(copied)).toBe(false);
    expect(pool.shared(['t7'])).toBe(pool.shared(['t7']));
  });

  it('copies and shares a list without its repeats', () => {
    const pool = new IdListPool();
    expect(pool.copy(['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(pool.shared(['c', 'c'])).toEqual(['c']);
    const long = [...Array.from({ length: 40 }, (_, i) => `t${i}`), 't0'];
    expect(pool.shared(long)).toEqual(long.slice(0, 40));
  });

  it('shares no list of more than 32 IDs or 1,024 characters: it keeps none of them, and answers a frozen copy', () => {
    const pool = new IdListPool();
    const many = Array.from({ length: 33 }, (_, i) => `t${i}`);
    const sharedMany = pool.shared(many);
    expect(sharedMany).toEqual(many);
    expect(Object.isFrozen(sharedMany)).toBe(true);
    expect(pool.shared([...many])).not.toBe(sharedMany);
    // Taken as it is from then on: a stored contact's list is not looked through again.
    expect(pool.shared(sharedMany)).toBe(sharedMany);
    expect(Object.isFrozen(many)).toBe(false);
    const wide = ['x'.repeat(600), 'y'.repeat(600)];
    expect(pool.shared(wide)).toEqual(wide);
    expect(pool.shared(wide)).not.toBe(pool.shared(wide));
    expect(pool.copy(wide)).not.toBe(pool.copy(wide));
    const short = ['x'.repeat(500), 'y'.repeat(500)];
    expect(pool.shared(short)).toBe(pool.shared([...short]));
  });
});
