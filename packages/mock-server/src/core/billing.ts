import { type CreditMovement, messages } from '@marketing/domain';
import type { OrgRecord } from '../store/records.js';
import { hints } from './hints.js';
import { type Failure, fail } from './responses.js';
import type { Settings } from './settings.js';

/**
 * Charges an organisation, or answers `false` when it cannot pay (nothing is charged then).
 * With billing off, everything is free.
 */
export function charge(ctx: { settings: Settings; org: OrgRecord }, credits: number): boolean {
  if (ctx.settings.billing === false || credits <= 0) return true;
  if (ctx.org.credits < credits) return false;
  ctx.org.credits = Math.round((ctx.org.credits - credits) * 1e6) / 1e6;
  return true;
}

/**
 * Charges an organisation, or answers the 402 that refuses the request (`Insufficient balance`,
 * with a hint naming the cost and the balance); nothing is charged then.
 */
export function chargeOrRefuse(
  ctx: { settings: Settings; org: OrgRecord },
  credits: number,
): Failure | undefined {
  return charge(ctx, credits) ? undefined : insufficientBalance(credits, ctx.org.credits);
}

/** The 402 of a request that costs `credits` when the balance is `balance`. */
export function insufficientBalance(credits: number, balance: number): Failure {
  return fail(402, messages.insufficientBalance, { hint: hints.insufficientBalance(credits, balance) });
}

/** Moves a completed lead's credits: the buyer pays, the seller is credited. Nothing with billing off. */
export function moveCredits(
  settings: Settings,
  buyer: OrgRecord,
  seller: OrgRecord | undefined,
  movement: CreditMovement | undefined,
): void {
  if (!movement || settings.billing === false) return;
  buyer.credits -= movement.buyerDebit;
  if (seller) seller.credits += movement.sellerCredit;
}
