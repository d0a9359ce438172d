import { withoutRepeats } from '@marketing/domain';

/**
 * A 32-bit summary of a set of IDs: for each, one bit chosen by a hash of its text. A list whose
 * summary lacks a bit of another's cannot hold all of that one's IDs; one that has them all may.
 *
 * @example
 * ```ts
 * const wanted = idBits(['vip', 'new']);
 * const candidates = lists.filter((list) => mayHoldAll(list, wanted));
 * ```
 */
export function idBits(ids: readonly string[]): number {
  let bits = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    // FNV-1a over the UTF-16 units; its top five bits pick the ID's bit.
    let hash = 0x811c9dc5;
    for (let c = 0; c < id.length; c++) hash = Math.imul(hash ^ id.charCodeAt(c), 0x01000193);
    bits |= 1 << (hash >>> 27);
  }
  return bits;
}

/** The {@link idBits} of a list a pool made (`undefined` for any other list). */
export const idBitsOf = (list: readonly string[]): number | undefined => (list as BitsCarrier).idBits;

/**
 * Whether a list may hold every ID whose {@link idBits} are `bits`: `false` only when its own
 * summary lacks one of them (a list no pool made may hold anything).
 */
export const mayHoldAll = (list: readonly string[], bits: number): boolean =>
  ((idBitsOf(list) ?? bits) & bits) === bits;

interface BitsCarrier {
  idBits?: number;
}

// Freezes a list the pool hands out with its idBits beside it, as a property that copies, spreads,
// clones and JSON leave out (not enumerable): a search for contacts of several tags reads it
// instead of looking for each tag in each candidate's list (through includes, 11 ns a candidate).
function frozenWithBits<T extends readonly string[]>(list: T): T {
  Object.defineProperty(list, 'idBits', { value: idBits(list) });
  return Object.freeze(list);
}

/** The one empty list every stored contact without tags or opt-outs shares. */
export const noIds: string[] = frozenWithBits([]) as unknown as string[];

// Past this many different lists (tag combinations) a pool keeps no more: each is its own.
const MAX_POOLED_LISTS = 4096;
// Only short lists are shared, so that what a pool keeps is bounded (4,096 lists of 1 kB at most):
// contacts repeat short lists, and a list of thousands of tags, changed a tag at a time, kept
// 10 MB a change for as long as the pool lived.
const MAX_POOLED_LENGTH = 32;
const MAX_KEY_CHARS = 1024;

// The one copy V8 keeps of a text used as a property name. V8 compares two such copies by address
// alone, and other strings character by character: an `$all` of two tags over a million contacts
// read its candidates' tag lists 2-3 times as fast once the lists' IDs and the search's were these.
const internalized = (id: string): string => Object.keys({ [id]: 0 })[0]!;

/**
 * Keeps one frozen copy of each list of IDs that contacts repeat: a million contacts name the
 * same few hundred tag combinations, and each row or change brings its own copy. Shared lists
 * cost no memory a contact, and a search that reads many contacts' tags finds the same few lists
 * in the processor's cache (a contact changed after it was seeded otherwise carried a list of its
 * own: a page of two tags over such contacts took 30% longer).
 *
 * @example
 * ```ts
 * const pool = new IdListPool();
 * pool.copy(['t1', 't2']) === pool.copy(['t1', 't2']); // true: one frozen list
 * ```
 */
export class IdListPool {
  readonly #ids = new Map<string, string>();
  readonly #lists = new Map<string, string[]>();
  // The lists the pool keeps (each answered as itself) and the frozen lists it was given and
  // copied (each answered as its copy), without making their key: a state file's contacts share
  // a few hundred frozen lists, and keying each contact's took 200 ms a million.
  readonly #answers = new WeakMap<readonly string[], readonly string[]>();

  /**
   * A copy of a list of IDs without repeats, each the pool's one copy of it (an empty list:
   * {@link noIds}). A list the pool has copied before is answered as that copy, frozen and shared.
   */
  copy(list: readonly string[]): string[] {
    if (list.length === 0) return noIds;
    const key = keyOf(list);
    return (key !== undefined && this.#known(key, list)) || this.#copied(key, list);
  }

  /**
   * The pool's frozen copy of a list without repeats, made now if the pool has room; else a frozen
   * copy of its own (less its repeats). For lists the caller made and will not change (a stored
   * contact's). A frozen list is taken as having no repeats: the pool's own, or one made from
   * such a list by `withIds` or `withoutIds` (which keep a list frozen); the pool answers its own
   * copy of it (made of the pool's IDs, with their {@link idBits}: a new one is copied so, unless
   * another pool made it), and takes a long one as it is (a list of 10,000 tags is not looked
   * through for repeats at each change of a contact that carries them).
   */
  shared(list: readonly string[]): readonly string[] {
    if (list.length === 0) return noIds;
    const answer = this.#answers.get(list);
    if (answer !== undefined) return answer;
    const key = keyOf(list);
    if (key !== undefined) {
      const known = this.#known(key, list);
      if (known) return this.#answered(list, known);
      if (this.#lists.size < MAX_POOLED_LISTS)
        // Another pool's list (a seed's) is kept as it is: its IDs are already such copies.
        return idBitsOf(list) === undefined
          ? this.#answered(list, this.#copied(key, list))
          : this.#keep(key, list);
    }
    if (Object.isFrozen(list)) return list;
    const unique = withoutRepeats(list);
    return frozenWithBits(unique === list ? [...list] : unique);
  }

  /**
   * The pool's copy of an ID, which stored lists hold (compared by address, see `internalized`),
   * or the ID itself when no list the pool made holds it.
   *
   * @example
   * ```ts
   * const tags = pool.copy(['vip', 'new']);
   * tags.includes(pool.pooledId(JSON.parse('"vip"'))); // true, found by address
   * ```
   */
  pooledId(id: string): string {
    return this.#ids.get(id) ?? id;
  }

  #pooled(id: string): string {
    let pooled = this.#ids.get(id);
    if (pooled === undefined) {
      pooled = internalized(id);
      this.#ids.set(id, pooled);
    }
    return pooled;
  }

  #keep(key: string, list: readonly string[]): readonly string[] {
    this.#lists.set(key, list as string[]);
    this.#answers.set(list, list);
    return list;
  }

  // The answer to `shared(list)`, frozen, and remembered for the list itself when it is frozen too.
  #answered(list: readonly string[], copy: readonly string[]): readonly string[] {
    const answer = Object.isFrozen(copy) ? copy : frozenWithBits(copy);
    if (Object.isFrozen(list)) this.#answers.set(list, answer);
    return answer;
  }

  #known(key: string, list: readonly string[]): string[] | undefined {
    const known = this.#lists.get(key);
    // An ID holding the separator could make two lists one key: the known one must match.
    return known !== undefined && sameIds(known, list) ? known : undefined;
  }

  #copied(key: string | undefined, given: readonly string[]): string[] {
    const list = withoutRepeats(given);
    const out = new Array<string>(list.length);
    for (let i = 0; i < list.length; i++) out[i] = this.#pooled(list[i]!);
    if (key === undefined || list !== given || this.#lists.has(key) || this.#lists.size >= MAX_POOLED_LISTS)
      return out;
    this.#keep(key, frozenWithBits(out));
    return out;
  }
}

// The key a list is pooled under, or `undefined` for a list too long to pool.
function keyOf(list: readonly string[]): string | undefined {
  if (list.length > MAX_POOLED_LENGTH) return undefined;
  let chars = list.length - 1;
  for (let i = 0; i < list.length; i++) chars += list[i]!.length;
  if (chars > MAX_KEY_CHARS) return undefined;
  let key = list[0]!;
  for (let i = 1; i < list.length; i++) key += `\u0000${list[i]!}`;
  return key;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
