import {
  type Contact,
  type ContactFilter,
  type IndexStatistics,
  matchesFilter,
  type ParsedSearchRequest,
  type ProjectedContact,
  planContactQuery,
  projectContact,
  type QueryPlan,
} from '@marketing/domain';
import { SortedList } from './sorted-list.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One organisation's contacts with the indexes searches run on: by `_id` (sorted), by cell, by
 * email, by tag (sorted IDs per tag) and by `updatedAt` (IDs ordered by time, then ID). A search
 * walks only the rows of the most selective index, in `_id` order, and stops at its page.
 */
export class ContactStore {
  readonly #byId = new Map<string, Contact>();
  readonly #byCell = new Map<string, string>();
  readonly #byEmail = new Map<string, Set<string>>();
  readonly #byTag = new Map<string, SortedList<string>>();
  readonly #ids = new SortedList(byText);
  // Holds the contacts themselves, so ordering reads their fields without a lookup per step.
  readonly #byUpdatedAt = new SortedList<Contact>((a, b) =>
    a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : byText(a._id, b._id),
  );

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): Contact | undefined {
    return this.#byId.get(id);
  }

  getByCell(cell: string): Contact | undefined {
    const id = this.#byCell.get(cell);
    return id === undefined ? undefined : this.#byId.get(id);
  }

  /** Whether a contact has this cell (an MSISDN). */
  hasCell(cell: string): boolean {
    return this.#byCell.has(cell);
  }

  /** The contacts whose email is this address (case-insensitive). */
  getByEmail(email: string): Contact[] {
    return [...(this.#byEmail.get(email.toLowerCase()) ?? [])].map((id) => this.#byId.get(id)!);
  }

  /** All contacts, in `_id` order. */
  *all(): IterableIterator<Contact> {
    for (const id of this.#ids.values()) yield this.#byId.get(id)!;
  }

  /** How many contacts carry a tag. */
  tagSize(tagId: string): number {
    return this.#byTag.get(tagId)?.size ?? 0;
  }

  /** The IDs of the contacts that carry a tag, in `_id` order. */
  idsWithTag(tagId: string): Iterable<string> {
    return this.#byTag.get(tagId)?.values() ?? [];
  }

  insert(contact: Contact): void {
    this.insertMany([contact]);
  }

  /**
   * Inserts new contacts (unknown `_id`s and cells, checked by the caller), indexing them in bulk:
   * a seed or upload of many is sorted into each index once instead of one row at a time.
   */
  insertMany(contacts: readonly Contact[]): void {
    // Refused before anything is written: a repeated _id would corrupt every index.
    for (const contact of contacts) {
      if (this.#byId.has(contact._id)) throw new Error(`Duplicate contact _id ${contact._id}`);
    }
    const byTag = new Map<string, string[]>();
    const sizeBefore = this.#byId.size;
    for (const contact of contacts) {
      this.#byId.set(contact._id, contact);
      this.#byCell.set(contact.cell, contact._id);
      this.#indexEmail(contact, 'add');
      for (const tag of contact.tag_ids) {
        const ids = byTag.get(tag);
        if (ids) ids.push(contact._id);
        else byTag.set(tag, [contact._id]);
      }
    }
    // A repeat within the batch itself shows as fewer entries than contacts.
    if (this.#byId.size !== sizeBefore + contacts.length) throw new Error('Duplicate contact _id inserted');
    this.#ids.addMany(contacts.map((c) => c._id));
    this.#byUpdatedAt.addMany(contacts);
    for (const [tag, ids] of byTag) this.#tagIndex(tag).addMany(ids);
  }

  /**
   * Replaces a contact's fields, keeping every index right. The caller sets `updatedAt`.
   * The cell cannot change (it identifies the contact).
   */
  update(id: string, next: Contact): void {
    const current = this.#byId.get(id);
    if (!current) throw new Error(`No contact ${id}`);
    this.#byUpdatedAt.delete(current);
    this.#indexEmail(current, 'delete');
    for (const tag of current.tag_ids) if (!next.tag_ids.includes(tag)) this.#untag(tag, id);
    for (const tag of next.tag_ids) if (!current.tag_ids.includes(tag)) this.#tagIndex(tag).add(id);
    this.#byId.set(id, next);
    this.#byUpdatedAt.add(next);
    this.#indexEmail(next, 'add');
  }

  delete(id: string): Contact | undefined {
    const contact = this.#byId.get(id);
    if (!contact) return undefined;
    this.#byUpdatedAt.delete(contact);
    this.#indexEmail(contact, 'delete');
    for (const tag of contact.tag_ids) this.#untag(tag, id);
    this.#ids.delete(id);
    this.#byCell.delete(contact.cell);
    this.#byId.delete(id);
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

  /** Runs a parsed search: the page of matches in `_id` order, projected. */
  search(request: ParsedSearchRequest): ProjectedContact[] {
    const { skip, limit } = request.options;
    const page: ProjectedContact[] = [];
    let skipped = 0;
    for (const id of this.#candidates(this.plan(request.find), true)) {
      const contact = this.#byId.get(id);
      if (!contact || !matchesFilter(contact, request.find)) continue;
      if (skipped < skip) skipped += 1;
      else {
        page.push(projectContact(contact, request.projection));
        if (page.length >= limit) break;
      }
    }
    return page;
  }

  /** Every contact a filter matches, in no particular order. */
  *matching(filter: ContactFilter): IterableIterator<Contact> {
    for (const id of this.#candidates(this.plan(filter), false)) {
      const contact = this.#byId.get(id);
      if (contact && matchesFilter(contact, filter)) yield contact;
    }
  }

  // The rows of the plan's driving index, sorted by _id when asked.
  #candidates(plan: QueryPlan, ordered: boolean): Iterable<string> {
    const driver = plan.driver;
    const sort = (ids: string[]) => (ordered ? ids.sort(byText) : ids);
    switch (driver.index) {
      case 'cell':
        return sort(
          driver.cells.map((c) => this.#byCell.get(c)).filter((id): id is string => id !== undefined),
        );
      case 'tag':
        if (driver.tagIds.length === 1) return this.idsWithTag(driver.tagIds[0]!);
        return sort([...new Set(driver.tagIds.flatMap((t) => [...this.idsWithTag(t)]))]);
      case 'allTags':
        return intersectSorted(driver.tagIds.map((t) => this.idsWithTag(t)));
      case 'updatedAt': {
        const { start, count } = this.#updatedAtRange(driver.range);
        return sort(this.#byUpdatedAt.slice(start, start + count).map((c) => c._id));
      }
      case 'all':
        return this.#ids.values();
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

  #tagIndex(tag: string): SortedList<string> {
    let index = this.#byTag.get(tag);
    if (!index) {
      index = new SortedList(byText);
      this.#byTag.set(tag, index);
    }
    return index;
  }

  #untag(tag: string, id: string): void {
    const index = this.#byTag.get(tag);
    if (!index) return;
    index.delete(id);
    if (index.size === 0) this.#byTag.delete(tag);
  }

  #indexEmail(contact: Contact, action: 'add' | 'delete'): void {
    if (!contact.email) return;
    const key = contact.email.toLowerCase();
    const ids = this.#byEmail.get(key) ?? new Set<string>();
    if (action === 'add') {
      ids.add(contact._id);
      this.#byEmail.set(key, ids);
    } else {
      ids.delete(contact._id);
      if (ids.size === 0) this.#byEmail.delete(key);
    }
  }
}

// The IDs in every one of several ID lists sorted by _id, in that order, walking each list once.
function* intersectSorted(lists: Iterable<string>[]): IterableIterator<string> {
  const [first, ...others] = lists.map((list) => list[Symbol.iterator]());
  if (!first) return;
  const heads = others.map((list) => list.next());
  next: for (let current = first.next(); !current.done; current = first.next()) {
    const id = current.value;
    for (let k = 0; k < others.length; k++) {
      let head = heads[k]!;
      while (!head.done && head.value < id) {
        head = others[k]!.next();
        heads[k] = head;
      }
      if (head.done) return;
      if (head.value !== id) continue next;
    }
    yield id;
  }
}
