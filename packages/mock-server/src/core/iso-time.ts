let lastTime = Number.NaN;
let lastText = '';

/**
 * `date.toISOString()`, remembered for the last instant seen: a campaign run stamps thousands of
 * records with one time, and they then share one string instead of each holding a copy.
 */
export function isoOf(date: Date): string {
  const time = date.getTime();
  if (time !== lastTime) {
    lastText = date.toISOString();
    lastTime = time;
  }
  return lastText;
}
