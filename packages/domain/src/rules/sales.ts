import { TZDate } from '@date-fns/tz';
import { isInternationalCell, toMsisdn } from '../cell.js';
import { messages } from '../messages.js';
import type { Sale } from '../schemas/sale.js';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../templates/format-date.js';
import { calendarDay } from './leads.js';

/** What a sale needs to know about its campaign, whichever model it is. */
export interface SaleCampaign {
  model: 'original' | 'v2';
  /** The original model's country, used for local cells. */
  country?: string | undefined;
  /** The sale value when a sale gives none (original: `defaultSaleValue`; V2: `financials.income_per_sale`). */
  defaultSaleValue: number;
}

/** A sale ready to store: cell as MSISDN, `soldAt` as an instant, its calendar day, its value. */
export interface NormalisedSale {
  campaign_id: string;
  send_id?: string;
  click_id?: string;
  cell: string;
  soldAt: string;
  /** The calendar day of `soldAt` in the organisation's time zone; duplicates compare this. */
  soldOn: string;
  saleValue: number;
}

/** The message for a local cell on a V2 campaign's sale. */
export const V2_SALE_NEEDS_INTERNATIONAL_CELL =
  'Sales for Campaigns V2 need the cell in international format';

// The instant at which the clocks of a time zone show a local date-time (`2026-11-22T14:30:00`).
function wallClockInstant(local: string, timeZone: string): Date {
  const [y, mo, d, h, mi, sec] = local.split(/[-T:]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(
    TZDate.tz(timeZone, y, mo - 1, d, h, mi, Math.floor(sec), Math.round((sec % 1) * 1000)).getTime(),
  );
}

/**
 * Reads a sale's `soldAt`: an ISO date with an optional time, in the organisation's time zone
 * unless it carries an offset; blank means now. Returns `undefined` when it is not a date.
 *
 * @example
 * ```ts
 * parseSoldAt('2026-11-22', now, 'Africa/Johannesburg');       // 2026-11-21T22:00:00.000Z
 * parseSoldAt('2026-11-22 14:30', now, 'Africa/Johannesburg'); // 2026-11-22T12:30:00.000Z
 * parseSoldAt('', now);                                        // now
 * ```
 */
export function parseSoldAt(
  soldAt: string | undefined,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): Date | undefined {
  const text = soldAt?.trim() ?? '';
  if (text === '') return now;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    text,
  );
  if (!match) return undefined;
  const [, date, time = '00:00:00', offset] = match;
  const local = `${date}T${time.length === 5 ? `${time}:00` : time}`;
  const instant = offset
    ? new Date(
        `${local}${offset === 'Z' || offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`}`,
      )
    : wallClockInstant(local, isValidTimeZone(timeZone) ? timeZone : 'UTC');
  // Reject impossible dates (2026-02-30) that Date would roll over.
  if (Number.isNaN(instant.getTime()) || (!offset && calendarDay(instant, timeZone) !== date))
    return undefined;
  return instant;
}

/**
 * Normalises one uploaded sale against its campaign: a local cell takes the campaign's country
 * (Campaigns V2 need an international cell), `soldAt` defaults to now, and `saleValue` to the
 * campaign's default sale value.
 *
 * @example
 * ```ts
 * normaliseSale({ campaign_id: 'c1', cell: '0821234567' }, { model: 'original', country: 'ZA', defaultSaleValue: 100 }, now);
 * // { ok: true, sale: { campaign_id: 'c1', cell: '27821234567', soldAt: now, soldOn: '2026-11-22', saleValue: 100 } }
 * ```
 */
export function normaliseSale(
  sale: Sale,
  campaign: SaleCampaign,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): { ok: true; sale: NormalisedSale } | { ok: false; error: string } {
  if (campaign.model === 'v2' && !isInternationalCell(sale.cell)) {
    return { ok: false, error: V2_SALE_NEEDS_INTERNATIONAL_CELL };
  }
  const cell = toMsisdn(sale.cell, campaign.model === 'original' ? campaign.country : undefined);
  if (!cell) return { ok: false, error: messages.invalidCellNumber };
  const soldAt = parseSoldAt(sale.soldAt, now, timeZone);
  if (!soldAt) return { ok: false, error: 'soldAt: Expected an ISO date YYYY-MM-DD with an optional time' };
  const normalised: NormalisedSale = {
    campaign_id: sale.campaign_id,
    cell,
    soldAt: soldAt.toISOString(),
    soldOn: calendarDay(soldAt, timeZone),
    saleValue: sale.saleValue ?? campaign.defaultSaleValue,
  };
  if (sale.send_id !== undefined) normalised.send_id = sale.send_id;
  if (sale.click_id !== undefined) normalised.click_id = sale.click_id;
  return { ok: true, sale: normalised };
}

/**
 * The key two sales share when one duplicates the other: cell, campaign and calendar day.
 *
 * @example
 * ```ts
 * saleDuplicateKey({ cell: '27821234567', campaign_id: 'c1', soldOn: '2026-11-22' }); // '27821234567|c1|2026-11-22'
 * ```
 */
export function saleDuplicateKey(sale: Pick<NormalisedSale, 'cell' | 'campaign_id' | 'soldOn'>): string {
  return `${sale.cell}|${sale.campaign_id}|${sale.soldOn}`;
}

/**
 * The index of the first sale of a batch that duplicates a stored sale or an earlier sale of
 * the same batch, or -1 when there is none.
 *
 * @example
 * ```ts
 * firstDuplicateSale(batch, (key) => storedKeys.has(key)); // 2
 * ```
 */
export function firstDuplicateSale(
  batch: readonly Pick<NormalisedSale, 'cell' | 'campaign_id' | 'soldOn'>[],
  exists: (key: string) => boolean,
): number {
  const seen = new Set<string>();
  for (const [index, sale] of batch.entries()) {
    const key = saleDuplicateKey(sale);
    if (seen.has(key) || exists(key)) return index;
    seen.add(key);
  }
  return -1;
}
