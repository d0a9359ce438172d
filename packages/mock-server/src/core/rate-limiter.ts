import type { RateLimitSettings } from './settings.js';

/** The answer of a rate-limit check. */
export type RateLimitDecision = { allowed: true } | { allowed: false; resetsAt: number; retryAfter: number };

/**
 * Fixed one-minute windows per organisation: an organisation budget shared by every endpoint,
 * and a separate small budget for `POST /contacts/update`.
 */
export class RateLimiter {
  readonly #used = new Map<string, { window: number; units: number }>();

  constructor(private readonly settings: RateLimitSettings) {}

  /** Takes `units` from the organisation budget (and one bulk-update request when asked) or refuses. */
  take(orgId: string, units: number, bulkUpdate: boolean, now: Date): RateLimitDecision {
    const window = Math.floor(now.getTime() / 60_000);
    const resetsAt = (window + 1) * 60;
    const buckets: [string, number, number][] = [[`org|${orgId}`, units, this.settings.perMinute]];
    if (bulkUpdate) buckets.push([`bulk|${orgId}`, 1, this.settings.bulkUpdatePerMinute]);
    for (const [key, cost, limit] of buckets) {
      if (this.#usedIn(key, window) + cost > limit) {
        return {
          allowed: false,
          resetsAt,
          retryAfter: Math.max(1, Math.ceil(resetsAt - now.getTime() / 1000)),
        };
      }
    }
    for (const [key, cost] of buckets)
      this.#used.set(key, { window, units: this.#usedIn(key, window) + cost });
    return { allowed: true };
  }

  #usedIn(key: string, window: number): number {
    const entry = this.#used.get(key);
    return entry && entry.window === window ? entry.units : 0;
  }
}
