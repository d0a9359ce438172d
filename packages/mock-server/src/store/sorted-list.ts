const MAX_CHUNK = 2048;

/**
 * A set of values kept in order by a comparator (values that compare equal are the same entry).
 * Values live in chunks of at most 2,048, so an insert or delete anywhere moves at most one
 * chunk's entries, not the whole set: updates that reorder contacts (a new `updatedAt`, a tag
 * added to an old contact) stay cheap at a million.
 */
export class SortedList<T> {
  #chunks: T[][] = [];
  #size = 0;
  readonly #compare: (a: T, b: T) => number;

  constructor(compare: (a: T, b: T) => number) {
    this.#compare = compare;
  }

  get size(): number {
    return this.#size;
  }

  /** The values in order. */
  *values(): IterableIterator<T> {
    for (const chunk of this.#chunks) yield* chunk;
  }

  /**
   * Calls `visit` with each value in order until it answers `false`: a plain loop over the chunks,
   * several times cheaper per value than {@link values}' generator on a search's hot path.
   */
  each(visit: (value: T) => boolean): void {
    for (const chunk of this.#chunks) {
      for (let i = 0; i < chunk.length; i++) if (!visit(chunk[i]!)) return;
    }
  }

  /**
   * {@link each} for at most `most` values: `false` when it stopped there with values left (a
   * search's budget, counted in the loop rather than by the caller's callback at each value).
   */
  eachUpTo(most: number, visit: (value: T) => boolean): boolean {
    let left = most;
    for (const chunk of this.#chunks) {
      for (let i = 0; i < chunk.length; i++) {
        if (left-- <= 0) return false;
        if (!visit(chunk[i]!)) return true;
      }
    }
    return true;
  }

  /**
   * The values as they are now, each mapped, in order, as chunks of at most 2,048: a copy, which
   * later changes to the list leave as it was.
   */
  mapChunks<U>(map: (value: T) => U): U[][] {
    return this.#chunks.map((chunk) => chunk.map(map));
  }

  /** The values from position `start` (inclusive) to `end` (exclusive), in order. */
  slice(start: number, end: number): T[] {
    const out: T[] = [];
    let offset = 0;
    for (const chunk of this.#chunks) {
      if (offset + chunk.length > start && offset < end) {
        out.push(...chunk.slice(Math.max(0, start - offset), Math.max(0, end - offset)));
      }
      offset += chunk.length;
      if (offset >= end) break;
    }
    return out;
  }

  /** The position of the first value that is not before the probe by `compareTo(value)` (<0 means before). */
  lowerBound(compareTo: (value: T) => number): number {
    let offset = 0;
    for (const chunk of this.#chunks) {
      if (compareTo(chunk[chunk.length - 1]!) >= 0) return offset + lowerIn(chunk, compareTo);
      offset += chunk.length;
    }
    return offset;
  }

  // The chunk a value belongs in: the first whose last value is not before it, else the last chunk.
  #chunkFor(value: T): number {
    let lo = 0;
    let hi = this.#chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#compare(this.#chunks[mid]![this.#chunks[mid]!.length - 1]!, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Adds a value; `false` when an equal one is already there. */
  add(value: T): boolean {
    const last = this.#chunks[this.#chunks.length - 1];
    if (last === undefined) {
      this.#chunks.push([value]);
      this.#size = 1;
      return true;
    }
    // New IDs sort after every existing one, so appending is the common case.
    if (this.#compare(last[last.length - 1]!, value) < 0) {
      if (last.length < MAX_CHUNK) last.push(value);
      else this.#chunks.push([value]);
      this.#size += 1;
      return true;
    }
    const index = this.#chunkFor(value);
    const chunk = this.#chunks[index]!;
    const at = lowerIn(chunk, (other) => this.#compare(other, value));
    if (at < chunk.length && this.#compare(chunk[at]!, value) === 0) return false;
    chunk.splice(at, 0, value);
    this.#size += 1;
    if (chunk.length > MAX_CHUNK)
      this.#chunks.splice(index, 1, chunk.slice(0, MAX_CHUNK / 2), chunk.slice(MAX_CHUNK / 2));
    return true;
  }

  /**
   * Adds many values at once: sorted, then merged with the list in one pass, which beats adding
   * them one by one when they are many. Values equal to one already there (or to each other) are
   * added once.
   */
  addMany(values: readonly T[]): void {
    if (values.length < 64 || values.length * 16 < this.#size) {
      for (const value of values) this.add(value);
      return;
    }
    const compare = this.#compare;
    // Seeds and uploads usually arrive in order already (new IDs) and after every value held:
    // then they are appended as they are, neither sorted nor merged.
    const strictlySorted = values.every((value, i) => i === 0 || compare(values[i - 1]!, value) < 0);
    const last = this.#chunks[this.#chunks.length - 1];
    if (strictlySorted && (!last || compare(last[last.length - 1]!, values[0]!) < 0)) {
      this.#appendChunks(values);
      return;
    }
    const incoming = strictlySorted ? values : [...values].sort(compare);
    const merged: T[] = [];
    const push = (value: T) => {
      if (merged.length === 0 || compare(merged[merged.length - 1]!, value) !== 0) merged.push(value);
    };
    let i = 0;
    for (const chunk of this.#chunks) {
      for (const value of chunk) {
        while (i < incoming.length && compare(incoming[i]!, value) < 0) push(incoming[i++]!);
        push(value);
      }
    }
    while (i < incoming.length) push(incoming[i++]!);
    this.#chunks = [];
    this.#size = 0;
    this.#appendChunks(merged);
  }

  /**
   * Appends values the caller knows are in order and after every value held (a batch of new IDs),
   * without checking: the checks of {@link addMany} cost a comparison per value.
   */
  appendSorted(values: readonly T[]): void {
    this.#appendChunks(values);
  }

  // Appends values that sort after every value held, in half-full chunks so inserts have room.
  #appendChunks(values: readonly T[]): void {
    for (let start = 0; start < values.length; start += MAX_CHUNK / 2)
      this.#chunks.push(values.slice(start, start + MAX_CHUNK / 2));
    this.#size += values.length;
  }

  /** Removes the value equal to this one; `false` when there is none. */
  delete(value: T): boolean {
    const found = this.#find(value);
    if (!found) return false;
    const chunk = this.#chunks[found.index]!;
    chunk.splice(found.at, 1);
    this.#size -= 1;
    if (chunk.length === 0) this.#chunks.splice(found.index, 1);
    return true;
  }

  /** Whether a value equal to this one is in the list. */
  has(value: T): boolean {
    return this.#find(value) !== undefined;
  }

  /** The value held that is equal to this one (a probe with only the compared fields will do). */
  get(value: T): T | undefined {
    const found = this.#find(value);
    return found && this.#chunks[found.index]![found.at];
  }

  /** Puts this value in place of the equal one held; `false` when there is none. */
  replace(value: T): boolean {
    const found = this.#find(value);
    if (found) this.#chunks[found.index]![found.at] = value;
    return found !== undefined;
  }

  /** The largest value, if any. */
  last(): T | undefined {
    const chunk = this.#chunks[this.#chunks.length - 1];
    return chunk?.[chunk.length - 1];
  }

  #find(value: T): { index: number; at: number } | undefined {
    if (this.#chunks.length === 0) return undefined;
    const index = this.#chunkFor(value);
    const chunk = this.#chunks[index]!;
    const at = lowerIn(chunk, (other) => this.#compare(other, value));
    return at < chunk.length && this.#compare(chunk[at]!, value) === 0 ? { index, at } : undefined;
  }
}

function lowerIn<T>(chunk: readonly T[], compareTo: (value: T) => number): number {
  let lo = 0;
  let hi = chunk.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareTo(chunk[mid]!) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
