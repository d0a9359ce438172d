import type { Campaign } from '@marketing/domain';
import type { Steps } from '../core/slices.js';
import { ShardedMap } from './sharded-map.js';

// The per-contact maps of original campaigns. The service shows them as plain objects, and a
// plain object used as a dictionary grows by copying itself whole: one that took a 700,000th
// contact held the thread 85 ms (150 ms at 1.4 million), as a campaign sent to that many. The
// first time one is written, a campaign's six maps move into ShardedMaps, and its six fields
// become getters that read them as plain objects again (made on the first read after a change,
// so a read costs what it did). Everything that reads a campaign (answers, state files, copies)
// sees the same values as before, in another key order.

/** The fields of an original campaign that hold a value for each contact, by contact `_id`. */
export const CONTACT_MAP_FIELDS = [
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

// Puts a plain object's entries into a campaign's map.
function fill(map: ShardedMap<unknown>, entries: Record<string, unknown> | undefined): void {
  for (const [contactId, value] of Object.entries(entries ?? {})) map.set(contactId, value);
}

function hold(campaign: Campaign): Held {
  const maps = {} as Held['maps'];
  const entry: Held = { maps, views: {} };
  for (const field of CONTACT_MAP_FIELDS) {
    const map = new ShardedMap<unknown>();
    fill(map, campaign[field]);
    maps[field] = map;
    Object.defineProperty(campaign, field, {
      enumerable: true,
      configurable: true,
      get: () => {
        let view = entry.views[field];
        if (!view) {
          view = objectOf(map);
          entry.views[field] = view;
        }
        return view;
      },
      // A field given a whole new object (a copy put back, say) takes its entries.
      set: (value: Record<string, unknown>) => {
        map.clear();
        fill(map, value);
        entry.views[field] = undefined;
      },
    });
  }
  held.set(campaign, entry);
  return entry;
}

const isMapField = (key: string): key is ContactMapField =>
  (CONTACT_MAP_FIELDS as readonly string[]).includes(key);

// A plain object of a map's entries; `__proto__` is defined, as assigned it would be taken for
// the object's prototype.
function objectOf(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [contactId, value] of entries)
    if (contactId === '__proto__')
      Object.defineProperty(object, contactId, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else object[contactId] = value;
  return object;
}

// The copies `campaignAsNow` made, with their maps' entries as they stood.
interface Viewed {
  entries: Record<ContactMapField, Iterable<[string, unknown]>>;
  sizes: Record<ContactMapField, number>;
}
const viewed = new WeakMap<Campaign, Viewed>();

/**
 * A shallow copy of a campaign as it stands, taken in a moment whatever its size, for a state file
 * written while the mock goes on: its per-contact maps are views of the entries they hold now
 * (read as plain objects when read, made then), not copies, and {@link campaignJsonSteps} writes
 * them from those views. A value replaced meanwhile is read as replaced (as `ShardedMap.valuesAsNow`).
 *
 * @example
 * ```ts
 * const copy = campaignAsNow(campaign);
 * setFor(campaign, 'lastSent', laterContact._id, now);
 * copy.lastSent[laterContact._id]; // undefined
 * ```
 */
export function campaignAsNow(campaign: Campaign): Campaign {
  const entry = held.get(campaign);
  if (!entry) return { ...campaign };
  const copy = {} as Record<string, unknown>;
  const seen = { entries: {}, sizes: {} } as Viewed;
  for (const key of Object.keys(campaign)) {
    if (!isMapField(key)) {
      copy[key] = (campaign as unknown as Record<string, unknown>)[key];
      continue;
    }
    const entries = entry.maps[key].entriesAsNow();
    seen.entries[key] = entries;
    seen.sizes[key] = entry.maps[key].size;
    let object: Record<string, unknown> | undefined;
    Object.defineProperty(copy, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        object ??= objectOf(entries);
        return object;
      },
    });
  }
  viewed.set(copy as unknown as Campaign, seen);
  return copy as unknown as Campaign;
}

// A campaign's entries of one map, from its parts when it has them (no plain object made).
function entriesOf(campaign: Campaign, field: ContactMapField): Iterable<[string, unknown]> {
  const entry = held.get(campaign);
  if (entry) return entry.maps[field];
  return viewed.get(campaign)?.entries[field] ?? Object.entries(campaign[field] ?? {});
}

/** How many per-contact values a campaign holds in all of its maps. */
export function contactValueCount(campaign: Campaign): number {
  const entry = held.get(campaign);
  const seen = viewed.get(campaign);
  let count = 0;
  for (const field of CONTACT_MAP_FIELDS)
    count += entry
      ? entry.maps[field].size
      : (seen?.sizes[field] ?? Object.keys(campaign[field] ?? {}).length);
  return count;
}

// Entries of a map written a step, and the length a piece of text reaches before a new one.
const ENTRIES_PER_STEP = 2_000;
const PIECE_CHARS = 64 * 1024;

/**
 * A campaign's JSON text in pieces as they are made (the value `JSON.stringify(campaign)` gives;
 * keys that read as whole numbers may come in another order), its per-contact maps written from
 * their parts: an empty piece marks a step, where the caller may let other work run. Pieces are
 * handed on as soon as they are made, so a writer that drops them keeps none: a state file held
 * the whole text of a campaign sent to 800,000 contacts (66 MB), and V8 spent 100-170 ms at a
 * time moving it between generations.
 *
 * @example
 * ```ts
 * for (const piece of campaignJsonPieces(campaign)) if (piece) stream.write(piece);
 * ```
 */
export function* campaignJsonPieces(campaign: Campaign): Generator<string, void, void> {
  const outline: Record<string, unknown> = {};
  const marks = new Map<string, ContactMapField>();
  const nonce = `\u0000${Math.random().toString(36).slice(2)}:`;
  for (const key of Object.keys(campaign)) {
    if (isMapField(key)) {
      const mark = `${nonce}${key}`;
      outline[key] = mark;
      marks.set(JSON.stringify(mark), key);
    } else outline[key] = (campaign as unknown as Record<string, unknown>)[key];
  }
  const text = JSON.stringify(outline);
  // Parts joined into a piece once it is long enough: one flat string, not a rope of thousands.
  let parts: string[] = [];
  let chars = 0;
  const add = (part: string): string | undefined => {
    parts.push(part);
    chars += part.length;
    if (chars < PIECE_CHARS) return undefined;
    const piece = parts.join('');
    parts = [];
    chars = 0;
    return piece;
  };
  let from = 0;
  for (;;) {
    let at = -1;
    let found: [string, ContactMapField] | undefined;
    for (const [markText, field] of marks) {
      const index = text.indexOf(markText, from);
      if (index >= 0 && (at < 0 || index < at)) {
        at = index;
        found = [markText, field];
      }
    }
    if (!found) break;
    const before = add(text.slice(from, at));
    if (before) yield before;
    let separator = '{';
    let written = 0;
    for (const [contactId, value] of entriesOf(campaign, found[1])) {
      const json = JSON.stringify(value);
      if (json === undefined) continue;
      const piece = add(`${separator}${JSON.stringify(contactId)}:${json}`);
      separator = ',';
      if (piece) yield piece;
      if (++written % ENTRIES_PER_STEP === 0) yield '';
    }
    const piece = add(written === 0 ? '{}' : '}');
    if (piece) yield piece;
    from = at + found[0].length;
  }
  parts.push(text.slice(from));
  yield parts.join('');
}

/**
 * A campaign's JSON text in pieces of at least 64 kB but the last (see {@link campaignJsonPieces}),
 * made a few thousand entries a step: the answer for a campaign sent to 800,000 contacts (66 MB)
 * made at once held the server 1.2 s, and 2.6 s when its maps were read as objects first.
 *
 * @example
 * ```ts
 * const pieces = await runInSlices(campaignJsonSteps(campaign));
 * JSON.parse(pieces.join('')); // the value JSON.parse(JSON.stringify(campaign)) gives
 * ```
 */
export function* campaignJsonSteps(campaign: Campaign): Steps<string[]> {
  const pieces: string[] = [];
  for (const piece of campaignJsonPieces(campaign))
    if (piece) pieces.push(piece);
    else yield;
  return pieces;
}
