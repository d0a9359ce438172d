import {
  type Contact,
  type ContactFilter,
  idListChanges,
  matchesFilter,
  membershipOf,
  type ParsedSearchRequest,
} from '@marketing/domain';
import { pauseEvery, runToEnd, type Steps } from '../core/slices.js';
import { CellIndex } from './cell-index.js';
import { IdListPool, idBits, mayHoldAll } from './id-list-pool.js';
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

// A contact of more tags than this is held in the indexes ordered by `_id` through a Held.
const HELD_FROM_TAGS = 16;
// Up to this many tags of an `$all` are each looked for in a candidate's tags as they are; more
// are counted against a set of them.
const LOOKED_FOR_AS_IS = 16;

/**
 * The one entry of a contact of many tags in the indexes ordered by `_id` (all contacts, each
 * tag's), which a change repoints at the contact's new version. Stored contacts are immutable, and
 * a contact held directly is replaced in the index of every tag it keeps when it changes: for a
 * few tags, a few binary searches, but 3,000 contacts of 1,000 tags took 2.5 s for a one-tag
 * `$addToSet`. Only such contacts get one: for the rest, reading a search's candidates through a
 * Held cost a memory access more each (an `$all` search 25% slower), and a million more objects.
 */
class Held {
  readonly _id: string;
  constructor(public contact: Contact) {
    this._id = contact._id;
  }
}

/** What the indexes ordered by `_id` hold: a contact, or the Held of a contact of many tags. */
type Entry = Contact | Held;
const contactOf = (entry: Entry): Contact => (entry instanceof Held ? entry.contact : entry);
// A new entry for this contact: a Held if it carries many tags.
const entryFor = (contact: Contact): Entry =>
  contact.tag_ids.length > HELD_FROM_TAGS ? new Held(contact) : contact;

const noChanges = { gained: [] as string[], lost: [] as string[] };
// How much reading a search or a matching does between the pauses it offers a caller in steps.
const WORK_BETWEEN_PAUSES = 2048;

/**
 * How many records reading or changing a contact of these tags counts as, in steps and budgets:
 * one, and one more for every 32 tags it carries, since its tag list is read or copied (a contact
 * of 10,000 tags costs what about 300 of a few tags do: 256 of them between turns held health
 * probes a second).
 *
 * @example
 * ```ts
 * const paused = pauseEvery(RECORDS_PER_STEP);
 * for (const contact of contacts) if (paused(contactWork(contact.tag_ids))) yield;
 * ```
 */
export const contactWork = (tagIds: readonly string[]): number => 1 + (tagIds.length >> 5);

// Collects a search's page from its matching contacts in order: `take` answers whether to go on.
function pagerOf({ options: { skip, limit } }: ParsedSearchRequest) {
  const page: Contact[] = [];
  let skipped = 0;
  return {
    page,
    take(contact: Contact): boolean {
      if (skipped < skip) skipped += 1;
      else page.push(contact);
      return page.length < limit;
    },
  };
}

/** A stand-in with only an `_id`, to look a contact up in the lists ordered by `_id`. */
const probe = (id: string) => ({ _id: id }) as Contact;
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
 * Every index holds the contacts themselves, not their IDs: a step costs no lookup, and no map
 * from `_id` is kept beside the sorted list (a million contacts would pay ~40 B each for it). A
 * contact of many tags is held by the `_id` and tag indexes through its {@link Held}, so that a
 * change touches only the indexes of the tags it adds or removes.
 */
export class ContactStore {
  readonly #byId = new SortedList<Entry>(byContactId);
  #byCell = new CellIndex<Contact>();
  readonly #byEmail = new Map<string, Set<Contact>>();
  readonly #byTag = new Map<string, SortedList<Entry>>();
  readonly #byUpdatedAt = new SortedList<Contact>((a, b) =>
    a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : byText(a._id, b._id),
  );
  // Stored contacts share their lists of tag and campaign IDs, as seeded ones do (see IdListPool).
  readonly #lists = new IdListPool();
  // The tags all contacts carry, counted with repeats across contacts.
  #tagMemberships = 0;
  // How many contacts are held through a Held (carry, or once carried, more than 16 tags).
  #heldCount = 0;

  /**
   * @param onTagsGained told when a service write gives a contact tags it did not have (an
   *   update, a single insert, an announced bulk insert); a seed's inserts are not announced.
   */
  constructor(private readonly onTagsGained?: (contact: Contact, tagIds: string[]) => void) {}

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): Contact | undefined {
    const entry = this.#byId.get(probe(id));
    return entry && contactOf(entry);
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

  /** The largest `_id` held (the latest contact's, for IDs the mock made). */
  lastId(): string | undefined {
    const last = this.#byId.last();
    return last?._id;
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
    return this.#byId.mapChunks(contactOf);
  }

  /** How many tags a contact carries, on average (0 for no contacts). */
  averageTags(): number {
    return this.size === 0 ? 0 : this.#tagMemberships / this.size;
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
    // The batch itself unless it holds a contact of many tags (most do not: no copy of a million).
    let entries: Entry[] | undefined;
    const byTag = new Map<string, Entry[]>();
    // Contacts from a state file or a seed share their (frozen) tag lists: each such list's tag
    // indexes are looked up once, not once a contact (3,000,000 lookups for a million).
    const listsOfShared = new Map<readonly string[], Entry[][]>();
    const adopt =
      options.cells !== undefined && this.#byCell.size === 0 && options.cells.size === contacts.length;
    if (adopt) this.#byCell = options.cells!;
    else yield* this.#byCell.setManySteps(contacts, CONTACTS_PER_STEP * 8);
    for (let i = 0; i < contacts.length; i++) {
      if (i % CONTACTS_PER_STEP === CONTACTS_PER_STEP - 1) yield;
      const contact = contacts[i]!;
      this.#shareLists(contact);
      this.#indexEmail(contact, 'add');
      const entry = entryFor(contact);
      if (entry !== contact) {
        entries ??= contacts.slice(0, i);
        this.#heldCount += 1;
      }
      entries?.push(entry);
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
      for (let t = 0; t < lists.length; t++) lists[t]!.push(entry);
      this.#tagMemberships += lists.length;
    }
    if (appended) {
      // Each tag's share of an ascending batch is ascending too, and after all it held.
      this.#byId.appendSorted(entries ?? contacts);
      for (const [tag, tagged] of byTag) this.#tagIndex(tag).appendSorted(tagged);
      yield;
      const inTimeOrder = yield* inUpdatedAtOrder(contacts);
      // Into an empty store (a seed, a state file) without addMany's check of the order.
      if (this.#byUpdatedAt.size === 0) this.#byUpdatedAt.appendSorted(inTimeOrder);
      else this.#byUpdatedAt.addMany(inTimeOrder);
    } else {
      this.#byId.addMany(entries ?? contacts);
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
    const last = this.#byId.last();
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
    const entry = this.#byId.get(probe(id));
    if (!entry) throw new Error(`No contact ${id}`);
    const current = contactOf(entry);
    this.#shareLists(next);
    this.#byUpdatedAt.delete(current);
    this.#indexEmail(current, 'delete');
    // A Held stays the contact's entry (repointed below), whatever tags it comes to carry; a
    // contact held directly is replaced by its new version, or by a Held once it carries many.
    const nextEntry = entry instanceof Held ? entry : entryFor(next);
    const replaced = nextEntry !== entry;
    if (replaced && nextEntry instanceof Held) this.#heldCount += 1;
    if (replaced) this.#byId.replace(nextEntry);
    // A change that keeps a shared list, or the list the contact held, has no tags to re-index.
    const { gained, lost } =
      next.tag_ids === current.tag_ids ? noChanges : idListChanges(current.tag_ids, next.tag_ids);
    for (const tag of lost) this.#untag(tag, entry);
    for (const tag of gained) this.#tagIndex(tag).add(nextEntry);
    this.#tagMemberships += gained.length - lost.length;
    if (replaced) {
      const isGained = membershipOf(gained);
      for (const tag of next.tag_ids) if (!isGained(tag)) this.#tagIndex(tag).replace(nextEntry);
    }
    if (nextEntry instanceof Held) nextEntry.contact = next;
    this.#byCell.set(next);
    this.#byUpdatedAt.add(next);
    this.#indexEmail(next, 'add');
    if (this.onTagsGained && gained.length > 0) this.onTagsGained(next, gained);
  }

  delete(id: string): Contact | undefined {
    const entry = this.#byId.get(probe(id));
    if (!entry) return undefined;
    const contact = contactOf(entry);
    this.#byUpdatedAt.delete(contact);
    this.#indexEmail(contact, 'delete');
    for (const tag of contact.tag_ids) this.#untag(tag, entry);
    this.#tagMemberships -= contact.tag_ids.length;
    this.#byId.delete(entry);
    if (entry instanceof Held) this.#heldCount -= 1;
    this.#byCell.delete(contact.cell);
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

  /**
   * The stored contacts of a parsed search's page, in `_id` order, not projected; `undefined` when
   * finding them reads more than `budget` (a contact counts as one, and one more for every 32
   * tags it carries): {@link searchPageSteps} then finds them a slice at a time.
   */
  searchPage(request: ParsedSearchRequest, budget = Number.POSITIVE_INFINITY): Contact[] | undefined {
    // The page is collected inline, not by pagerOf as searchPageSteps does: through its method a
    // page of one tag took 10% longer (2.2 against 2.0 us, measured side by side).
    const { skip, limit } = request.options;
    const page: Contact[] = [];
    let skipped = 0;
    const plan = this.plan(request.find);
    const filter = plan.filter;
    const within = this.#eachOrderedCandidate(plan, budget, (contact) => {
      if (!matchesFilter(contact, filter)) return true;
      if (skipped < skip) {
        skipped += 1;
        return true;
      }
      page.push(contact);
      return page.length < limit;
    });
    return within ? page : undefined;
  }

  // The plan's candidates in _id order that meet its driving condition, each given to `visit`
  // until it answers false; false if reading them (see contactWork) passed `budget` first. The
  // common drivers loop over the index's chunks directly: through generators, a page of two tags
  // at a million contacts spent 0.15 ms stepping from one candidate to the next. While no contact
  // carries many tags (none is held through a Held, each counts one), the loops read the contacts
  // as they are and count in the list's own loop: unwrapping and counting each candidate in the
  // callbacks made a page of one tag 2.4 times as long.
  #eachOrderedCandidate(plan: QueryPlan, budget: number, visit: (contact: Contact) => boolean): boolean {
    if (this.#heldCount > 0) return this.#eachOrderedCandidateWeighed(plan, budget, visit);
    const driver = plan.driver;
    const direct = visit as (entry: Entry) => boolean;
    if (driver.index === 'all') return this.#byId.eachUpTo(budget, direct);
    if (driver.index === 'tag' && driver.tagIds.length === 1)
      return this.#byTag.get(driver.tagIds[0]!)?.eachUpTo(budget, direct) ?? true;
    if (driver.index === 'allTags') {
      const [smallest, ...others] = this.#pooledIds(driver.tagIds);
      const holdsOthers = holdingAll(others);
      const wanted = idBits(others);
      // A few other tags are looked for inline: through holdingAll's test, an $all of two tags
      // took 3.5% longer (36.3 against 35.1 us a page, measured side by side). A list whose bits
      // lack one of theirs is passed over unread.
      const visitHolder =
        others.length > LOOKED_FOR_AS_IS
          ? (entry: Entry) => !holdsOthers((entry as Contact).tag_ids) || visit(entry as Contact)
          : (entry: Entry) => {
              const tags = (entry as Contact).tag_ids;
              if (!mayHoldAll(tags, wanted)) return true;
              for (let i = 0; i < others.length; i++) if (!tags.includes(others[i]!)) return true;
              return visit(entry as Contact);
            };
      return this.#byTag.get(smallest!)?.eachUpTo(budget, visitHolder) ?? true;
    }
    let left = budget;
    for (const contact of this.#candidates(plan, true)) {
      if (left-- <= 0) return false;
      if (!visit(contact)) break;
    }
    return true;
  }

  // #eachOrderedCandidate for a store with contacts held through a Held: each entry unwrapped and
  // weighed by its tags.
  #eachOrderedCandidateWeighed(
    plan: QueryPlan,
    budget: number,
    visit: (contact: Contact) => boolean,
  ): boolean {
    const driver = plan.driver;
    let work = 0;
    // Counts a candidate's reading; true once the budget is spent.
    const spent = (contact: Contact) => {
      work += contactWork(contact.tag_ids);
      return work > budget;
    };
    const visitEntry = (entry: Entry) => {
      const contact = contactOf(entry);
      return !spent(contact) && visit(contact);
    };
    if (driver.index === 'all') this.#byId.each(visitEntry);
    else if (driver.index === 'tag' && driver.tagIds.length === 1)
      this.#byTag.get(driver.tagIds[0]!)?.each(visitEntry);
    else if (driver.index === 'allTags') {
      const [smallest, ...others] = this.#pooledIds(driver.tagIds);
      const holdsOthers = holdingAll(others);
      this.#byTag.get(smallest!)?.each((entry) => {
        const contact = contactOf(entry);
        if (spent(contact)) return false;
        return !holdsOthers(contact.tag_ids) || visit(contact);
      });
    } else for (const contact of this.#candidates(plan, true)) if (spent(contact) || !visit(contact)) break;
    return work <= budget;
  }

  /**
   * Every contact a filter matches, in no particular order, with a pause (`undefined`) now and
   * then: a caller running in steps yields there, since reading the candidates of a filter that
   * matches few of them can take long between matches.
   */
  matching(filter: ContactFilter): Generator<Contact | undefined, void, void> {
    return this.#matchingWithPauses(this.plan(filter), false);
  }

  /** {@link searchPage} as steps, for a search that reads too much to answer at once. */
  *searchPageSteps(request: ParsedSearchRequest): Steps<Contact[]> {
    const pager = pagerOf(request);
    for (const contact of this.#matchingWithPauses(this.plan(request.find), true)) {
      if (contact === undefined) yield;
      else if (!pager.take(contact)) break;
    }
    return pager.page;
  }

  // The contacts a plan matches, sorted by _id when asked, with a pause (undefined) after each
  // stretch of reading.
  *#matchingWithPauses(plan: QueryPlan, ordered: boolean): Generator<Contact | undefined, void, void> {
    const driver = plan.driver;
    const holdsOthers =
      driver.index === 'allTags' ? holdingAll(this.#pooledIds(driver.tagIds.slice(1))) : undefined;
    const paused = pauseEvery(WORK_BETWEEN_PAUSES);
    for (const contact of this.#candidates(plan, ordered)) {
      if (paused(contactWork(contact.tag_ids))) yield undefined;
      if (holdsOthers && !holdsOthers(contact.tag_ids)) continue;
      if (matchesFilter(contact, plan.filter)) yield contact;
    }
  }

  // The rows of the plan's driving index, sorted by _id when asked. For `$all`, its smallest tag's
  // contacts: the caller checks the other tags.
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
      case 'allTags':
        return this.withTag(driver.tagIds[0]!);
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

  // The contacts of an index of entries: its own values while no contact is held through a Held
  // (a generator less a step, for every merge of several tags).
  #contactsIn(index: SortedList<Entry>): IterableIterator<Contact> {
    return this.#heldCount === 0 ? (index.values() as IterableIterator<Contact>) : unwrapped(index);
  }

  // A search's tags as the stored lists hold them, which compare with them by address alone.
  #pooledIds(tagIds: readonly string[]): string[] {
    return tagIds.map((tag) => this.#lists.pooledId(tag));
  }

  #tagIndex(tag: string): SortedList<Entry> {
    let index = this.#byTag.get(tag);
    if (!index) {
      index = new SortedList<Entry>(byContactId);
      this.#byTag.set(tag, index);
    }
    return index;
  }

  #untag(tag: string, entry: Entry): void {
    const index = this.#byTag.get(tag);
    if (!index) return;
    index.delete(entry);
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

// The contacts of an index of entries, in its order.
function* unwrapped(index: SortedList<Entry>): IterableIterator<Contact> {
  for (const entry of index.values()) yield contactOf(entry);
}

/**
 * An ascending batch in `updatedAt` order, `_id` order kept within a time. A batch shares few
 * times (a seed's or upload's stamp, a state file's days), so each contact's time is numbered in
 * one pass, only the distinct times are sorted, and each contact is placed where its time's run
 * starts; a batch of mostly distinct times is sorted whole. (Grouped in growing lists instead,
 * a million contacts of 20 times took 60 ms, against 21.)
 */
function* inUpdatedAtOrder(contacts: readonly Contact[]): Steps<Contact[]> {
  const timeOf = new Int32Array(contacts.length);
  const numbers = new Map<string, number>();
  const counts: number[] = [];
  let last: string | undefined;
  let lastNumber = -1;
  for (let i = 0; i < contacts.length; i++) {
    if (i % CONTACTS_PER_STEP === CONTACTS_PER_STEP - 1) yield;
    const time = contacts[i]!.updatedAt;
    if (time !== last) {
      let number = numbers.get(time);
      if (number === undefined) {
        if (numbers.size * 8 > contacts.length) return [...contacts].sort(byUpdatedAtOnly);
        number = numbers.size;
        numbers.set(time, number);
        counts.push(0);
      }
      last = time;
      lastNumber = number;
    }
    timeOf[i] = lastNumber;
    counts[lastNumber]! += 1;
  }
  const starts: number[] = new Array(counts.length);
  let start = 0;
  for (const time of [...numbers.keys()].sort()) {
    const number = numbers.get(time)!;
    starts[number] = start;
    start += counts[number]!;
  }
  const ordered: Contact[] = new Array(contacts.length);
  for (let i = 0; i < contacts.length; i++) ordered[starts[timeOf[i]!]!++] = contacts[i]!;
  return ordered;
}

// A test of whether a stored contact's tags hold every one of `tags`. For many tags, the contact's
// are counted against a set of them, made once a search: stored tags never repeat. Made a set of
// each candidate's tags instead, a search of 4,990 tags over 3,000 contacts of 10,000 held the
// server 3 s (and one tag at a time through each list, 110 s).
function holdingAll(tags: readonly string[]): (held: readonly string[]) => boolean {
  const bits = idBits(tags);
  if (tags.length <= LOOKED_FOR_AS_IS)
    return (held) => {
      if (!mayHoldAll(held, bits)) return false;
      for (let i = 0; i < tags.length; i++) if (!held.includes(tags[i]!)) return false;
      return true;
    };
  const wanted = new Set(tags);
  return (held) => {
    if (held.length < wanted.size || !mayHoldAll(held, bits)) return false;
    let found = 0;
    for (let i = 0; i < held.length; i++) if (wanted.has(held[i]!)) found++;
    return found === wanted.size;
  };
}
