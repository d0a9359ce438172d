import {
  type Contact,
  type ContactFilter,
  matchesFilter,
  membershipOf,
  type ParsedSearchRequest,
} from '@marketing/domain';
import { runToEnd, type Steps } from '../core/slices.js';
import { CellIndex } from './cell-index.js';
import { IdListPool } from './id-list-pool.js';
import { type IndexStatistics, planContactQuery, type QueryPlan } from './query-plan.js';
import { SortedList } from './sorted-list.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Orders contacts (or anything holding one's `_id`) by `_id`, which is creation order. */
export const byContactId = (a: { readonly _id: string }, b: { readonly _id: string }) => byText(a._id, b._id);
// Stable (as Array.prototype.sort is), it keeps _id order within a time: fewer comparisons, same order.
const byUpdatedAtOnly = (a: Contact, b: Contact) => byText(a.updatedAt, b.updatedAt);
/**
 * The contacts of several lists each ordered by `_id` (a store's tags), in `_id` order, each
 * once, read as they are asked for: a union made and sorted whole took a second for two tags of
 * 800,000 contacts before the first was looked at. For a few lists: it compares every list's
 * next contact at each step.
 *
 * @example
 * ```ts
 * for (const contact of unionById(['a', 'b'].map((t) => store.withTag(t)))) send(contact);
 * ```
 */
export function* unionById(lists: readonly Iterable<Contact>[]): Generator<Contact> {
  const heads: { rest: Iterator<Contact>; next: Contact }[] = [];
  for (const list of lists) {
    const rest = list[Symbol.iterator]();
    const first = rest.next();
    if (!first.done) heads.push({ rest, next: first.value });
  }
  while (heads.length > 0) {
    let least = heads[0]!.next;
    for (const head of heads) if (head.next._id < least._id) least = head.next;
    yield least;
    for (let i = heads.length - 1; i >= 0; i--) {
      const head = heads[i]!;
      if (head.next._id !== least._id) continue;
      const step = head.rest.next();
      if (step.done) heads.splice(i, 1);
      else head.next = step.value;
    }
  }
}

// Up to this many `$in` tags, a search reads their contacts merged lazily in _id order (each step
// compares every tag's next contact); past it, their union is made and sorted once.
const MERGED_TAGS_AT_MOST = 16;

// How many contacts are indexed between the turns a sliced seed gives other requests.
const CONTACTS_PER_STEP = 2048;

/** Options of {@link ContactStore.insertMany}. */
export interface InsertOptions {
  /** Tells `onTagsGained` of each contact's tags (an upload, not a seed). */
  announce?: boolean;
  /** An index of exactly these contacts by cell, adopted by an empty store. */
  cells?: CellIndex<Contact>;
}

/**
 * One organisation's contacts with the indexes searches run on: by `_id` (sorted), by cell, by
 * email, by tag (contacts ordered by `_id` per tag) and by `updatedAt` (ordered by time, then ID).
 * A search walks only the rows of the most selective index, in `_id` order, and stops at its page.
 *
 * Each contact has a slot, a number: `#versions[slot]` is its latest version. The indexes by `_id`
 * and by tag hold slots, so a change (a new, immutable version) is written once and touches only
 * the indexes of the tags it adds or removes: holding the contacts, a contact of 1,000 tags
 * changed in one field was replaced in 1,000 tag indexes (3,000 such contacts: 2.5 s for a one-tag
 * `$addToSet`). A slot is a small integer, not an object: no allocation a contact, and lists of
 * them give the garbage collector nothing to trace. The indexes by cell, email and `updatedAt`
 * hold the versions, replaced on a change. No map from `_id` is kept beside the sorted list (a
 * million contacts would pay ~40 B each for it).
 */
export class ContactStore {
  readonly #versions: (Contact | undefined)[] = [];
  // Slots of deleted contacts, given to the next new ones.
  readonly #freeSlots: number[] = [];
  readonly #bySlotId = (a: number, b: number) => byText(this.#versions[a]!._id, this.#versions[b]!._id);
  readonly #byId = new SortedList<number>(this.#bySlotId);
  #byCell = new CellIndex<Contact>();
  readonly #byEmail = new Map<string, Set<Contact>>();
  readonly #byTag = new Map<string, SortedList<number>>();
  readonly #byUpdatedAt = new SortedList<Contact>((a, b) =>
    a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : byText(a._id, b._id),
  );
  // Stored contacts share their lists of tag and campaign IDs, as seeded ones do (see IdListPool).
  readonly #lists = new IdListPool();

  /**
   * @param onTagsGained told when a service write gives a contact tags it did not have (an
   *   update, a single insert, an announced bulk insert); a seed's inserts are not announced.
   */
  constructor(private readonly onTagsGained?: (contact: Contact, tagIds: string[]) => void) {}

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): Contact | undefined {
    const slot = this.#slotOf(id);
    return slot === undefined ? undefined : this.#versions[slot];
  }

  #slotOf(id: string): number | undefined {
    const versions = this.#versions;
    return this.#byId.findBy((slot) => byText(versions[slot]!._id, id));
  }

  getByCell(cell: string): Contact | undefined {
    return this.#byCell.get(cell);
  }

  /** Whether a contact has this cell (an MSISDN). */
  hasCell(cell: string): boolean {
    return this.#byCell.has(cell);
  }

  /** The contacts whose email is this address (case-insensitive). */
  getByEmail(email: string): Contact[] {
    return [...(this.#byEmail.get(email.toLowerCase()) ?? [])];
  }

  /** All contacts, in `_id` order. */
  all(): IterableIterator<Contact> {
    return this.#contactsIn(this.#byId);
  }

  /**
   * All contacts as they are now, in `_id` order, in chunks of at most 2,048: a reference a
   * contact is copied (a few milliseconds at a million), no contact. Later changes leave it as it
   * was: a change replaces a contact rather than editing it.
   */
  snapshot(): readonly (readonly Contact[])[] {
    const versions = this.#versions;
    return this.#byId.mapChunks((slot) => versions[slot]!);
  }

  /** How many contacts carry a tag. */
  tagSize(tagId: string): number {
    return this.#byTag.get(tagId)?.size ?? 0;
  }

  /** The contacts that carry a tag, in `_id` order. */
  withTag(tagId: string): Iterable<Contact> {
    const index = this.#byTag.get(tagId);
    return index ? this.#contactsIn(index) : [];
  }

  /**
   * The contacts that carry any of these tags, each once, in `_id` order. For a few tags they are
   * merged as they are read (a page or a limited run reads only what it needs); for more, their
   * union is made and sorted once.
   */
  withAnyTag(tagIds: readonly string[]): Iterable<Contact> {
    // A tag no contact carries adds nothing: 10,000 named, three held, is a merge of three.
    const distinct = [...new Set(tagIds)].filter((tag) => this.tagSize(tag) > 0);
    if (distinct.length === 0) return [];
    if (distinct.length === 1) return this.withTag(distinct[0]!);
    if (distinct.length <= MERGED_TAGS_AT_MOST) return unionById(distinct.map((t) => this.withTag(t)));
    return [...new Set(distinct.flatMap((t) => [...this.withTag(t)]))].sort(byContactId);
  }

  insert(contact: Contact): void {
    this.insertMany([contact], { announce: true });
  }

  /**
   * Inserts new contacts (unknown `_id`s and cells, checked by the caller), indexing them in bulk:
   * a seed or upload of many is sorted into each index once instead of one row at a time.
   * `cells`, an index of exactly these contacts by cell that the caller built to check them, is
   * taken as the store's own when the store holds no contacts yet, rather than built again.
   */
  insertMany(contacts: readonly Contact[], options: InsertOptions = {}): void {
    runToEnd(this.insertManySteps(contacts, options));
  }

  /** {@link insertMany} as steps, to run a slice at a time (the store is not whole until they end). */
  *insertManySteps(contacts: readonly Contact[], options: InsertOptions = {}): Steps<void> {
    // Refused before anything is written: a repeated _id would corrupt every index.
    const appended = this.#refuseRepeatedIds(contacts);
    const slots = new Array<number>(contacts.length);
    const byTag = new Map<string, number[]>();
    // Contacts from a state file or a seed share their (frozen) tag lists: each such list's tag
    // indexes are looked up once, not once a contact (3,000,000 lookups for a million).
    const listsOfShared = new Map<readonly string[], number[][]>();
    const adopt =
      options.cells !== undefined && this.#byCell.size === 0 && options.cells.size === contacts.length;
    if (adopt) this.#byCell = options.cells!;
    else yield* this.#byCell.setManySteps(contacts, CONTACTS_PER_STEP * 8);
    for (let i = 0; i < contacts.length; i++) {
      if (i % CONTACTS_PER_STEP === CONTACTS_PER_STEP - 1) yield;
      const contact = contacts[i]!;
      this.#shareLists(contact);
      this.#indexEmail(contact, 'add');
      const slot = this.#slotFor(contact);
      slots[i] = slot;
      const tags = contact.tag_ids;
      let lists = listsOfShared.get(tags);
      if (lists === undefined) {
        lists = tags.map((tag) => {
          let tagged = byTag.get(tag);
          if (!tagged) {
            tagged = [];
            byTag.set(tag, tagged);
          }
          return tagged;
        });
        if (Object.isFrozen(tags)) listsOfShared.set(tags, lists);
      }
      for (let t = 0; t < lists.length; t++) lists[t]!.push(slot);
    }
    if (appended) {
      // Each tag's share of an ascending batch is ascending too, and after all it held.
      this.#byId.appendSorted(slots);
      for (const [tag, tagged] of byTag) this.#tagIndex(tag).appendSorted(tagged);
      yield;
      this.#byUpdatedAt.addMany(yield* inUpdatedAtOrder(contacts));
    } else {
      this.#byId.addMany(slots);
      for (const [tag, tagged] of byTag) this.#tagIndex(tag).addMany(tagged);
      this.#byUpdatedAt.addMany(contacts);
    }
    if (options.announce && this.onTagsGained)
      for (const contact of contacts)
        if (contact.tag_ids.length > 0) this.onTagsGained(contact, contact.tag_ids);
  }

  // Whether the batch is new IDs in ascending order after every held one (seeds, uploads, state
  // files make them so), which cannot repeat; otherwise checked one by one. Throws on a repeat.
  #refuseRepeatedIds(contacts: readonly Contact[]): boolean {
    const lastSlot = this.#byId.last();
    const last = lastSlot === undefined ? undefined : this.#versions[lastSlot]!;
    let ascending = last === undefined || (contacts[0] !== undefined && byContactId(last, contacts[0]) < 0);
    for (let i = 1; ascending && i < contacts.length; i++)
      ascending = byContactId(contacts[i - 1]!, contacts[i]!) < 0;
    if (ascending) return true;
    const seen = new Set<string>();
    for (const { _id } of contacts) {
      if (seen.has(_id) || this.get(_id)) throw new Error(`Duplicate contact _id ${_id}`);
      seen.add(_id);
    }
    return false;
  }

  /**
   * Replaces a contact's fields, keeping every index right. The caller sets `updatedAt`.
   * The cell cannot change (it identifies the contact).
   */
  update(id: string, next: Contact): void {
    const slot = this.#slotOf(id);
    if (slot === undefined) throw new Error(`No contact ${id}`);
    const current = this.#versions[slot]!;
    this.#shareLists(next);
    this.#byUpdatedAt.delete(current);
    this.#indexEmail(current, 'delete');
    // A change that leaves the tags (a shared list, or the list the contact held) reads none.
    let gained: string[] = [];
    if (next.tag_ids !== current.tag_ids) {
      const had = membershipOf(current.tag_ids);
      gained = next.tag_ids.filter((tag) => !had(tag));
      for (const tag of gained) this.#tagIndex(tag).add(slot);
      // Both lists are without repeats: when every tag held is kept, none is looked for.
      if (next.tag_ids.length - gained.length < current.tag_ids.length) {
        const has = membershipOf(next.tag_ids);
        for (const tag of current.tag_ids) if (!has(tag)) this.#untag(tag, slot);
      }
    }
    this.#versions[slot] = next;
    this.#byCell.set(next);
    this.#byUpdatedAt.add(next);
    this.#indexEmail(next, 'add');
    if (this.onTagsGained && gained.length > 0) this.onTagsGained(next, gained);
  }

  delete(id: string): Contact | undefined {
    const slot = this.#slotOf(id);
    if (slot === undefined) return undefined;
    const contact = this.#versions[slot]!;
    this.#byUpdatedAt.delete(contact);
    this.#indexEmail(contact, 'delete');
    for (const tag of contact.tag_ids) this.#untag(tag, slot);
    this.#byId.delete(slot);
    this.#byCell.delete(contact.cell);
    // Freed only now: the indexes above find the slot by its contact's _id.
    this.#versions[slot] = undefined;
    this.#freeSlots.push(slot);
    return contact;
  }

  /** What the planner needs to pick an index. */
  statistics(): IndexStatistics {
    return {
      total: this.#byId.size,
      tagSize: (tag) => this.tagSize(tag),
      updatedAtRangeSize: (range) => this.#updatedAtRange(range).count,
    };
  }

  /** Plans a filter against this store's indexes. */
  plan(filter: ContactFilter): QueryPlan {
    return planContactQuery(filter, this.statistics());
  }

  /** The stored contacts of a parsed search's page, in `_id` order, not projected. */
  searchPage(request: ParsedSearchRequest): Contact[] {
    const { skip, limit } = request.options;
    const page: Contact[] = [];
    let skipped = 0;
    const plan = this.plan(request.find);
    const filter = plan.filter;
    this.#eachOrderedCandidate(plan, (contact) => {
      if (!matchesFilter(contact, filter)) return true;
      if (skipped < skip) {
        skipped += 1;
        return true;
      }
      page.push(contact);
      return page.length < limit;
    });
    return page;
  }

  // The plan's candidates in _id order, each given to `visit` until it answers false. The common
  // drivers loop over the index's chunks directly: through generators, a page of two tags at a
  // million contacts spent 0.15 ms stepping from one candidate to the next.
  #eachOrderedCandidate(plan: QueryPlan, visit: (contact: Contact) => boolean): void {
    const driver = plan.driver;
    const versions = this.#versions;
    if (driver.index === 'all') this.#byId.each((slot) => visit(versions[slot]!));
    else if (driver.index === 'tag' && driver.tagIds.length === 1)
      this.#byTag.get(driver.tagIds[0]!)?.each((slot) => visit(versions[slot]!));
    else if (driver.index === 'allTags') {
      const [smallest, ...others] = driver.tagIds;
      this.#byTag.get(smallest!)?.each((slot) => {
        const contact = versions[slot]!;
        for (const tag of others) if (!contact.tag_ids.includes(tag)) return true;
        return visit(contact);
      });
    } else for (const contact of this.#candidates(plan, true)) if (!visit(contact)) return;
  }

  /** Every contact a filter matches, in no particular order. */
  *matching(filter: ContactFilter): IterableIterator<Contact> {
    const plan = this.plan(filter);
    for (const contact of this.#candidates(plan, false)) {
      if (matchesFilter(contact, plan.filter)) yield contact;
    }
  }

  // The rows of the plan's driving index, sorted by _id when asked.
  #candidates(plan: QueryPlan, ordered: boolean): Iterable<Contact> {
    const driver = plan.driver;
    const sort = (contacts: Contact[]) => (ordered ? contacts.sort(byContactId) : contacts);
    switch (driver.index) {
      case 'cell':
        return sort(
          driver.cells.map((c) => this.#byCell.get(c)).filter((c): c is Contact => c !== undefined),
        );
      case 'tag':
        if (ordered) return this.withAnyTag(driver.tagIds);
        return new Set(driver.tagIds.flatMap((t) => [...this.withTag(t)]));
      case 'allTags': {
        const [smallest, ...others] = driver.tagIds;
        return withEveryTag(this.withTag(smallest!), others);
      }
      case 'updatedAt': {
        const { start, count } = this.#updatedAtRange(driver.range);
        return sort(this.#byUpdatedAt.slice(start, start + count));
      }
      case 'all':
        return this.all();
    }
  }

  #updatedAtRange(range: { $gte?: string; $lte?: string }): { start: number; count: number } {
    const start =
      range.$gte === undefined
        ? 0
        : this.#byUpdatedAt.lowerBound((c) => (c.updatedAt < range.$gte! ? -1 : 1));
    const end =
      range.$lte === undefined
        ? this.#byUpdatedAt.size
        : this.#byUpdatedAt.lowerBound((c) => (c.updatedAt <= range.$lte! ? -1 : 1));
    return { start, count: Math.max(0, end - start) };
  }

  // The contact is the store's from here on: its lists become the pool's shared copies.
  #shareLists(contact: Contact): void {
    const lists = contact as { tag_ids: readonly string[]; deduped_campaign_ids: readonly string[] };
    lists.tag_ids = this.#lists.shared(contact.tag_ids);
    lists.deduped_campaign_ids = this.#lists.shared(contact.deduped_campaign_ids);
  }

  // A slot for a new contact (one freed by a delete, if any), holding it.
  #slotFor(contact: Contact): number {
    const slot = this.#freeSlots.pop() ?? this.#versions.length;
    this.#versions[slot] = contact;
    return slot;
  }

  // The contacts of an index of slots, in its order.
  *#contactsIn(index: SortedList<number>): IterableIterator<Contact> {
    for (const slot of index.values()) yield this.#versions[slot]!;
  }

  #tagIndex(tag: string): SortedList<number> {
    let index = this.#byTag.get(tag);
    if (!index) {
      index = new SortedList(this.#bySlotId);
      this.#byTag.set(tag, index);
    }
    return index;
  }

  #untag(tag: string, slot: number): void {
    const index = this.#byTag.get(tag);
    if (!index) return;
    index.delete(slot);
    if (index.size === 0) this.#byTag.delete(tag);
  }

  #indexEmail(contact: Contact, action: 'add' | 'delete'): void {
    if (!contact.email) return;
    const key = contact.email.toLowerCase();
    const contacts = this.#byEmail.get(key) ?? new Set<Contact>();
    if (action === 'add') {
      contacts.add(contact);
      this.#byEmail.set(key, contacts);
    } else {
      contacts.delete(contact);
      if (contacts.size === 0) this.#byEmail.delete(key);
    }
  }
}

/**
 * An ascending batch in `updatedAt` order, `_id` order kept within a time. A batch shares few
 * times (a seed's or upload's stamp, a state file's days), so it is grouped by time in one pass
 * and only the distinct times are sorted; a batch of mostly distinct times is sorted whole.
 */
function* inUpdatedAtOrder(contacts: readonly Contact[]): Steps<Contact[]> {
  const byTime = new Map<string, Contact[]>();
  for (let i = 0; i < contacts.length; i++) {
    if (i % CONTACTS_PER_STEP === CONTACTS_PER_STEP - 1) yield;
    const contact = contacts[i]!;
    const group = byTime.get(contact.updatedAt);
    if (group) group.push(contact);
    else if (byTime.size * 8 > contacts.length) return [...contacts].sort(byUpdatedAtOnly);
    else byTime.set(contact.updatedAt, [contact]);
  }
  const ordered: Contact[] = [];
  for (const time of [...byTime.keys()].sort())
    for (const contact of byTime.get(time)!) ordered.push(contact);
  return ordered;
}

// The contacts of the smallest tag's list that carry the other tags too, in its order. A contact
// holds a few tags: reading them beats walking the larger lists alongside.
function* withEveryTag(contacts: Iterable<Contact>, others: readonly string[]): IterableIterator<Contact> {
  for (const contact of contacts) if (others.every((tag) => contact.tag_ids.includes(tag))) yield contact;
}
