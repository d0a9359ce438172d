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
  // A few IDs are looked for in the list as it is: a set of a contact's 10,000 tags, made to add
  // one, was most of a bulk add's time.
  const held = more.length <= SEARCHED_AS_IS ? (id: string) => list.includes(id) : membershipOf(list);
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
 * holds them all. A frozen list gives a frozen list (a store that freezes the lists it keeps
 * without repeats knows a list made from one has none either).
 *
 * @example
 * ```ts
 * withIds(['t1'], ['t2', 't1']); // ['t1', 't2']
 * ```
 */
export function withIds<T extends readonly string[]>(list: T, more: readonly string[]): T | string[] {
  const missing = idsMissingFrom(list, more);
  return missing.length === 0 ? list : frozenLike(list, [...list, ...missing]);
}

/**
 * A list without the IDs of `remove`, in its order; the list itself when it holds none of them.
 * A frozen list gives a frozen list, as {@link withIds} does.
 *
 * @example
 * ```ts
 * withoutIds(['t1', 't2', 't3'], ['t2']); // ['t1', 't3']
 * ```
 */
export function withoutIds<T extends readonly string[]>(list: T, remove: readonly string[]): T | string[] {
  if (remove.length > SEARCHED_AS_IS) {
    const removed = membershipOf(remove);
    const kept = list.filter((id) => !removed(id));
    return kept.length === list.length ? list : frozenLike(list, kept);
  }
  // A few IDs are found where they stand and the rest copied around them: testing each of a
  // contact's 10,000 tags against them was most of a bulk removal's time.
  const at: number[] = [];
  for (let r = 0; r < remove.length; r++) {
    const id = remove[r]!;
    if (remove.indexOf(id) < r) continue;
    for (let i = list.indexOf(id); i >= 0; i = list.indexOf(id, i + 1)) at.push(i);
  }
  if (at.length === 0) return list;
  at.sort((a, b) => a - b);
  const kept: string[] = [];
  let from = 0;
  for (const i of [...at, list.length]) {
    for (let k = from; k < i; k++) kept.push(list[k]!);
    from = i + 1;
  }
  return frozenLike(list, kept);
}

// `made`, frozen when `from` is.
const frozenLike = (from: readonly string[], made: string[]): string[] =>
  Object.isFrozen(from) ? (Object.freeze(made) as string[]) : made;

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

/**
 * Whether `list` holds every ID of `ids`. Long lists are compared through a set: looking each of
 * 10,000 IDs up in a contact's 10,000 tags, one by one, took 47 ms a contact.
 *
 * @example
 * ```ts
 * holdsAll(['t1', 't2', 't3'], ['t3', 't1']); // true
 * holdsAll(['t1'], ['t1', 't2']); // false
 * ```
 */
export function holdsAll(list: readonly string[], ids: readonly string[]): boolean {
  if (ids.length <= SEARCHED_AS_IS || list.length <= SEARCHED_AS_IS) {
    for (let i = 0; i < ids.length; i++) if (!list.includes(ids[i]!)) return false;
    return true;
  }
  const held = new Set(list);
  for (let i = 0; i < ids.length; i++) if (!held.has(ids[i]!)) return false;
  return true;
}

/**
 * What a change from `list` to `next`, two lists without repeats, gains (in `next`'s order) and
 * loses (in `list`'s order). The lists are compared by their common start and end first, then only
 * what lies between: a change that adds IDs at the end or removes a few, as every change of a
 * contact's tags does, costs a pass over the lists and no set of them.
 *
 * @example
 * ```ts
 * idListChanges(['t1', 't2', 't3'], ['t1', 't3', 't4']); // { gained: ['t4'], lost: ['t2'] }
 * ```
 */
export function idListChanges(
  list: readonly string[],
  next: readonly string[],
): { gained: string[]; lost: string[] } {
  let start = 0;
  const shorter = Math.min(list.length, next.length);
  while (start < shorter && list[start] === next[start]) start++;
  let end = 0;
  while (end < shorter - start && list[list.length - 1 - end] === next[next.length - 1 - end]) end++;
  // Neither list repeats an ID, so what lies between holds no ID of the common start or end.
  const before = list.slice(start, list.length - end);
  const after = next.slice(start, next.length - end);
  if (before.length === 0 || after.length === 0) return { gained: after, lost: before };
  const had = membershipOf(before);
  const has = membershipOf(after);
  return { gained: after.filter((id) => !had(id)), lost: before.filter((id) => !has(id)) };
}
