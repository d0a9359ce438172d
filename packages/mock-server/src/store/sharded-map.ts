const PARTS = 256;

// A hash of the last six characters (the mock's IDs end in a counter, cells in their digits that
// vary most), mixed so that keys spread evenly over the parts.
function partOf(key: string): number {
  const n = key.length;
  let hash = 0;
  for (let i = Math.max(0, n - 6); i < n; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x9e3779b1);
  return (hash >>> 24) & (PARTS - 1);
}

/**
 * A `Map` by string key, held as up to 256 smaller maps, each made when its first key comes. A
 * `Map` grows by copying itself whole into one twice its size, in one go: at a million entries one
 * `set` held the thread 57 ms, at two million about 120 ms (a long clock move records millions of
 * sends), and with 64 parts of 75,000 entries each, one part's growth still took 60 ms while V8
 * marked a 2.7 GB heap. Here one growth copies a 256th. Iteration goes part by part: in insertion order within a part, not
 * across parts.
 *
 * @example
 * ```ts
 * const sends = new ShardedMap<SendRecord>();
 * sends.set(send._id, send);
 * sends.get(send._id); // send
 * ```
 */
export class ShardedMap<V> implements Map<string, V> {
  // Made as keys come: a world that records no sends keeps no empty maps (100 worlds are held).
  readonly #parts: (Map<string, V> | undefined)[] = new Array(PARTS).fill(undefined);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get [Symbol.toStringTag](): string {
    return 'ShardedMap';
  }

  get(key: string): V | undefined {
    return this.#parts[partOf(key)]?.get(key);
  }

  has(key: string): boolean {
    return this.#parts[partOf(key)]?.has(key) ?? false;
  }

  set(key: string, value: V): this {
    const at = partOf(key);
    let part = this.#parts[at];
    if (!part) {
      part = new Map<string, V>();
      this.#parts[at] = part;
    }
    const before = part.size;
    part.set(key, value);
    this.#size += part.size - before;
    return this;
  }

  delete(key: string): boolean {
    const deleted = this.#parts[partOf(key)]?.delete(key) ?? false;
    if (deleted) this.#size -= 1;
    return deleted;
  }

  clear(): void {
    this.#parts.fill(undefined);
    this.#size = 0;
  }

  forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this) callback.call(thisArg, value, key, this);
  }

  *entries(): MapIterator<[string, V]> {
    for (const part of this.#parts) if (part) yield* part.entries();
  }

  *keys(): MapIterator<string> {
    for (const part of this.#parts) if (part) yield* part.keys();
  }

  *values(): MapIterator<V> {
    for (const part of this.#parts) if (part) yield* part.values();
  }

  /**
   * A view of the values as they stand, taken without copying them: each part's size now, and
   * later its first that many values (a part keeps the order its keys came in, so values set
   * later are left out; a value replaced meanwhile is read as replaced).
   */
  valuesAsNow(): Iterable<V> {
    const entries = this.entriesAsNow();
    return {
      *[Symbol.iterator]() {
        for (const [, value] of entries) yield value;
      },
    };
  }

  /** The entries as {@link valuesAsNow} views the values: keys set later are left out. */
  entriesAsNow(): Iterable<[string, V]> {
    const sizes = this.#parts.map((part) => part?.size ?? 0);
    const parts = [...this.#parts];
    return {
      *[Symbol.iterator]() {
        for (const [at, part] of parts.entries()) {
          let left = sizes[at]!;
          if (!part || left === 0) continue;
          for (const entry of part.entries()) {
            yield entry;
            if (--left === 0) break;
          }
        }
      },
    };
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}
