// Items a chunk: a new chunk is one small allocation, and no push ever copies the items before it.
const CHUNK = 16_384;

/**
 * A list that only grows at its end, held as chunks of 16,384 items. An array grows by copying
 * itself whole into a larger one, in one go: with millions of outbox messages, and V8 marking the
 * heap meanwhile, one `push` held the thread 180 ms. Here a push at most starts a new chunk.
 *
 * @example
 * ```ts
 * const outbox = new ChunkedList<OutboxMessage>();
 * outbox.push(message);
 * outbox.length; // 1
 * [...outbox]; // [message]
 * ```
 */
export class ChunkedList<T> implements Iterable<T> {
  readonly #chunks: T[][] = [];
  #length = 0;

  /** How many items the list holds. */
  get length(): number {
    return this.#length;
  }

  /** Adds an item at the end. */
  push(item: T): void {
    const index = this.#length % CHUNK;
    if (index === 0) this.#chunks.push([]);
    this.#chunks[this.#chunks.length - 1]!.push(item);
    this.#length += 1;
  }

  /** The items that pass `keep`, in order, as an array. */
  filter(keep: (item: T) => boolean): T[] {
    const kept: T[] = [];
    for (const chunk of this.#chunks) for (const item of chunk) if (keep(item)) kept.push(item);
    return kept;
  }

  /**
   * The first `count` items, as they are when iterated: a view of the list as it stood, taken
   * without copying (items pushed later are not in it).
   */
  *prefix(count: number): Generator<T> {
    let left = Math.min(count, this.#length);
    for (const chunk of this.#chunks) {
      if (left <= 0) return;
      if (chunk.length <= left) yield* chunk;
      else for (let i = 0; i < left; i++) yield chunk[i]!;
      left -= chunk.length;
    }
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.#chunks) yield* chunk;
  }
}
