import { describe, expect, it } from 'vitest';
import { IdListPool, noIds } from './id-list-pool.js';

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

  it('keeps apart lists that would join to the same key', () => {
    const pool = new IdListPool();
    const two = pool.copy(['a', 'b']);
    const one = pool.copy(['a\u0000b']);
    expect(one).toEqual(['a\u0000b']);
    expect(two).toEqual(['a', 'b']);
    expect(pool.shared(['a\u0000b'])).toEqual(['a\u0000b']);
  });

  it('shares a caller’s list as a frozen copy, and a frozen list as it is', () => {
    const pool = new IdListPool();
    const given = ['x', 'y'];
    const shared = pool.shared(given);
    expect(shared).not.toBe(given);
    expect(Object.isFrozen(given)).toBe(false);
    expect(pool.shared(['x', 'y'])).toBe(shared);
    const frozen = Object.freeze(['z']);
    expect(pool.shared(frozen)).toBe(frozen);
    expect(pool.shared(Object.freeze(['z']))).toBe(frozen);
    expect(pool.shared(['z'])).toBe(frozen);
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
