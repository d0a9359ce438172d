import type { ContactFilter } from '@marketing/domain';

/** What a store knows about its indexes, so that a plan can pick the most selective one. */
export interface IndexStatistics {
  /** How many contacts there are in all. */
  total: number;
  /** How many contacts carry a tag. */
  tagSize(tagId: string): number;
  /** How many contacts were updated within a range, if the store can tell cheaply. */
  updatedAtRangeSize?(range: { $gte?: string; $lte?: string }): number;
}

/** Which index drives a query; the store checks the full filter only on the rows it yields. */
export type IndexChoice =
  | { index: 'cell'; cells: string[] }
  | { index: 'tag'; tagIds: string[] }
  /** The contacts carrying every one of these tags, smallest tag first. */
  | { index: 'allTags'; tagIds: string[] }
  | { index: 'updatedAt'; range: { $gte?: string; $lte?: string } }
  | { index: 'all' };

/**
 * A query plan: the driving index, how many rows it yields, and the filter left to check on those
 * rows (the query's, less the condition the index answers exactly).
 */
export interface QueryPlan {
  driver: IndexChoice;
  estimatedRows: number;
  filter: ContactFilter;
}

/**
 * Plans a search: picks the index that yields the fewest rows (cells, the union of `$in` tags,
 * the intersection of `$all` tags, at most as many as the smallest, or the `updatedAt` range),
 * so that a store touches only those rows.
 *
 * @example
 * ```ts
 * planContactQuery({ tag_ids: { $all: ['big', 'small'] } }, stats);
 * // { driver: { index: 'allTags', tagIds: ['small', 'big'] }, estimatedRows: 12, filter }
 * ```
 */
export function planContactQuery(filter: ContactFilter, stats: IndexStatistics): QueryPlan {
  const candidates: { driver: IndexChoice; rows: number }[] = [
    { driver: { index: 'all' }, rows: stats.total },
  ];
  if (filter.cell)
    candidates.push({ driver: { index: 'cell', cells: filter.cell }, rows: filter.cell.length });
  if (filter.tag_ids?.$in) {
    const rows = filter.tag_ids.$in.reduce((sum, t) => sum + stats.tagSize(t), 0);
    candidates.push({ driver: { index: 'tag', tagIds: filter.tag_ids.$in }, rows });
  }
  if (filter.tag_ids?.$all && filter.tag_ids.$all.length > 0) {
    const bySize = [...new Set(filter.tag_ids.$all)].sort((a, b) => stats.tagSize(a) - stats.tagSize(b));
    const driver: IndexChoice =
      bySize.length === 1 ? { index: 'tag', tagIds: bySize } : { index: 'allTags', tagIds: bySize };
    candidates.push({ driver, rows: stats.tagSize(bySize[0]!) });
  }
  if (filter.updatedAt) {
    const rows = stats.updatedAtRangeSize?.(filter.updatedAt) ?? stats.total;
    candidates.push({ driver: { index: 'updatedAt', range: filter.updatedAt }, rows });
  }
  const best = candidates.reduce((a, b) => (b.rows < a.rows ? b : a));
  return { driver: best.driver, estimatedRows: best.rows, filter: residualFilter(filter, best.driver) };
}

// The filter without the condition its driving index yields exactly: each row the index yields
// meets it, and checking it again read each row's tags or time for nothing.
function residualFilter(filter: ContactFilter, driver: IndexChoice): ContactFilter {
  const { cell, tag_ids, updatedAt } = filter;
  const rest: ContactFilter = {};
  if (cell && driver.index !== 'cell') rest.cell = cell;
  if (updatedAt && driver.index !== 'updatedAt') rest.updatedAt = updatedAt;
  if (tag_ids) {
    const fromIn = driver.index === 'tag' && driver.tagIds === tag_ids.$in;
    const fromAll = (driver.index === 'tag' || driver.index === 'allTags') && !fromIn;
    const tags: NonNullable<ContactFilter['tag_ids']> = {};
    if (tag_ids.$in && !fromIn) tags.$in = tag_ids.$in;
    if (tag_ids.$all && !fromAll) tags.$all = tag_ids.$all;
    if (tags.$in || tags.$all) rest.tag_ids = tags;
  }
  return rest;
}
