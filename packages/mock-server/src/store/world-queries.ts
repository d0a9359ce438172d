import { type Contact, toMsisdn } from '@marketing/domain';
import { isIsoInstant, notAnInstant } from '../core/iso-instant.js';
import { setMember } from '../core/json-in-slices.js';
import { newest } from '../core/newest.js';
import { RequestFilterError } from '../core/request-journal.js';
import type { OutboxMessage } from './records.js';
import type { World } from './world.js';

/** Which outbox messages to list. */
export interface OutboxFilter {
  channel?: 'sms' | 'email';
  /** A cell (any accepted form) or an email address. */
  cell?: string;
  /** Only messages created at or after this instant (ISO 8601). */
  since?: string;
  /** At most this many: the newest of those that match, still oldest first. */
  limit?: number;
}

/** Which webhook delivery attempts `GET /__mock/webhooks` lists. */
export interface WebhookListFilter {
  /** At most this many: the newest attempts, still oldest first. */
  limit?: number;
}

/** Which contacts to find for looking around (the dashboard's contact lookup). */
export interface ContactLookup {
  cell?: string;
  tag?: string;
  org?: string;
  /** @default 50 */
  limit?: number;
}

type FilterRules = Record<string, (value: unknown) => string | undefined>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? undefined : 'Expected a value');

const outboxRules: FilterRules = {
  channel: (value) =>
    value === 'sms' || value === 'email' ? undefined : `Expected sms or email, got ${JSON.stringify(value)}`,
  cell: text,
  since: (value) => (isIsoInstant(value) ? undefined : notAnInstant(value)),
  limit: wholeNumberUpTo(Infinity),
};

function wholeNumberUpTo(most: number) {
  return (value: unknown) =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= most
      ? undefined
      : `Expected a whole number ${most === Infinity ? 'of 0 or more' : `from 0 to ${most.toLocaleString('en')}`}, got ${JSON.stringify(value)}`;
}

const webhookListRules: FilterRules = { limit: wholeNumberUpTo(Infinity) };

const lookupRules: FilterRules = { cell: text, tag: text, org: text, limit: wholeNumberUpTo(Infinity) };

/** The most contacts `GET /__mock/contacts` lists at once; `mock.state()` has them all. */
export const CONTACT_LOOKUP_MAX = 10_000;

// Over HTTP a million contacts were one 1.4 s answer, every other request of a shared mock
// waiting; in process the caller only waits for itself.
const lookupQueryRules: FilterRules = { ...lookupRules, limit: wholeNumberUpTo(CONTACT_LOOKUP_MAX) };

/** Checks a filter against its rules; throws `RequestFilterError` naming every bad field and value. */
function checkFilter<T extends object>(filter: T, rules: FilterRules): T {
  const names = Object.keys(rules);
  const issues = Object.entries(filter).flatMap(([name, value]) => {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) return [`${name}: Unknown filter; use ${names.join(', ')}`];
    const issue = value === undefined ? undefined : rule(value);
    return issue ? [`${name}: ${issue}`] : [];
  });
  if (issues.length > 0) throw new RequestFilterError(issues.join('; '));
  return filter;
}

/** Reads a filter from query parameters: each at most once, numbers for `numeric` ones. */
function filterFromQuery(params: URLSearchParams, rules: FilterRules, numeric: string[] = []) {
  const filter: Record<string, unknown> = {};
  const repeated = new Set<string>();
  for (const [name, value] of params) {
    if (Object.hasOwn(filter, name)) repeated.add(name);
    setMember(filter, name, numeric.includes(name) && /^\d+$/.test(value) ? Number(value) : value);
  }
  if (repeated.size > 0)
    throw new RequestFilterError([...repeated].map((name) => `${name}: Given more than once`).join('; '));
  return checkFilter(filter, rules);
}

/**
 * Checks an outbox filter given in process. Throws `RequestFilterError` naming an unknown field
 * or a bad value.
 */
export function checkOutboxFilter(filter: OutboxFilter): OutboxFilter {
  return checkFilter(filter, outboxRules);
}

/**
 * Reads an outbox filter from query parameters (`?channel=sms&since=2026-11-01`). Throws
 * `RequestFilterError` naming an unknown, repeated or bad filter.
 */
export function outboxFilterFromQuery(params: URLSearchParams): OutboxFilter {
  return filterFromQuery(params, outboxRules, ['limit']) as OutboxFilter;
}

/**
 * Reads which webhook attempts to list from query parameters (`?limit=500`), strictly: a
 * parameter it does not know is refused rather than ignored (the whole journal came back).
 */
export function webhookListFilterFromQuery(params: URLSearchParams): WebhookListFilter {
  return filterFromQuery(params, webhookListRules, ['limit']) as WebhookListFilter;
}

/** Checks a contact lookup given in process; throws `RequestFilterError` naming what is wrong. */
export function checkContactLookup(lookup: ContactLookup): ContactLookup {
  return checkFilter(lookup, lookupRules);
}

/**
 * Reads a contact lookup from query parameters (`?tag=tag_vip&limit=10`), strictly: `limit` at
 * most {@link CONTACT_LOOKUP_MAX}.
 */
export function contactLookupFromQuery(params: URLSearchParams): ContactLookup {
  return filterFromQuery(params, lookupQueryRules, ['limit']) as ContactLookup;
}

function* take<T>(items: Iterable<T>, count: number): Generator<T> {
  if (count <= 0) return;
  let taken = 0;
  for (const item of items) {
    yield item;
    if (++taken >= count) return;
  }
}

/** The outbox messages that match a filter, oldest first. */
export function outboxOf(world: World, filter: OutboxFilter = {}): OutboxMessage[] {
  checkOutboxFilter(filter);
  const since = filter.since === undefined ? undefined : new Date(filter.since).toISOString();
  const cell = filter.cell?.replace(/^\+/, '');
  const found = world.outbox.filter(
    (m) =>
      (filter.channel === undefined || m.channel === filter.channel) &&
      (filter.cell === undefined || m.to === filter.cell || m.to === cell) &&
      (since === undefined || m.createdAt >= since),
  );
  return newest(found, filter.limit);
}

/** Contacts by cell (any accepted form) or tag, from the indexes, in every organisation or one. */
export function findContacts(world: World, lookup: ContactLookup): (Contact & { org_id: string })[] {
  const { cell, tag, org, limit = 50 } = checkContactLookup(lookup);
  const msisdn = cell === undefined ? undefined : (toMsisdn(cell) ?? cell);
  const found: (Contact & { org_id: string })[] = [];
  for (const [orgId, store] of world.contacts) {
    if (org !== undefined && orgId !== org) continue;
    const candidates =
      msisdn !== undefined
        ? [store.getByCell(msisdn)]
        : tag !== undefined
          ? [...take(store.withTag(tag), limit)]
          : [...take(store.all(), limit)];
    for (const contact of candidates) {
      if (contact && (tag === undefined || contact.tag_ids.includes(tag)))
        found.push({ org_id: orgId, ...contact });
      if (found.length >= limit) return found;
    }
  }
  return found;
}

/** How many contacts the world holds, in every organisation. */
export function contactCountOf(world: World): number {
  let count = 0;
  for (const store of world.contacts.values()) count += store.size;
  return count;
}
