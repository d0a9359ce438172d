import { type Contact, toMsisdn } from '@marketing/domain';
import type { OutboxMessage } from './records.js';
import type { World } from './world.js';

/** Which outbox messages to list. */
export interface OutboxFilter {
  channel?: 'sms' | 'email' | string;
  /** A cell (any accepted form) or an email address. */
  cell?: string;
  /** Only messages created at or after this instant. */
  since?: string;
}

/** Which contacts to find for looking around (the dashboard's contact lookup). */
export interface ContactLookup {
  cell?: string;
  tag?: string;
  org?: string;
  /** @default 50 */
  limit?: number;
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
  const since = filter.since === undefined ? undefined : new Date(filter.since).toISOString();
  const cell = filter.cell?.replace(/^\+/, '');
  return world.outbox.filter(
    (m) =>
      (filter.channel === undefined || m.channel === filter.channel) &&
      (filter.cell === undefined || m.to === filter.cell || m.to === cell) &&
      (since === undefined || m.createdAt >= since),
  );
}

/** Contacts by cell (any accepted form) or tag, from the indexes, in every organisation or one. */
export function findContacts(
  world: World,
  { cell, tag, org, limit = 50 }: ContactLookup,
): (Contact & { org_id: string })[] {
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
