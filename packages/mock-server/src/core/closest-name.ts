import { distance } from 'fastest-levenshtein';

const normalise = (name: string) => name.toLowerCase().replaceAll(/[_-]/g, '');

/**
 * The known name a misspelt one most likely meant (`campaignId` → `campaign_id`), or `undefined`
 * when none is close: equal but for case and separators, or within two edits of it.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(normalise(name), normalise(candidate));
    if (d <= 2 && (!best || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}
