/**
 * Lists of IDs held as sets: a contact holds each tag and each deduped campaign once, in the
 * order it gained them. Short lists are searched as they are; long ones through a `Set`, since a
 * contact of 10,000 tags changed one tag in half a second when each ID was looked for in the
 * other list.
 */

// Up to this many IDs a list is searched as it is: cheaper than making a set.
const SEARCHED_AS_IS = 16;

/**
 * A test of whether a list holds an ID, for many questions about one list.
 *
 * @example
 * ```ts
 * const holds = membershipOf(['t1', 't2']);
 * holds('t2'); // true
 * holds('t3'); // false
 * ```
 */
export function membershipOf(list: readonly string[]): (id: string) => boolean {
  if (list.length <= SEARCHED_AS_IS) return (id) => list.includes(id);
  const set = new Set(list);
  return (id) => set.has(id);
}

/**
 * The IDs of `more` that `list` does not hold, each once, in `more`'s order.
 *
 * @example
 * ```ts
 * idsMissingFrom(['t1'], ['t2', 't1', 't2']); // ['t2']
 * ```
 */
export function idsMissingFrom(list: readonly string[], more: readonly string[]): string[] {
  const held = membershipOf(list);
  const missing: string[] = [];
  const taken = more.length > SEARCHED_AS_IS ? new Set<string>() : undefined;
  for (const id of more) {
    if (held(id) || (taken ? taken.has(id) : missing.includes(id))) continue;
    taken?.add(id);
    missing.push(id);
  }
  return missing;
}

/**
 * A list with the IDs of `more` it lacks added at its end, once each; the list itself when it
 * holds them all.
 *
 * @example
 * ```ts
 * withIds(['t1'], ['t2', 't1']); // ['t1', 't2']
 * ```
 */
export function withIds<T extends readonly string[]>(list: T, more: readonly string[]): T | string[] {
  const missing = idsMissingFrom(list, more);
  return missing.length === 0 ? list : [...list, ...missing];
}

/**
 * A list without the IDs of `remove`, in its order; the list itself when it holds none of them.
 *
 * @example
 * ```ts
 * withoutIds(['t1', 't2', 't3'], ['t2']); // ['t1', 't3']
 * ```
 */
export function withoutIds<T extends readonly string[]>(list: T, remove: readonly string[]): T | string[] {
  const removed = membershipOf(remove);
  const kept = list.filter((id) => !removed(id));
  return kept.length === list.length ? list : kept;
}

/**
 * A list without its repeats (the first of each kept, in order); the list itself when it has none.
 * The service never stores a repeat, but a seed or state file may name a tag twice.
 *
 * @example
 * ```ts
 * withoutRepeats(['a', 'b', 'a']); // ['a', 'b']
 * ```
 */
export function withoutRepeats<T extends readonly string[]>(list: T): T {
  if (list.length < 2) return list;
  if (list.length <= SEARCHED_AS_IS) {
    for (let i = 1; i < list.length; i++)
      if (list.lastIndexOf(list[i]!, i - 1) >= 0) return [...new Set(list)] as unknown as T;
    return list;
  }
  const unique = new Set(list);
  return (unique.size === list.length ? list : [...unique]) as unknown as T;
}
