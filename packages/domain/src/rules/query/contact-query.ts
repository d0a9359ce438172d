import { toMsisdn } from '../../cell.js';
import { toIsoInstant } from '../../primitives.js';
import type { Contact, ProjectedContact } from '../../schemas/contact.js';
import {
  type ContactSearchBody,
  type ParsedSearchRequest,
  SEARCH_LIMIT_DEFAULT,
} from '../../schemas/contact-requests.js';
import { holdsAll } from '../id-lists.js';

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
  if (find.cell && !has(find.cell, contact.cell)) return false;
  const $in = find.tag_ids?.$in;
  if ($in && !contact.tag_ids.some((t) => has($in, t))) return false;
  const $all = find.tag_ids?.$all;
  if ($all && !holdsAll(contact.tag_ids, $all)) return false;
  if (find.updatedAt?.$gte && contact.updatedAt < find.updatedAt.$gte) return false;
  if (find.updatedAt?.$lte && contact.updatedAt > find.updatedAt.$lte) return false;
  return true;
}

// A filter's list as a set, made once per list: a search may name 10,000 cells or tags, and
// looking each candidate up in the list itself took half a second for one search.
const SETS = new WeakMap<readonly string[], Set<string>>();
function has(list: readonly string[], value: string): boolean {
  if (list.length <= 8) return list.includes(value);
  let set = SETS.get(list);
  if (!set) {
    set = new Set(list);
    SETS.set(list, set);
  }
  return set.has(value);
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
