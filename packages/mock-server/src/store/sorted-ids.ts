const MAX_CHUNK = 2048;

/**
 * A set of IDs kept in sorted order by a comparator. IDs live in chunks of at most 2,048, so an
 * insert or delete anywhere moves at most one chunk's entries, not the whole set: updates that
 * reorder contacts (a new `updatedAt`, a tag added to an old contact) stay cheap at a million.
 */
export class SortedIds {
  #chunks: string[][] = [];
  #size = 0;
  readonly #compare: (a: string, b: string) => number;

  constructor(compare: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0)) {
    this.#compare = compare;
  }

  get size(): number {
    return this.#size;
  }

  /** The IDs in order. */
  *values(): IterableIterator<string> {
    for (const chunk of this.#chunks) yield* chunk;
  }

  /** The IDs from position `start` (inclusive) to `end` (exclusive), in order. */
  slice(start: number, end: number): string[] {
    const out: string[] = [];
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

  /** The position of the first ID that is not before `probe` by `compareTo(id)` (<0 means before). */
  lowerBound(compareTo: (id: string) => number): number {
    let offset = 0;
    for (const chunk of this.#chunks) {
      if (compareTo(chunk[chunk.length - 1]!) >= 0) return offset + lowerIn(chunk, compareTo);
      offset += chunk.length;
    }
    return offset;
  }

  // The chunk an ID belongs in: the first whose last ID is not before it, else the last chunk.
  #chunkFor(id: string): number {
    let lo = 0;
    let hi = this.#chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#compare(this.#chunks[mid]![this.#chunks[mid]!.length - 1]!, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(id: string): boolean {
    if (this.#chunks.length === 0) {
      this.#chunks.push([id]);
      this.#size = 1;
      return true;
    }
    const index = this.#chunkFor(id);
    const chunk = this.#chunks[index]!;
    const at = lowerIn(chunk, (other) => this.#compare(other, id));
    if (chunk[at] === id) return false;
    chunk.splice(at, 0, id);
    this.#size += 1;
    if (chunk.length > MAX_CHUNK)
      this.#chunks.splice(index, 1, chunk.slice(0, MAX_CHUNK / 2), chunk.slice(MAX_CHUNK / 2));
    return true;
  }

  delete(id: string): boolean {
    if (this.#chunks.length === 0) return false;
    const index = this.#chunkFor(id);
    const chunk = this.#chunks[index]!;
    const at = lowerIn(chunk, (other) => this.#compare(other, id));
    if (chunk[at] !== id) return false;
    chunk.splice(at, 1);
    this.#size -= 1;
    if (chunk.length === 0) this.#chunks.splice(index, 1);
    return true;
  }

  has(id: string): boolean {
    if (this.#chunks.length === 0) return false;
    const chunk = this.#chunks[this.#chunkFor(id)]!;
    return chunk[lowerIn(chunk, (other) => this.#compare(other, id))] === id;
  }
}

function lowerIn(chunk: readonly string[], compareTo: (id: string) => number): number {
  let lo = 0;
  let hi = chunk.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareTo(chunk[mid]!) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
