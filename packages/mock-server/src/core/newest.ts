/**
 * The newest `limit` items of a list kept oldest first, still oldest first; the whole list
 * without a limit: the journal's pages, the outbox and the webhook attempts all read `limit` so.
 *
 * @example
 * ```ts
 * newest(['a', 'b', 'c'], 2); // ['b', 'c']
 * newest(['a', 'b', 'c'], 0); // []
 * ```
 */
export function newest<T>(list: T[], limit: number | undefined): T[] {
  return limit === undefined ? list : list.slice(Math.max(0, list.length - limit));
}
