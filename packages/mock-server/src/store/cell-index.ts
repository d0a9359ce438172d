/**
 * Records by their cell, in an open-addressing hash table (linear probing) of record references.
 * It does what a `Map<string, T>` would, for a store of a million contacts: a `Map` rehashes
 * every entry each time it grows and keeps three words an entry, where this table is sized once
 * for a bulk insert (`reserve`) and keeps one or two.
 */
export class CellIndex<T extends { readonly cell: string }> {
  #slots: (T | undefined)[] = new Array(16).fill(undefined);
  #mask = 15;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get(cell: string): T | undefined {
    for (let i = cellHash(cell) & this.#mask; ; i = (i + 1) & this.#mask) {
      const record = this.#slots[i];
      if (record === undefined || record.cell === cell) return record;
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
    if ((this.#size + 1) * 2 > this.#slots.length) this.#resize(this.#slots.length * 2);
    let i = cellHash(record.cell) & this.#mask;
    for (let held = this.#slots[i]; held !== undefined; held = this.#slots[i]) {
      if (held.cell === record.cell) {
        this.#slots[i] = record;
        return;
      }
      i = (i + 1) & this.#mask;
    }
    this.#slots[i] = record;
    this.#size += 1;
  }

  delete(cell: string): boolean {
    const slots = this.#slots;
    const mask = this.#mask;
    let i = cellHash(cell) & mask;
    for (;;) {
      const record = slots[i];
      if (record === undefined) return false;
      if (record.cell === cell) break;
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
      const home = cellHash(record.cell) & mask;
      // The record may fill the gap when its home slot is not within (gap, j], cyclically.
      if (gap <= j ? home <= gap || home > j : home <= gap && home > j) {
        slots[gap] = record;
        gap = j;
      }
    }
    this.#size -= 1;
    return true;
  }

  #resize(atLeast: number): void {
    let length = 16;
    while (length < atLeast) length *= 2;
    const old = this.#slots;
    this.#slots = new Array(length).fill(undefined);
    this.#mask = length - 1;
    for (const record of old) {
      if (record === undefined) continue;
      let i = cellHash(record.cell) & this.#mask;
      while (this.#slots[i] !== undefined) i = (i + 1) & this.#mask;
      this.#slots[i] = record;
    }
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
