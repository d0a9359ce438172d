import { withoutRepeats } from '@marketing/domain';

/** The one empty list every stored contact without tags or opt-outs shares. */
export const noIds: string[] = Object.freeze([]) as unknown as string[];

// Past this many different lists (tag combinations) a pool keeps no more: each is its own.
const MAX_POOLED_LISTS = 4096;
// Only short lists are shared, so that what a pool keeps is bounded (4,096 lists of 1 kB at most):
// contacts repeat short lists, and a list of thousands of tags, changed a tag at a time, kept
// 10 MB a change for as long as the pool lived.
const MAX_POOLED_LENGTH = 32;
const MAX_KEY_CHARS = 1024;

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
  // The lists the pool keeps, answered as they are without making their key.
  readonly #kept = new WeakSet<readonly string[]>();

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
   * such a list by `withIds` or `withoutIds` (which keep a list frozen); the pool keeps it when it
   * is new, answers its own copy when not, and takes a long one as it is (a list of 10,000 tags is
   * not looked through for repeats at each change of a contact that carries them).
   */
  shared(list: readonly string[]): readonly string[] {
    if (list.length === 0) return noIds;
    if (this.#kept.has(list)) return list;
    const key = keyOf(list);
    if (key !== undefined) {
      const known = this.#known(key, list);
      if (known) return known;
      if (this.#lists.size < MAX_POOLED_LISTS)
        return Object.isFrozen(list) ? this.#keep(key, list) : this.#copied(key, list);
    }
    if (Object.isFrozen(list)) return list;
    const unique = withoutRepeats(list);
    return Object.freeze(unique === list ? [...list] : unique);
  }

  #keep(key: string, list: readonly string[]): readonly string[] {
    this.#lists.set(key, list as string[]);
    this.#kept.add(list);
    return list;
  }

  #known(key: string, list: readonly string[]): string[] | undefined {
    const known = this.#lists.get(key);
    // An ID holding the separator could make two lists one key: the known one must match.
    return known !== undefined && sameIds(known, list) ? known : undefined;
  }

  #copied(key: string | undefined, given: readonly string[]): string[] {
    const list = withoutRepeats(given);
    const out = new Array<string>(list.length);
    for (let i = 0; i < list.length; i++) {
      const id = list[i]!;
      const pooled = this.#ids.get(id);
      if (pooled === undefined) this.#ids.set(id, id);
      out[i] = pooled ?? id;
    }
    if (key === undefined || list !== given || this.#lists.has(key) || this.#lists.size >= MAX_POOLED_LISTS)
      return out;
    Object.freeze(out);
    this.#keep(key, out);
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
