import { toMsisdn } from '../../cell.js';
import { toIsoInstant } from '../../primitives.js';
import type { Contact, ProjectedContact } from '../../schemas/contact.js';
import {
  type ContactSearchBody,
  type ParsedSearchRequest,
  SEARCH_LIMIT_DEFAULT,
} from '../../schemas/contact-requests.js';

/** The filter part of a search or bulk update, after normalisation. */
export interface ContactFilter {
  cell?: string[];
  tag_ids?: { $in?: string[]; $all?: string[] };
  updatedAt?: { $gte?: string; $lte?: string };
}

// A cell that is not a valid number cannot match a stored MSISDN, so it is kept as given.
const normaliseCells = (cells: readonly string[]) => [...new Set(cells.map((c) => toMsisdn(c) ?? c))];

/**
 * Normalises a search filter: cells to MSISDN, dates to ISO timestamps (a bare date is midnight
 * UTC), duplicate IDs removed.
 *
 * @example
 * ```ts
 * normaliseFilter({ cell: ['+27 82 123 4567'] }); // { cell: ['27821234567'] }
 * ```
 */
export function normaliseFilter(find: ContactFilter): ContactFilter {
  const filter: ContactFilter = {};
  if (find.cell) filter.cell = normaliseCells(find.cell);
  if (find.tag_ids) {
    filter.tag_ids = {};
    if (find.tag_ids.$in) filter.tag_ids.$in = [...new Set(find.tag_ids.$in)];
    if (find.tag_ids.$all) filter.tag_ids.$all = [...new Set(find.tag_ids.$all)];
  }
  if (find.updatedAt) {
    filter.updatedAt = {};
    if (find.updatedAt.$gte) filter.updatedAt.$gte = toIsoInstant(find.updatedAt.$gte);
    if (find.updatedAt.$lte) filter.updatedAt.$lte = toIsoInstant(find.updatedAt.$lte);
  }
  return filter;
}

/**
 * A validated search body with its defaults filled in: the `parsed_request` the service echoes.
 * `options.limit` defaults to 100 and `options.skip` to 0; `_id` is always projected.
 *
 * @example
 * ```ts
 * parseContactSearch({ find: { tag_ids: { $all: ['t1'] } }, projection: { cell: 1 } });
 * // { find: { tag_ids: { $all: ['t1'] } }, projection: { _id: 1, cell: 1 }, options: { skip: 0, limit: 100 } }
 * ```
 */
export function parseContactSearch(body: ContactSearchBody): ParsedSearchRequest {
  return {
    find: normaliseFilter(body.find),
    projection: { _id: 1, ...(body.projection ?? {}) },
    options: { skip: body.options?.skip ?? 0, limit: body.options?.limit ?? SEARCH_LIMIT_DEFAULT },
  };
}

/**
 * Whether a contact matches a (normalised) filter.
 *
 * @example
 * ```ts
 * matchesFilter(contact, { tag_ids: { $all: ['a', 'b'] } });
 * ```
 */
export function matchesFilter(
  contact: Pick<Contact, 'cell' | 'tag_ids' | 'updatedAt'>,
  find: ContactFilter,
): boolean {
  if (find.cell && !find.cell.includes(contact.cell)) return false;
  if (find.tag_ids?.$in && !find.tag_ids.$in.some((t) => contact.tag_ids.includes(t))) return false;
  if (find.tag_ids?.$all && !find.tag_ids.$all.every((t) => contact.tag_ids.includes(t))) return false;
  if (find.updatedAt?.$gte && contact.updatedAt < find.updatedAt.$gte) return false;
  if (find.updatedAt?.$lte && contact.updatedAt > find.updatedAt.$lte) return false;
  return true;
}

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

/** A query plan: the driving index, how many rows it yields, and the filter for those rows. */
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
  return { driver: best.driver, estimatedRows: best.rows, filter };
}

/**
 * Keeps `_id` and the projected fields of a contact.
 *
 * @example
 * ```ts
 * projectContact(contact, { cell: 1 }); // { _id: 'ct_1', cell: '27821234567' }
 * ```
 */
export function projectContact(contact: Contact, projection: Record<string, 1>): ProjectedContact {
  const out: Record<string, unknown> = { _id: contact._id };
  for (const field of Object.keys(projection)) {
    if (Object.hasOwn(contact, field)) out[field] = (contact as Record<string, unknown>)[field];
  }
  return out as ProjectedContact;
}

/**
 * Runs a parsed search over a list of contacts by scanning them: the reference semantics
 * (ascending `_id`, then skip and limit) that an indexed store must reproduce.
 *
 * @example
 * ```ts
 * evaluateContactSearch(contacts, parseContactSearch(body)); // the page of projected contacts
 * ```
 */
export function evaluateContactSearch(
  contacts: Iterable<Contact>,
  request: ParsedSearchRequest,
): ProjectedContact[] {
  const matches = [...contacts].filter((c) => matchesFilter(c, request.find));
  matches.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  return matches
    .slice(request.options.skip, request.options.skip + request.options.limit)
    .map((c) => projectContact(c, request.projection));
}
