/** A clock the mock reads for every rule: real time until it is set, then it moves only when told. */
export interface MockClock {
  /** The mock's current time. */
  now(): Date;
  /** The mock's current time in milliseconds since the epoch (`now().getTime()`, with no `Date` made). */
  nowMs(): number;
  /** Fixes the clock at an instant. */
  set(instant: Date | string): Date;
  /** Moves the clock forward by a duration such as `"7d"`, `"36h"`, `"90s"` or `"250ms"`. */
  advance(duration: string | number): Date;
  /** Goes back to real time. */
  useRealTime(): void;
  /** Whether the clock was set (it then moves only when told), rather than following real time. */
  isFixed(): boolean;
}

const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * Reads a duration: a number of milliseconds, or text such as `"7d"`, `"36h"`, `"90s"`,
 * `"1d12h"`. Returns `undefined` when it cannot.
 *
 * @example
 * ```ts
 * parseDuration('1d12h'); // 129600000
 * ```
 */
export function parseDuration(duration: string | number): number | undefined {
  if (typeof duration === 'number') return Number.isFinite(duration) && duration >= 0 ? duration : undefined;
  const text = duration.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g))
    total += Number(amount) * UNITS[unit!]!;
  return total;
}

/** Thrown for a clock instruction the mock cannot follow. */
export class ClockError extends Error {
  override name = 'ClockError' as const;
}

/** Creates a clock; `start` fixes it at once, otherwise it follows real time. */
export function createClock(start?: Date | string): MockClock {
  let fixed: number | undefined;
  const clock: MockClock = {
    now: () => new Date(fixed ?? Date.now()),
    nowMs: () => fixed ?? Date.now(),
    set(instant) {
      const time = new Date(instant).getTime();
      if (Number.isNaN(time)) throw new ClockError(`Not a date: ${String(instant)}`);
      fixed = time;
      return clock.now();
    },
    advance(duration) {
      const ms = parseDuration(duration);
      if (ms === undefined)
        throw new ClockError(`Not a duration: ${String(duration)} (use forms like 7d, 36h, 90s)`);
      fixed = (fixed ?? Date.now()) + ms;
      return clock.now();
    },
    useRealTime() {
      fixed = undefined;
    },
    isFixed: () => fixed !== undefined,
  };
  if (start !== undefined) clock.set(start);
  return clock;
}
