/** The one empty list every stored contact without tags or opt-outs shares. */
export const noIds: string[] = Object.freeze([]) as unknown as string[];

// Past this many different lists (tag combinations) a pool keeps no more: each is its own.
const MAX_POOLED_LISTS = 4096;

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

  /**
   * A copy of a list of IDs, each the pool's one copy of it (an empty list: {@link noIds}). A list
   * the pool has copied before is answered as that copy, frozen and shared.
   */
  copy(list: readonly string[]): string[] {
    if (list.length === 0) return noIds;
    const key = keyOf(list);
    return this.#known(key, list) ?? this.#copied(key, list);
  }

  /**
   * The pool's frozen copy of a list, made now if the pool has room; the list itself when the
   * pool is full. For lists the caller made and will not change (a stored contact's).
   */
  shared(list: readonly string[]): readonly string[] {
    if (list.length === 0) return noIds;
    if (Object.isFrozen(list)) return list;
    const key = keyOf(list);
    return this.#known(key, list) ?? (this.#lists.size < MAX_POOLED_LISTS ? this.#copied(key, list) : list);
  }

  #known(key: string, list: readonly string[]): string[] | undefined {
    const known = this.#lists.get(key);
    // An ID holding the separator could make two lists one key: the known one must match.
    return known !== undefined && sameIds(known, list) ? known : undefined;
  }

  #copied(key: string, list: readonly string[]): string[] {
    const out = new Array<string>(list.length);
    for (let i = 0; i < list.length; i++) {
      const id = list[i]!;
      const pooled = this.#ids.get(id);
      if (pooled === undefined) this.#ids.set(id, id);
      out[i] = pooled ?? id;
    }
    if (this.#lists.has(key) || this.#lists.size >= MAX_POOLED_LISTS) return out;
    Object.freeze(out);
    this.#lists.set(key, out);
    return out;
  }
}

function keyOf(list: readonly string[]): string {
  let key = list[0]!;
  for (let i = 1; i < list.length; i++) key += `\u0000${list[i]!}`;
  return key;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
