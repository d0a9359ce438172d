import type { Campaign } from '@marketing/domain';
import { ShardedMap } from './sharded-map.js';

// The per-contact maps of original campaigns. The service shows them as plain objects, and a
// plain object used as a dictionary grows by copying itself whole: one that took a 700,000th
// contact held the thread 85 ms (150 ms at 1.4 million), as a campaign sent to that many. The
// first time one is written, a campaign's six maps move into ShardedMaps, and its six fields
// become getters that read them as plain objects again (made on the first read after a change,
// so a read costs what it did). Everything that reads a campaign (answers, state files, copies)
// sees the same values as before, in another key order.

// The fields of an original campaign that hold a value for each contact, by contact `_id`.
const CONTACT_MAP_FIELDS = [
  'contactSendCounts',
  'contactCreatedAt',
  'lastSent',
  'lastReply',
  'lastClick',
  'contactClickCounts',
] as const;
/** A field of an original campaign that holds a value for each contact, by contact `_id`. */
export type ContactMapField = (typeof CONTACT_MAP_FIELDS)[number];

interface Held {
  maps: Record<ContactMapField, ShardedMap<unknown>>;
  // What each field reads as, made when first read after a change.
  views: Partial<Record<ContactMapField, Record<string, unknown>>>;
}
const held = new WeakMap<Campaign, Held>();

function contactMap(campaign: Campaign, field: ContactMapField): ShardedMap<unknown> {
  return (held.get(campaign) ?? hold(campaign)).maps[field];
}

/** A campaign's value for a contact in its map `field`, or `undefined`. */
export function valueFor(campaign: Campaign, field: ContactMapField, contactId: string): unknown {
  return contactMap(campaign, field).get(contactId);
}

/**
 * Sets a campaign's value for a contact in its map `field`; the field reads it at once.
 *
 * @example
 * ```ts
 * setFor(campaign, 'lastSent', contact._id, now.toISOString());
 * campaign.lastSent[contact._id]; // now.toISOString()
 * ```
 */
export function setFor(campaign: Campaign, field: ContactMapField, contactId: string, value: unknown): void {
  const entry = held.get(campaign) ?? hold(campaign);
  entry.maps[field].set(contactId, value);
  entry.views[field] = undefined;
}

function hold(campaign: Campaign): Held {
  const maps = {} as Held['maps'];
  const entry: Held = { maps, views: {} };
  for (const field of CONTACT_MAP_FIELDS) {
    const map = new ShardedMap<unknown>();
    for (const [contactId, value] of Object.entries(campaign[field] ?? {})) map.set(contactId, value);
    maps[field] = map;
    Object.defineProperty(campaign, field, {
      enumerable: true,
      configurable: true,
      get: () => {
        let view = entry.views[field];
        if (!view) {
          view = {};
          for (const [contactId, value] of map)
            if (contactId === '__proto__')
              // Set by assignment, this key would be taken for the object's prototype.
              Object.defineProperty(view, contactId, {
                value,
                enumerable: true,
                writable: true,
                configurable: true,
              });
            else view[contactId] = value;
          entry.views[field] = view;
        }
        return view;
      },
      // A field given a whole new object (a copy put back, say) takes its entries.
      set: (value: Record<string, unknown>) => {
        map.clear();
        for (const [contactId, entryValue] of Object.entries(value ?? {})) map.set(contactId, entryValue);
        entry.views[field] = undefined;
      },
    });
  }
  held.set(campaign, entry);
  return entry;
}
