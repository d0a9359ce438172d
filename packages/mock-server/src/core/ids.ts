// The counter's leading zeros, sliced rather than padded (padStart made a string per ID).
const ZEROS = '0000000000000000';

/**
 * Makes ObjectId-like IDs (24 hex digits: 8 of seconds, 16 of a counter) that sort in creation
 * order as text, so `_id` order is creation order and indexes can append.
 */
export function createIdGenerator(nowSeconds: () => number): (prefix?: string, atSeconds?: number) => string {
  let counter = 0;
  // A seed or upload makes many IDs within one second: its text is formatted once.
  let lastSeconds = -1;
  let secondsText = '';
  // `atSeconds` pins the time part (a reset replays the start world's IDs); the counter is shared.
  return (prefix = '', atSeconds?: number): string => {
    counter += 1;
    const seconds = Math.max(0, Math.floor(atSeconds ?? nowSeconds()));
    if (seconds !== lastSeconds) {
      lastSeconds = seconds;
      secondsText = seconds.toString(16).padStart(8, '0').slice(-8);
    }
    // join() builds one flat string; a template would keep a 24-character ID as a rope of its
    // parts, three times the memory, and a store holds a million of them.
    const hex = counter.toString(16);
    return [prefix, secondsText, ZEROS.slice(hex.length), hex].join('');
  };
}
