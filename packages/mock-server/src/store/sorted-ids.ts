/**
 * A set of IDs kept in sorted order by a comparator, with binary-search insert and delete.
 * Appends in order (the common case: IDs and timestamps grow) cost O(1).
 */
export class SortedIds {
  readonly #ids: string[] = [];
  readonly #compare: (a: string, b: string) => number;

  constructor(compare: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0)) {
    this.#compare = compare;
  }

  get size(): number {
    return this.#ids.length;
  }

  /** The IDs in order. Callers must not mutate it. */
  values(): readonly string[] {
    return this.#ids;
  }

  /** The first position whose ID is not before `probe` by `compareTo(id)` (<0 means before). */
  lowerBound(compareTo: (id: string) => number): number {
    let lo = 0;
    let hi = this.#ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareTo(this.#ids[mid]!) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #position(id: string): number {
    return this.lowerBound((other) => this.#compare(other, id));
  }

  add(id: string): boolean {
    const last = this.#ids[this.#ids.length - 1];
    if (last === undefined || this.#compare(last, id) < 0) {
      this.#ids.push(id);
      return true;
    }
    const at = this.#position(id);
    if (this.#ids[at] === id) return false;
    this.#ids.splice(at, 0, id);
    return true;
  }

  delete(id: string): boolean {
    const at = this.#position(id);
    if (this.#ids[at] !== id) return false;
    this.#ids.splice(at, 1);
    return true;
  }

  has(id: string): boolean {
    return this.#ids[this.#position(id)] === id;
  }
}
