import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import type { Lead } from '../schemas/lead-requests.js';
import type { StatusReason } from '../schemas/lead-transaction.js';
import type { LeadStatus, Offer } from '../schemas/offer.js';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../templates/format-date.js';

/** How many days back an earlier lead of the same cell and offer makes a new one a duplicate. */
export const DUPLICATE_WINDOW_DAYS = 7;

/** Which matchback identifier a lead uses, and its value. */
export type Matchback = { kind: 'campaign_id' | 'send_id' | 'click_id'; id: string };

/**
 * The one matchback identifier of a lead, or `undefined` when it has none or several (the
 * lead is then refused).
 *
 * @example
 * ```ts
 * matchbackOf({ resource_id: 'r1', cell: '1', send_id: 'snd_1' }); // { kind: 'send_id', id: 'snd_1' }
 * ```
 */
export function matchbackOf(lead: Pick<Lead, 'campaign_id' | 'send_id' | 'click_id'>): Matchback | undefined {
  const given = (['campaign_id', 'send_id', 'click_id'] as const).filter((k) => lead[k] !== undefined);
  if (given.length !== 1) return undefined;
  const kind = given[0]!;
  return { kind, id: lead[kind]! };
}

/** An earlier transaction, as far as the duplicate rule needs it. */
export interface PriorTransaction {
  cell: string;
  offer_id: string;
  createdAt: string;
}

/**
 * Whether a lead is a duplicate: the same cell already has a transaction against the same offer
 * within the last 7 days (any status).
 *
 * @example
 * ```ts
 * isDuplicateLead('27821234567', 'off_1', earlier, new Date()); // true if one is under 7 days old
 * ```
 */
export function isDuplicateLead(
  cell: string,
  offerId: string,
  earlier: Iterable<PriorTransaction>,
  now: Date,
): boolean {
  const since = subDays(now, DUPLICATE_WINDOW_DAYS).toISOString();
  for (const t of earlier) {
    if (t.cell === cell && t.offer_id === offerId && t.createdAt > since) return true;
  }
  return false;
}

/** What an offer has used of its caps so far. */
export interface OfferUsage {
  /** Completed leads ever. */
  completedTotal: number;
  /** Completed leads on the current calendar day. */
  completedToday: number;
  /** Credits spent on completed leads ever. */
  spent: number;
}

/** A transaction, as far as cap usage needs it. */
export interface UsageTransaction {
  status: LeadStatus;
  price: number;
  /** When it became completed (its `updatedAt` once completed). */
  updatedAt: string;
}

/**
 * The calendar day of an instant in a time zone (`2026-11-22`), as daily caps count days.
 *
 * @example
 * ```ts
 * calendarDay(new Date('2026-11-21T22:30:00Z'), 'Africa/Johannesburg'); // '2026-11-22'
 * ```
 */
export function calendarDay(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const ms = instant.getTime();
  // A batch of sales or leads asks for the same instant (now) over and over; a zoned date costs 20 µs.
  if (lastDay.ms === ms && lastDay.timeZone === timeZone) return lastDay.day;
  const day = format(new TZDate(ms, isValidTimeZone(timeZone) ? timeZone : 'UTC'), 'yyyy-MM-dd');
  lastDay = { ms, timeZone, day };
  return day;
}
let lastDay = { ms: Number.NaN, timeZone: '', day: '' };

/**
 * Adds up an offer's cap usage from its transactions: completed count ever, completed count on
 * today's calendar day in the seller's time zone, and credits spent.
 *
 * @example
 * ```ts
 * offerUsage(transactionsOfOffer, now, 'Africa/Johannesburg'); // { completedTotal: 3, completedToday: 1, spent: 75 }
 * ```
 */
export function offerUsage(
  transactions: Iterable<UsageTransaction>,
  now: Date,
  timeZone?: string,
): OfferUsage {
  const today = calendarDay(now, timeZone);
  const usage: OfferUsage = { completedTotal: 0, completedToday: 0, spent: 0 };
  for (const t of transactions) {
    if (t.status !== 'completed') continue;
    usage.completedTotal += 1;
    usage.spent += t.price;
    if (calendarDay(new Date(t.updatedAt), timeZone) === today) usage.completedToday += 1;
  }
  return usage;
}

/**
 * Whether completing one more lead at the offer's price would pass one of its caps.
 *
 * @example
 * ```ts
 * capReached({ ...offer, caps: { daily: 10 } }, { completedTotal: 40, completedToday: 10, spent: 1000 }); // true
 * ```
 */
export function capReached(offer: Pick<Offer, 'caps' | 'price'>, usage: OfferUsage): boolean {
  const caps = offer.caps;
  if (!caps) return false;
  if (caps.total !== undefined && usage.completedTotal >= caps.total) return true;
  if (caps.daily !== undefined && usage.completedToday >= caps.daily) return true;
  if (caps.budget !== undefined && usage.spent + offer.price > caps.budget) return true;
  return false;
}

/** Credits that move when a lead is completed: the buyer pays, the seller is credited. */
export interface CreditMovement {
  buyerDebit: number;
  sellerCredit: number;
}

/** Where a new lead lands, why, and what moves. */
export interface LeadDecision {
  status: LeadStatus;
  status_reason: StatusReason;
  /** Present only when the lead lands completed. */
  movement?: CreditMovement;
}

/** Everything the decision for a new lead depends on. */
export interface NewLeadInput {
  requested?: LeadStatus | undefined;
  offer: Pick<Offer, 'default_status' | 'caps' | 'price'>;
  /** Whether the same cell has a transaction against the offer in the last 7 days. */
  duplicate: boolean;
  usage: OfferUsage;
  buyerCredits: number;
}

/**
 * Decides where a new lead lands, following the interface's transition table:
 * an explicit `rejected` is rejected; otherwise a duplicate within 7 days is rejected (the buyer
 * is not charged); a `pending` request stays pending; a `completed` request (asked for, or the
 * offer's default) becomes pending when a cap is reached or the buyer cannot pay, and otherwise
 * completes, debiting the buyer and crediting the seller the offer's price.
 *
 * @example
 * ```ts
 * decideNewLead({ offer, duplicate: false, usage, buyerCredits: 100 });
 * // { status: 'completed', status_reason: 'offer_default', movement: { buyerDebit: 25, sellerCredit: 25 } }
 * ```
 */
export function decideNewLead(input: NewLeadInput): LeadDecision {
  const status = input.requested ?? input.offer.default_status;
  const asked: StatusReason = input.requested ? 'requested' : 'offer_default';
  if (status === 'rejected') return { status: 'rejected', status_reason: asked };
  if (input.duplicate) return { status: 'rejected', status_reason: 'duplicate' };
  if (status === 'pending') return { status: 'pending', status_reason: asked };
  if (capReached(input.offer, input.usage)) return { status: 'pending', status_reason: 'cap_reached' };
  if (input.buyerCredits < input.offer.price)
    return { status: 'pending', status_reason: 'insufficient_balance' };
  const price = input.offer.price;
  return { status: 'completed', status_reason: asked, movement: { buyerDebit: price, sellerCredit: price } };
}

/** Why a status change was refused. */
export type StatusChangeRefusal = 'not_pending' | 'insufficient_balance';

/**
 * Decides a buyer's status change of a transaction: only a pending one changes. Accepting moves
 * the credits (and is refused when the buyer cannot pay); rejecting moves nothing. The buyer's
 * explicit acceptance is not held back by caps.
 *
 * @example
 * ```ts
 * decideStatusChange({ current: 'pending', target: 'completed', price: 25, buyerCredits: 30 });
 * // { ok: true, decision: { status: 'completed', status_reason: 'accepted', movement: {...} } }
 * ```
 */
export function decideStatusChange(input: {
  current: LeadStatus;
  target: 'completed' | 'rejected';
  price: number;
  buyerCredits: number;
}): { ok: true; decision: LeadDecision } | { ok: false; refusal: StatusChangeRefusal } {
  if (input.current !== 'pending') return { ok: false, refusal: 'not_pending' };
  if (input.target === 'rejected') {
    return { ok: true, decision: { status: 'rejected', status_reason: 'rejected_by_buyer' } };
  }
  if (input.buyerCredits < input.price) return { ok: false, refusal: 'insufficient_balance' };
  return {
    ok: true,
    decision: {
      status: 'completed',
      status_reason: 'accepted',
      movement: { buyerDebit: input.price, sellerCredit: input.price },
    },
  };
}
