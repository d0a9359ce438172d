import { setMember } from './json-in-slices.js';
import type { Steps } from './slices.js';

const VALUES_PER_STEP = 50_000;

type Container = Record<string, unknown> | unknown[];

/**
 * A deep copy of JSON data (what `JSON.parse` makes, and `Date`s), made a slice at a time: a
 * provider state's 18 MB seed took `structuredClone` a blocking 150 ms on every setup. A
 * `__proto__` key is copied as the own property `JSON.parse` makes of it.
 *
 * @example
 * ```ts
 * const copy = await runInSlices(cloneJsonSteps(seed));
 * ```
 */
export function* cloneJsonSteps<T>(value: T): Steps<T> {
  const pending: [Container, Container][] = [];
  let copied = 0;
  const copyOf = (item: unknown): unknown => {
    if (item === null || typeof item !== 'object') return item;
    if (item instanceof Date) return new Date(item.getTime());
    const copy: Container = Array.isArray(item) ? [] : {};
    pending.push([item as Container, copy]);
    return copy;
  };
  const root = copyOf(value) as T;
  while (pending.length > 0) {
    const [from, to] = pending.pop()!;
    if (Array.isArray(from)) {
      const list = to as unknown[];
      for (let i = 0; i < from.length; i++) {
        list[i] = copyOf(from[i]);
        if (++copied % VALUES_PER_STEP === 0) yield;
      }
    } else {
      const record = to as Record<string, unknown>;
      for (const key of Object.keys(from)) {
        setMember(record, key, copyOf(from[key]));
        if (++copied % VALUES_PER_STEP === 0) yield;
      }
    }
  }
  return root;
}
