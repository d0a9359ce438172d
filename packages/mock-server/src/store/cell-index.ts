// A batch smaller than this is placed as it comes: ordering it costs a pass over 65,536 buckets.
const SORTED_FROM = 16_384;

/**
 * Records by their cell, in an open-addressing hash table (linear probing) of record references.
 * It does what a `Map<string, T>` would, for a store of a million contacts: a `Map` rehashes
 * every entry each time it grows and keeps three words an entry, where this table is sized once
 * for a bulk insert (`reserve`) and keeps two slots a record at most, each a reference and a
 * 4-byte hash.
 *
 * Each slot's hash is kept beside its record, in a typed array: growing the table then moves
 * references by their stored hashes without reading a record (at a million contacts, reading
 * each record's cell to hash it again was a second of cache misses), and a probe compares hashes
 * before it reads a record's cell.
 */
export class CellIndex<T extends { readonly cell: string }> {
  #slots: (T | undefined)[] = new Array(16).fill(undefined);
  #hashes = new Uint32Array(16);
  #mask = 15;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get(cell: string): T | undefined {
    const hash = cellHash(cell);
    const slots = this.#slots;
    const hashes = this.#hashes;
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const record = slots[i];
      if (record === undefined || (hashes[i] === hash && record.cell === cell)) return record;
    }
  }

  has(cell: string): boolean {
    return this.get(cell) !== undefined;
  }

  /** Makes room for `count` more records, so that inserting them never grows the table. */
  reserve(count: number): void {
    const needed = (this.#size + count) * 2;
    if (needed > this.#slots.length) this.#resize(needed);
  }

  /** Adds a record, or replaces the one with the same cell. */
  set(record: T): void {
    this.#place(record, true);
  }

  /**
   * Adds many records, each replacing the one with its cell, as `set` would one at a time, in
   * steps that yield every `perStep` records (a slice of a seed). They are placed in the order
   * of their slots: a million placed in the order they came wrote the table at random, a cache
   * miss each (200 ms against 100 ms).
   *
   * @example
   * ```ts
   * runToEnd(index.setManySteps(contacts, 16_384));
   * ```
   */
  *setManySteps(records: readonly T[], perStep: number): Generator<void, void> {
    this.reserve(records.length);
    if (records.length < SORTED_FROM) {
      for (let j = 0; j < records.length; j++) {
        if (j % perStep === perStep - 1) yield;
        this.set(records[j]!);
      }
      return;
    }
    const hashes = new Uint32Array(records.length);
    for (let j = 0; j < records.length; j++) {
      if (j % perStep === perStep - 1) yield;
      hashes[j] = cellHash(records[j]!.cell);
    }
    // A counting sort on the top bits of each record's first slot; within a bucket, in order.
    const bits = Math.min(16, Math.log2(this.#slots.length));
    const shift = Math.log2(this.#slots.length) - bits;
    const starts = new Uint32Array((1 << bits) + 1);
    for (let j = 0; j < hashes.length; j++) starts[((hashes[j]! & this.#mask) >>> shift) + 1]!++;
    for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
    const order = new Uint32Array(records.length);
    for (let j = 0; j < hashes.length; j++) order[starts[(hashes[j]! & this.#mask) >>> shift]!++] = j;
    yield;
    for (let k = 0; k < order.length; k++) {
      if (k % perStep === perStep - 1) yield;
      this.#placeHashed(records[order[k]!]!, hashes[order[k]!]!, true);
    }
  }

  /** Adds a record unless one with its cell is held; answers whether it was added. */
  addIfAbsent(record: T): boolean {
    return this.#place(record, false);
  }

  #place(record: T, replace: boolean): boolean {
    if ((this.#size + 1) * 2 > this.#slots.length) this.#resize(this.#slots.length * 2);
    return this.#placeHashed(record, cellHash(record.cell), replace);
  }

  // Room is made: the table is at most half full after it.
  #placeHashed(record: T, hash: number, replace: boolean): boolean {
    let i = hash & this.#mask;
    for (let held = this.#slots[i]; held !== undefined; held = this.#slots[i]) {
      if (this.#hashes[i] === hash && held.cell === record.cell) {
        if (replace) this.#slots[i] = record;
        return false;
      }
      i = (i + 1) & this.#mask;
    }
    this.#slots[i] = record;
    this.#hashes[i] = hash;
    this.#size += 1;
    return true;
  }

  delete(cell: string): boolean {
    const slots = this.#slots;
    const hashes = this.#hashes;
    const mask = this.#mask;
    const hash = cellHash(cell);
    let i = hash & mask;
    for (;;) {
      const record = slots[i];
      if (record === undefined) return false;
      if (hashes[i] === hash && record.cell === cell) break;
      i = (i + 1) & mask;
    }
    // Backward-shift deletion: later records of the same probe run move up into the gap, so a
    // lookup's run never crosses an empty slot that was not there when the record was placed.
    for (let gap = i, j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const record = slots[j];
      if (record === undefined) {
        slots[gap] = undefined;
        break;
      }
      const home = hashes[j]! & mask;
      // The record may fill the gap when its home slot is not within (gap, j], cyclically.
      if (gap <= j ? home <= gap || home > j : home <= gap && home > j) {
        slots[gap] = record;
        hashes[gap] = hashes[j]!;
        gap = j;
      }
    }
    this.#size -= 1;
    return true;
  }

  #resize(atLeast: number): void {
    let length = 16;
    while (length < atLeast) length *= 2;
    const oldSlots = this.#slots;
    const oldHashes = this.#hashes;
    const slots: (T | undefined)[] = new Array(length).fill(undefined);
    const hashes = new Uint32Array(length);
    const mask = length - 1;
    for (let k = 0; k < oldSlots.length; k++) {
      const record = oldSlots[k];
      if (record === undefined) continue;
      const hash = oldHashes[k]!;
      let i = hash & mask;
      while (slots[i] !== undefined) i = (i + 1) & mask;
      slots[i] = record;
      hashes[i] = hash;
    }
    this.#slots = slots;
    this.#hashes = hashes;
    this.#mask = mask;
  }
}

/** The table's hash of a cell (exported for tests that need cells landing in chosen slots). */
export function cellHash(text: string): number {
  // FNV-1a over the characters: cells are short digit strings, hashed in a few nanoseconds.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  // A final mix spreads the low bits, which the mask keeps, over all of the input.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
