import { describe, expect, it } from 'vitest';
import { type IndexStatistics, planContactQuery } from './query-plan.js';

describe('planContactQuery', () => {
  const sizes: Record<string, number> = { big: 500_000, mid: 10_000, small: 12 };
  const stats: IndexStatistics = { total: 1_000_000, tagSize: (t) => sizes[t] ?? 0 };

  it('drives an $all query by the intersection of its tags, smallest first', () => {
    expect(planContactQuery({ tag_ids: { $all: ['big', 'small', 'mid'] } }, stats)).toMatchObject({
      driver: { index: 'allTags', tagIds: ['small', 'mid', 'big'] },
      estimatedRows: 12,
    });
    expect(planContactQuery({ tag_ids: { $all: ['mid', 'mid'] } }, stats).driver).toEqual({
      index: 'tag',
      tagIds: ['mid'],
    });
  });

  it('drives an $in query by the union of its tags', () => {
    expect(planContactQuery({ tag_ids: { $in: ['mid', 'small'] } }, stats)).toMatchObject({
      driver: { index: 'tag', tagIds: ['mid', 'small'] },
      estimatedRows: 10_012,
    });
  });

  it('prefers cells over tags when fewer', () => {
    expect(planContactQuery({ cell: ['1', '2'], tag_ids: { $in: ['small'] } }, stats).driver.index).toBe(
      'cell',
    );
  });

  it('uses the updatedAt range when the store says it is the most selective', () => {
    const withRange = { ...stats, updatedAtRangeSize: () => 3 };
    expect(
      planContactQuery({ tag_ids: { $in: ['mid'] }, updatedAt: { $gte: 'x' } }, withRange).driver.index,
    ).toBe('updatedAt');
  });

  it('falls back to the tag index rather than a full scan for a range it cannot size', () => {
    expect(
      planContactQuery({ tag_ids: { $in: ['mid'] }, updatedAt: { $gte: 'x' } }, stats).driver.index,
    ).toBe('tag');
  });
});
