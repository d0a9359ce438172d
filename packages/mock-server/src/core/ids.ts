// The counter's leading zeros, sliced rather than padded (padStart made a string per ID).
const ZEROS = '0000000000000000';

/** Makes IDs: see {@link createIdGenerator}. */
export interface IdGenerator {
  /** A new ID, with `prefix` before it; its time part `atSeconds` when given (else the clock's). */
  (prefix?: string, atSeconds?: number): string;
  /**
   * Lets IDs go back to the clock's time, but not below `seconds`: for a new world, none of whose
   * records the IDs made before need to sort after.
   */
  startOver(seconds?: number): void;
  /**
   * Makes later IDs sort after every ID of this time (records a seed or state file brought): their
   * time part is at least the next second, since the counter after them is not known.
   */
  keepAfter(seconds: number): void;
}

/** The time part of an ID this module makes (24 hex digits, no prefix), in seconds. */
export function idSeconds(id: string): number | undefined {
  return /^[0-9a-f]{24}$/.test(id) ? Number.parseInt(id.slice(0, 8), 16) : undefined;
}

/**
 * Makes ObjectId-like IDs (24 hex digits: 8 of seconds, 16 of a counter) that sort in creation
 * order as text, so `_id` order is creation order and indexes can append. A clock set back does
 * not set IDs back: the seconds part never goes below the latest it gave (until `startOver`).
 */
export function createIdGenerator(nowSeconds: () => number): IdGenerator {
  let counter = 0;
  // A seed or upload makes many IDs within one second: its text is formatted once.
  let lastSeconds = -1;
  let secondsText = '';
  // The latest seconds part given to an ID made now, which later ones never go below.
  let latest = 0;
  // `atSeconds` pins the time part (a reset replays the start world's IDs); the counter is shared.
  const next = (prefix = '', atSeconds?: number): string => {
    counter += 1;
    const asked = Math.max(0, Math.floor(atSeconds ?? nowSeconds()));
    const seconds = atSeconds === undefined ? Math.max(asked, latest) : asked;
    latest = Math.max(latest, seconds);
    if (seconds !== lastSeconds) {
      lastSeconds = seconds;
      secondsText = seconds.toString(16).padStart(8, '0').slice(-8);
    }
    // join() builds one flat string; a template would keep a 24-character ID as a rope of its
    // parts, three times the memory, and a store holds a million of them.
    const hex = counter.toString(16);
    return [prefix, secondsText, ZEROS.slice(hex.length), hex].join('');
  };
  return Object.assign(next, {
    startOver(seconds = 0) {
      latest = Math.max(0, Math.floor(seconds));
    },
    keepAfter(seconds: number) {
      latest = Math.max(latest, Math.floor(seconds) + 1);
    },
  });
}
