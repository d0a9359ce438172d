import { describe, expect, it } from 'vitest';
import { createIdGenerator } from './ids.js';

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

  it('puts a prefix before the ID', () => {
    expect(createIdGenerator(() => 0)('tag_')).toBe('tag_000000000000000000000001');
  });
});
