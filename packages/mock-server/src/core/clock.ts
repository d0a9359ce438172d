import { isSteps, runToEnd, type Steps } from './slices.js';
/**
 * How the mock's clock runs: `real` is the machine's time; `offset` is real time shifted (it keeps
 * running); `frozen` stands still until it is moved.
 */
export type ClockMode = 'real' | 'offset' | 'frozen';

/** The clock's time and mode, as `GET /__mock/clock` answers them. */
export interface ClockReading {
  now: string;
  mode: ClockMode;
}

/**
 * One change to the clock, as `POST /__mock/clock` takes it. Applied in the order `real`,
 * `freeze: true`, `set`, `advance`, `freeze: false`, and only when every part is valid.
 */
export interface ClockChange {
  /** Move to this instant, keeping the mode (from `real`, the clock switches to `offset`). */
  set?: Date | string | undefined;
  /** Move forward by a duration such as `"7d"`, `"36h"`, `"90s"` (or milliseconds), keeping the mode. */
  advance?: string | number | undefined;
  /** `true` stops the clock where it is; `false` lets a frozen clock run on from its time. */
  freeze?: boolean | undefined;
  /** `true` goes back to the machine's time. */
  real?: true | undefined;
}

/**
 * The mock's clock: every rule reads it. It starts in real time (or frozen at the `now` option);
 * moving it keeps its mode, and the scheduler runs whatever falls due as it passes.
 */
export interface MockClock {
  /** The mock's current time. */
  now(): Date;
  /** The mock's current time in milliseconds since the epoch (`now().getTime()`, with no `Date` made). */
  nowMs(): number;
  /** How the clock runs now: `real`, `offset` or `frozen`. */
  mode(): ClockMode;
  /**
   * Moves the clock to an instant and keeps its mode (from `real` it switches to `offset`, so it
   * keeps running from there). Throws `ClockError`, changing nothing, for a value that is not a
   * date or outside the years 1970 to 9999.
   *
   * @example
   * ```ts
   * mock.clock.set('2026-01-01T09:00:00Z');
   * ```
   */
  set(instant: Date | string): Date;
  /**
   * Moves the clock forward by a duration such as `"7d"`, `"36h"`, `"90s"`, `"250ms"` or `"1d12h"`
   * (or a number of milliseconds), keeping its mode; every scheduled event in between runs first,
   * each at its own time. Throws `ClockError`, changing nothing, for a negative or unreadable
   * duration or one that ends past the year 9999.
   *
   * @example
   * ```ts
   * mock.clock.advance('7d'); // a week of scheduled sends, in order
   * ```
   */
  advance(duration: string | number): Date;
  /** Stops the clock at its current time. */
  freeze(): Date;
  /** Lets a frozen clock run on from its time (mode `offset`); nothing otherwise. */
  unfreeze(): Date;
  /** Goes back to the machine's time (mode `real`). */
  real(): Date;
  /**
   * Applies several changes at once, or none: `ClockError` when any part is invalid.
   *
   * @example
   * ```ts
   * mock.clock.change({ set: '2026-01-01T00:00:00Z', freeze: true });
   * ```
   */
  change(change: ClockChange): ClockReading;
  /** The time and mode, as the control plane answers them. */
  reading(): ClockReading;
  /** @deprecated Use {@link MockClock.real}. Goes back to real time. */
  useRealTime(): void;
  /** @deprecated Use {@link MockClock.mode}. Whether the clock has left real time. */
  isFixed(): boolean;
}

/**
 * Told before the clock moves forward to `target`; `stepTo` moves it part of the way (keeping the
 * mode). It may answer its work as steps, which the clock runs to the end or a slice at a time.
 */
export type ClockMoveListener = (target: number, stepTo: (at: number) => void) => unknown;

// Work a listener answered as steps, or none when it did its work at once.
function* stepsOf(work: unknown): Steps<void> {
  if (isSteps(work)) yield* work;
}

/** The mock's own handle on its clock: a {@link MockClock} that can be put back to its start. */
export interface ControlledClock extends MockClock {
  /** Back to the mode and time the clock started with; answers a function that undoes it. */
  restart(): () => void;
  /** Sets the one listener told of forward moves (the scheduler). */
  onMove(listener: ClockMoveListener | undefined): void;
  /**
   * Sets the one listener told, with the clock's new time, once it has been set back (to an
   * earlier time, or to real time from ahead of it): the scheduler plans daily sends again.
   */
  onMoveBack(listener: ((now: number) => void) | undefined): void;
  /**
   * {@link MockClock.change} as steps, for the control plane to run a slice at a time: checked
   * whole before the first step, then what falls due on the way runs between turns.
   */
  changeSteps(change: ClockChange): Steps<ClockReading>;
}

const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** The earliest instant the clock may hold: 1970-01-01T00:00:00.000Z. */
export const EARLIEST_CLOCK_MS = Date.UTC(1970, 0, 1);
/** The latest instant the clock may hold: 9999-12-31T23:59:59.999Z. */
export const LATEST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

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
  if (typeof duration !== 'string') return undefined;
  const text = duration.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g))
    total += Number(amount) * UNITS[unit!]!;
  return Number.isFinite(total) ? total : undefined;
}

/** Thrown for a clock instruction the mock cannot follow; the clock is left as it was. */
export class ClockError extends Error {
  override name = 'ClockError' as const;
}

const inBounds = (ms: number) => ms >= EARLIEST_CLOCK_MS && ms <= LATEST_CLOCK_MS;

// ISO 8601 as the clock takes it: a date (midnight UTC), or a date and time with its zone. Date.parse
// alone would take other forms ("2026/02/30", "1"), roll a day the month lacks into the next
// month, and read a time without a zone in the machine's time zone.
const ISO_INSTANT =
  /^([+-]\d{6}|\d{4,})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(Z|[+-]\d\d:\d\d)?)?$/i;

function isoInstant(text: string): number {
  const notADate = () =>
    new ClockError(`set: not a date: ${JSON.stringify(text)} (use an ISO time such as 2026-01-01T09:00:00Z)`);
  const parts = ISO_INSTANT.exec(text);
  if (!parts) throw notADate();
  const [, year, month, day, hour, minute, second, zone] = parts;
  if (hour !== undefined && zone === undefined)
    throw new ClockError(
      `set: ${JSON.stringify(text)} has no time zone (add Z, or an offset such as +02:00)`,
    );
  // A year far out is named as such; 1969 with an offset may still be 1970 in UTC (checked below).
  if (Number(year) < 1969 || Number(year) > 9999)
    throw new ClockError(`set: ${JSON.stringify(text)} is outside the years 1970 to 9999`);
  const date = Number(day);
  const realDay = new Date(Date.UTC(Number(year), Number(month) - 1, date)).getUTCDate() === date;
  const realTime = Number(hour ?? 0) <= 23 && Number(minute ?? 0) <= 59 && Number(second ?? 0) <= 59;
  const ms = realDay && realTime ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) throw notADate();
  return ms;
}

function instantOf(instant: Date | string): number {
  const ms =
    instant instanceof Date
      ? instant.getTime()
      : typeof instant === 'string'
        ? isoInstant(instant)
        : Number.NaN;
  const shown =
    instant instanceof Date ? (Number.isNaN(ms) ? 'Invalid Date' : instant.toISOString()) : String(instant);
  if (Number.isNaN(ms)) throw new ClockError(`set: not a date: ${shown} (use an ISO time)`);
  if (!inBounds(ms)) throw new ClockError(`set: ${shown} is outside the years 1970 to 9999`);
  return ms;
}

const CHANGE_FIELDS = new Set(['set', 'advance', 'freeze', 'real']);

// In process as over HTTP: a change is an object of known fields, each of its type.
function checkChange(change: unknown): asserts change is ClockChange {
  if (change === null || typeof change !== 'object' || Array.isArray(change))
    throw new ClockError('change: expected an object of set, advance, freeze and real');
  for (const field of Object.keys(change))
    if (!CHANGE_FIELDS.has(field))
      throw new ClockError(
        `change: unknown field ${JSON.stringify(field)} (use set, advance, freeze or real)`,
      );
  const { freeze, real } = change as ClockChange;
  if (freeze !== undefined && typeof freeze !== 'boolean')
    throw new ClockError('freeze: expected true or false');
  if (real !== undefined && real !== true) throw new ClockError('real: expected true');
}

/**
 * Creates a clock: at `start` when given (frozen there, or running on from it when `startMode` is
 * `offset`), otherwise in real time. `restart` comes back to the same start.
 *
 * @example
 * ```ts
 * const clock = createClock('2026-01-01T00:00:00Z');
 * clock.advance('1d').toISOString(); // '2026-01-02T00:00:00.000Z'
 * ```
 */
export function createClock(
  start?: Date | string,
  startMode: 'frozen' | 'offset' = 'frozen',
): ControlledClock {
  let startMs: number | undefined;
  try {
    startMs = start === undefined ? undefined : instantOf(start);
  } catch (error) {
    // The option the caller gave is `now`, not a set.
    throw error instanceof ClockError ? new ClockError(error.message.replace(/^set: /, 'now: ')) : error;
  }
  if (startMode !== 'frozen' && startMode !== 'offset')
    throw new ClockError(`clockMode: ${JSON.stringify(startMode)} is not frozen or offset`);
  const startOffset = startMs === undefined ? 0 : startMs - Date.now();
  let mode: ClockMode = 'real';
  // Frozen: the time itself; offset: how far the clock is from the machine's time.
  let frozenAt = 0;
  let offset = 0;
  let listener: ClockMoveListener | undefined;
  let backListener: ((now: number) => void) | undefined;

  // A running clock set just before the end of 9999 stops there rather than leave the years it
  // can be set to (and that a state file can hold).
  const nowMs = () =>
    mode === 'real'
      ? Date.now()
      : mode === 'frozen'
        ? frozenAt
        : Math.min(Date.now() + offset, LATEST_CLOCK_MS);
  const place = (at: number) => {
    if (mode === 'frozen') frozenAt = at;
    else {
      mode = 'offset';
      offset = at - Date.now();
    }
  };
  // Lets the scheduler run what falls due on the way, then lands on the target.
  function* moveTo(target: number): Steps<void> {
    const from = nowMs();
    if (listener && target > from) yield* stepsOf(listener(target, place));
    place(target);
    if (target < from) backListener?.(target);
  }

  const clock: ControlledClock = {
    now: () => new Date(nowMs()),
    nowMs,
    mode: () => mode,
    set: (instant) => {
      if (instant === undefined) throw new ClockError('set: no time given (use an ISO time or a Date)');
      clock.change({ set: instant });
      return clock.now();
    },
    advance: (duration) => {
      clock.change({ advance: duration });
      return clock.now();
    },
    freeze: () => {
      clock.change({ freeze: true });
      return clock.now();
    },
    unfreeze: () => {
      clock.change({ freeze: false });
      return clock.now();
    },
    real: () => {
      clock.change({ real: true });
      return clock.now();
    },
    change: (change) => runToEnd(clock.changeSteps(change)),
    *changeSteps(change) {
      checkChange(change);
      // Everything is checked against where the clock would be before anything moves.
      let target = change.real ? Date.now() : nowMs();
      if (change.set !== undefined) target = instantOf(change.set);
      let advanceBy = 0;
      if (change.advance !== undefined) {
        const ms = parseDuration(change.advance);
        if (ms === undefined)
          throw new ClockError(
            `advance: not a duration: ${String(change.advance)} (use a positive amount like 7d, 36h, 90s)`,
          );
        if (!inBounds(target + ms))
          throw new ClockError(`advance: ${String(change.advance)} would move the clock past the year 9999`);
        advanceBy = ms;
      }
      if (change.real) {
        const from = nowMs();
        if (listener && Date.now() > from) yield* stepsOf(listener(Date.now(), place));
        mode = 'real';
        if (Date.now() < from) backListener?.(Date.now());
      }
      // Frozen before it moves, so a frozen clock lands exactly on the time asked for.
      if (change.freeze === true && mode !== 'frozen') {
        frozenAt = nowMs();
        mode = 'frozen';
      }
      if (change.set !== undefined) yield* moveTo(target);
      if (advanceBy > 0) yield* moveTo(nowMs() + advanceBy);
      if (change.freeze === false && mode === 'frozen') {
        mode = 'offset';
        offset = frozenAt - Date.now();
      }
      return clock.reading();
    },
    reading: () => ({ now: clock.now().toISOString(), mode }),
    useRealTime: () => {
      clock.real();
    },
    isFixed: () => mode !== 'real',
    restart() {
      const before = { mode, frozenAt, offset };
      if (startMs === undefined) mode = 'real';
      else if (startMode === 'offset') {
        mode = 'offset';
        offset = startOffset;
      } else {
        mode = 'frozen';
        frozenAt = startMs;
      }
      return () => {
        ({ mode, frozenAt, offset } = before);
      };
    },
    onMove(next) {
      listener = next;
    },
    onMoveBack(next) {
      backListener = next;
    },
  };
  clock.restart();
  return clock;
}
