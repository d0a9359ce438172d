// The scheduler's bench row: a year of daily recurring sends, advanced in one call.
import { createMockService, type SeedDocument } from '@marketing/mock-server';

/** The sizes of the world the year runs over. */
export interface YearSizes {
  contacts: number;
  campaigns: number;
  /** How many contacts carry each campaign's tag (the rest are targeted by none). */
  perCampaign: number;
  days: number;
}

/**
 * Advances a mock by `days` in one `POST /__mock/clock`-equivalent call with `campaigns` recurring
 * campaigns over `contacts` contacts; answers the time it took and how many sends it made.
 */
export function timeYearOfRecurringSends(sizes: YearSizes): { ms: number; sends: number } {
  const seed: SeedDocument = {
    orgs: [{ _id: 'org', credits: 1e12, timezone: 'Africa/Johannesburg' }],
    tags: Array.from({ length: sizes.campaigns }, (_, i) => ({
      tag_id: `t${i}`,
      org_id: 'org',
      name: `T${i}`,
    })),
    campaigns: Array.from({ length: sizes.campaigns }, (_, i) => ({
      _id: `cmp_${i}`,
      org_id: 'org',
      kind: 'recurring' as const,
      tag_ids: [`t${i}`],
      send_window_hours: { min_hours: 8 + (i % 9), max_hours: 18 },
    })),
    contacts: Array.from({ length: sizes.contacts }, (_, i) => ({
      org_id: 'org',
      cell: `2782${String(i).padStart(7, '0')}`,
      tag_ids: i < sizes.campaigns * sizes.perCampaign ? [`t${i % sizes.campaigns}`] : [],
    })),
  };
  const mock = createMockService({ seed, now: '2026-01-01T00:00:00Z', rateLimit: false });
  const started = performance.now();
  mock.clock.advance(`${sizes.days}d`);
  const ms = performance.now() - started;
  return { ms, sends: mock.outbox().length };
}
