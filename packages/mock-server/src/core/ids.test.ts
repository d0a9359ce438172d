import { describe, expect, it } from 'vitest';
import { createIdGenerator, idSeconds } from './ids.js';

describe('createIdGenerator', () => {
  it('makes IDs that sort as text in the order they were made, across seconds', () => {
    let now = 1_790_000_000;
    const next = createIdGenerator(() => now);
    const ids = [next(), next()];
    now += 1.5;
    ids.push(next(), next());
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]).toBe(`${(1_790_000_000).toString(16)}0000000000000001`);
    expect(ids[2]).toBe(`${(1_790_000_001).toString(16)}0000000000000003`);
  });

  it('never makes an ID that sorts before one it made, when its clock goes back', () => {
    let now = 1_790_000_000;
    const next = createIdGenerator(() => now);
    const ids = [next(), next()];
    now -= 86_400;
    ids.push(next());
    now += 86_400 + 5;
    ids.push(next());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(4);
    // An ID pinned to a time (a reset replaying its start world) keeps that time.
    expect(next('', 1_700_000_000).slice(0, 8)).toBe((1_700_000_000).toString(16));
  });

  it('lets IDs go back to the clock once started over (a new world), but not below the time given', () => {
    let now = 1_790_000_000;
    const next = createIdGenerator(() => now);
    next();
    now -= 100;
    expect(next().slice(0, 8)).toBe((1_790_000_000).toString(16));
    next.startOver();
    expect(next().slice(0, 8)).toBe((1_789_999_900).toString(16));
    next.startOver(1_789_999_950);
    expect(next().slice(0, 8)).toBe((1_789_999_950).toString(16));
  });

  it('makes later IDs sort after IDs of a time it is given, and reads that time back from an ID', () => {
    const next = createIdGenerator(() => 1_790_000_000);
    next.keepAfter(1_800_000_000);
    // The next second: a restarted process's counter starts again, below the saved IDs' counters.
    const id = next();
    expect(idSeconds(id)).toBe(1_800_000_001);
    expect(id > `${(1_800_000_000).toString(16)}ffffffffffffffff`).toBe(true);
    next.keepAfter(1_700_000_000);
    expect(idSeconds(next())).toBe(1_800_000_001);
    expect(idSeconds('tag_000000000000000000000001')).toBeUndefined();
  });

  it('puts a prefix before the ID', () => {
    expect(createIdGenerator(() => 0)('tag_')).toBe('tag_000000000000000000000001');
  });
});
