import { TZDate } from '@date-fns/tz';
import type { Campaign, SendWindow } from '../schemas/campaign.js';
import type { CampaignV2, EventFilter } from '../schemas/campaign-v2.js';
import type { Contact } from '../schemas/contact.js';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../templates/format-date.js';
import { isOptedOut } from './replies.js';

/** A campaign's targeting, the same for both campaign models. */
export interface Targeting {
  campaign_id: string;
  /** Contacts need at least one of these tags; empty means every contact. */
  includeTags: string[];
  excludeTags: string[];
  /** Contacts need to be in at least one of these segments; empty means no segment filter. */
  includeSegments: string[];
  excludeSegments: string[];
  /** Only contacts validated as reachable within this many days; null or absent: no filter. */
  reachabilityDays?: number | null | undefined;
  events: EventFilter[];
  window?: SendWindow | undefined;
  /** Draw weights per included tag (V2 only). */
  weights?: Record<string, number> | undefined;
}

/**
 * The targeting of a campaign of either model: tags in and out, segments in and out,
 * reachability, event filters (V2), send window and weights (V2).
 *
 * @example
 * ```ts
 * targetingOf(campaign).excludeTags; // campaign.nin_tag_ids, or targeting.tag_ids.$nin for V2
 * ```
 */
export function targetingOf(campaign: Campaign | CampaignV2): Targeting {
  if ('targeting' in campaign) {
    const t = campaign.targeting;
    return {
      campaign_id: campaign._id,
      includeTags: t.tag_ids.$in,
      excludeTags: t.tag_ids.$nin,
      includeSegments: t.segment_ids.$in,
      excludeSegments: t.segment_ids.$nin,
      reachabilityDays: t.reachability_days,
      events: t.events,
      window: campaign.recurring_sends?.window,
      weights: t.tag_ids.weights,
    };
  }
  return {
    campaign_id: campaign._id,
    includeTags: campaign.tag_ids,
    excludeTags: campaign.nin_tag_ids,
    includeSegments: campaign.segment_ids,
    excludeSegments: campaign.nin_segment_ids ?? [],
    reachabilityDays: campaign.reachableInLastDays,
    events: [],
    window: campaign.send_window_hours,
  };
}

/** What a contact has done, as event filters read it, and the segments it is in. */
export interface ContactActivity {
  segmentIds?: readonly string[];
  /**
   * Event facts by `${action}|${channel}|${source}`: a timestamp for `last_*` actions, a count
   * for `*_count` actions.
   */
  events?: Readonly<Record<string, string | number>>;
}

/** Why a contact is not targeted. */
export type TargetingExclusion =
  | 'opted_out_global'
  | 'opted_out_campaign'
  | 'excluded_tag'
  | 'excluded_segment'
  | 'not_targeted'
  | 'unreachable'
  | 'event_filter';

/** Whether a contact may be sent to by a campaign, and if not, why. */
export type TargetingVerdict = { eligible: true } | { eligible: false; reason: TargetingExclusion };

const DAY_MS = 86_400_000;

/**
 * Whether a contact passes one event filter. `last_*` actions compare whole days since the event;
 * `*_count` actions compare the count (no record counts as 0); `$exists` compares presence.
 *
 * @example
 * ```ts
 * // Clicked within the last 7 days:
 * passesEventFilter({ action: 'last_click', channel: 'sms', source: 'c1', operator: '$lte', value: 7 }, activity, now);
 * ```
 */
export function passesEventFilter(filter: EventFilter, activity: ContactActivity, now: Date): boolean {
  const fact = activity.events?.[`${filter.action}|${filter.channel}|${filter.source}`];
  if (filter.operator === '$exists') return (fact !== undefined) === (filter.exists ?? true);
  const isCount = filter.action.endsWith('_count');
  let measure: number | undefined;
  if (isCount) measure = typeof fact === 'number' ? fact : 0;
  else if (typeof fact === 'string' && !Number.isNaN(Date.parse(fact))) {
    measure = Math.floor((now.getTime() - Date.parse(fact)) / DAY_MS);
  }
  if (measure === undefined || filter.value === undefined) return false;
  if (filter.operator === '$eq') return measure === filter.value;
  if (filter.operator === '$gte') return measure >= filter.value;
  return measure <= filter.value;
}

/**
 * Decides whether a campaign may send to a contact: opt-outs (global, then the campaign's),
 * excluded tags and segments, included tags and segments, reachability, then event filters.
 *
 * @example
 * ```ts
 * targetContact(contact, targetingOf(campaign), { now }); // { eligible: false, reason: 'excluded_tag' }
 * ```
 */
export function targetContact(
  contact: Pick<Contact, 'tag_ids' | 'deduped_campaign_ids' | 'global_opt_out' | 'validated'>,
  targeting: Targeting,
  context: { now: Date; activity?: ContactActivity },
): TargetingVerdict {
  const activity = context.activity ?? {};
  const segments = activity.segmentIds ?? [];
  if (contact.global_opt_out) return { eligible: false, reason: 'opted_out_global' };
  if (isOptedOut(contact, targeting.campaign_id)) return { eligible: false, reason: 'opted_out_campaign' };
  if (targeting.excludeTags.some((t) => contact.tag_ids.includes(t)))
    return { eligible: false, reason: 'excluded_tag' };
  if (targeting.excludeSegments.some((s) => segments.includes(s)))
    return { eligible: false, reason: 'excluded_segment' };
  if (targeting.includeTags.length > 0 && !targeting.includeTags.some((t) => contact.tag_ids.includes(t))) {
    return { eligible: false, reason: 'not_targeted' };
  }
  if (targeting.includeSegments.length > 0 && !targeting.includeSegments.some((s) => segments.includes(s))) {
    return { eligible: false, reason: 'not_targeted' };
  }
  if (typeof targeting.reachabilityDays === 'number') {
    const at = contact.validated?.at ? Date.parse(contact.validated.at) : Number.NaN;
    const recent = !Number.isNaN(at) && context.now.getTime() - at <= targeting.reachabilityDays * DAY_MS;
    if (contact.validated?.reachable !== true || !recent) return { eligible: false, reason: 'unreachable' };
  }
  if (!targeting.events.every((f) => passesEventFilter(f, activity, context.now))) {
    return { eligible: false, reason: 'event_filter' };
  }
  return { eligible: true };
}

/**
 * Whether an instant falls inside a send window (hours 0 to 23, both ends included) in a time
 * zone. A window whose start is after its end wraps past midnight. No window means always.
 *
 * @example
 * ```ts
 * inSendWindow(new Date('2026-11-22T06:30:00Z'), { min_hours: 8, max_hours: 17 }, 'Africa/Johannesburg'); // true
 * ```
 */
export function inSendWindow(
  now: Date,
  window: SendWindow | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): boolean {
  if (!window) return true;
  const hour = new TZDate(now.getTime(), isValidTimeZone(timeZone) ? timeZone : 'UTC').getHours();
  const { min_hours: min, max_hours: max } = window;
  return min <= max ? hour >= min && hour <= max : hour >= min || hour <= max;
}

/**
 * The first instant after `after` at which a daily send window opens (its `min_hours`, on the
 * hour) in a time zone: when a recurring campaign makes its daily send. No window opens at
 * midnight.
 *
 * @example
 * ```ts
 * nextWindowOpening(new Date('2026-11-22T10:00:00Z'), { min_hours: 8, max_hours: 17 }, 'Africa/Johannesburg');
 * // 2026-11-23T06:00:00.000Z (08:00 the next day in Johannesburg)
 * ```
 */
export function nextWindowOpening(
  after: Date,
  window: SendWindow | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const hour = window?.min_hours ?? 0;
  const local = new TZDate(after.getTime(), zone);
  for (let days = 0; days < 3; days++) {
    const opening = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + days,
      hour,
      0,
      0,
      0,
      zone,
    );
    if (opening.getTime() > after.getTime()) return new Date(opening.getTime());
  }
  // Unreachable: an opening comes at least once in any two days.
  return new Date(after.getTime() + DAY_MS);
}

/**
 * Splits a whole number across keys in proportion to weights, by largest remainder: the counts
 * always add up to `total`, and each is within 1 of its exact share.
 *
 * @example
 * ```ts
 * apportion(10, { a: 2, b: 1 }); // { a: 7, b: 3 }
 * ```
 */
export function apportion(total: number, weights: Readonly<Record<string, number>>): Record<string, number> {
  const keys = Object.keys(weights).filter((k) => (weights[k] ?? 0) > 0);
  const sum = keys.reduce((s, k) => s + weights[k]!, 0);
  const counts: Record<string, number> = {};
  if (keys.length === 0 || total <= 0) return Object.fromEntries(Object.keys(weights).map((k) => [k, 0]));
  const exact = keys.map((k) => ({ k, share: (total * weights[k]!) / sum }));
  let given = 0;
  for (const { k, share } of exact) {
    counts[k] = Math.floor(share);
    given += counts[k];
  }
  const byRemainder = [...exact].sort(
    (a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)),
  );
  for (let i = 0; given < total; i = (i + 1) % byRemainder.length, given += 1)
    counts[byRemainder[i]!.k]! += 1;
  for (const k of Object.keys(weights)) counts[k] ??= 0;
  return counts;
}

/**
 * A small seeded random number generator (mulberry32): the same seed gives the same sequence,
 * so draws are reproducible in tests.
 *
 * @example
 * ```ts
 * const random = seededRandom(42);
 * random(); // a number in [0, 1)
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One contact drawn for a send, and the tag it was drawn through. */
export interface DrawPick {
  id: string;
  tag: string;
}

/**
 * Draws up to `total` distinct contacts from per-tag pools in proportion to the tags' weights.
 * When a pool runs short its share goes to the others, by weight, so the draw yields
 * `min(total, distinct contacts)`. Deterministic for a given seed.
 *
 * @example
 * ```ts
 * weightedDraw({ pools: { a: idsA, b: idsB }, weights: { a: 3, b: 1 }, total: 100, seed: 7 }).countsByTag;
 * // { a: 75, b: 25 }
 * ```
 */
export function weightedDraw(input: WeightedDrawInput): WeightedDrawResult {
  const steps = weightedDrawSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** What {@link weightedDraw} draws from. */
export interface WeightedDrawInput {
  /** The contact IDs each tag can give. */
  pools: Readonly<Record<string, readonly string[]>>;
  /** Each tag's weight; tags without one give nothing. */
  weights: Readonly<Record<string, number>>;
  /** How many contacts to draw at most. */
  total: number;
  /** The seed of the draw: the same seed, pools and weights give the same picks. */
  seed: number;
}

/** What {@link weightedDraw} drew. */
export interface WeightedDrawResult {
  picks: DrawPick[];
  countsByTag: Record<string, number>;
}

// Picks (or pool entries copied) between the pauses of weightedDrawSteps: a few milliseconds.
const DRAW_STEP = 4_096;

/**
 * {@link weightedDraw} as steps: the generator pauses (yields) every few thousand picks, so that a
 * caller drawing hundreds of thousands can let other work run between, and returns the same
 * result `weightedDraw` does.
 *
 * @example
 * ```ts
 * const steps = weightedDrawSteps({ pools, weights: { a: 3, b: 1 }, total: 200_000, seed: 7 });
 * let step = steps.next();
 * while (!step.done) step = steps.next(); // step.value: the draw
 * ```
 */
export function* weightedDrawSteps(input: WeightedDrawInput): Generator<void, WeightedDrawResult, void> {
  const random = seededRandom(input.seed);
  const tags = Object.keys(input.weights);
  const remaining = new Map<string, string[]>();
  for (const tag of tags) {
    const from = input.pools[tag] ?? [];
    const pool: string[] = [];
    for (let i = 0; i < from.length; i += DRAW_STEP) {
      for (let j = i; j < Math.min(from.length, i + DRAW_STEP); j++) pool.push(from[j]!);
      yield;
    }
    remaining.set(tag, pool);
  }
  const chosen = new Set<string>();
  const picks: DrawPick[] = [];
  const countsByTag: Record<string, number> = Object.fromEntries(tags.map((t) => [t, 0]));

  // Takes one random not-yet-chosen contact from a pool (swap-remove, so each draw is O(1)).
  const takeFrom = (tag: string): boolean => {
    const pool = remaining.get(tag)!;
    while (pool.length > 0) {
      const i = Math.floor(random() * pool.length);
      const id = pool[i]!;
      pool[i] = pool[pool.length - 1]!;
      pool.pop();
      if (chosen.has(id)) continue;
      chosen.add(id);
      picks.push({ id, tag });
      countsByTag[tag]! += 1;
      return true;
    }
    return false;
  };

  let needed = Math.max(0, Math.floor(input.total));
  // The first round apportions over every weight, so the draw follows the weights exactly when the
  // pools suffice (an empty pool's share is 0 or goes to the next round); later rounds give what a
  // short pool could not fill to the pools that still have contacts.
  let firstRound = true;
  while (needed > 0) {
    const open = Object.fromEntries(
      tags.filter((t) => firstRound || remaining.get(t)!.length > 0).map((t) => [t, input.weights[t]!]),
    );
    firstRound = false;
    if (!tags.some((t) => remaining.get(t)!.length > 0)) break;
    let drawn = 0;
    for (const [tag, quota] of Object.entries(apportion(needed, open))) {
      for (let i = 0; i < quota && takeFrom(tag); i++) {
        drawn += 1;
        if (picks.length % DRAW_STEP === 0) yield;
      }
    }
    // After the first, a round that draws nothing has emptied a pool, so the loop always ends.
    needed -= drawn;
  }
  return { picks, countsByTag };
}
