import {
  decideNewLead,
  decideStatusChange,
  isDuplicateLead,
  type Lead,
  type LeadIssue,
  LeadSchema,
  type LeadTransaction,
  matchbackOf,
  messages,
  noMatchingOfferMessage,
  type Offer,
  TransactionSearchBodySchema,
  toIsoInstant,
  toMsisdn,
  validationError,
} from '@marketing/domain';
import { insufficientBalance, moveCredits } from '../core/billing.js';
import {
  type AnswerOf,
  defineHandlers,
  type HandlerContext,
  RECORDS_PER_STEP,
  runSteps,
} from '../core/handler-types.js';
import { listTextSteps } from '../core/json-pieces.js';
import { fail, ok, okDataPieces } from '../core/responses.js';
import { RECORDS_AT_ONCE, type Steps } from '../core/slices.js';

interface ResolvedLead {
  lead: Lead;
  offer: Offer;
  campaign_id: string;
  cell: string;
}

// A lead's campaign, through its campaign, send or click; then the caller's offer on it.
function resolve(
  ctx: HandlerContext,
  lead: Lead,
): { offer: Offer; campaign_id: string; country?: string } | undefined {
  const matchback = matchbackOf(lead)!;
  let campaignId: string | undefined;
  if (matchback.kind === 'campaign_id') campaignId = matchback.id;
  else if (matchback.kind === 'send_id') campaignId = ctx.world.sends.get(matchback.id)?.campaign_id;
  else {
    const click = ctx.world.clicks.get(matchback.id);
    campaignId = click ? ctx.world.sends.get(click.send_id)?.campaign_id : undefined;
  }
  if (campaignId === undefined) return undefined;
  const offer = [...ctx.world.offers.values()].find(
    (o) => o.campaign_id === campaignId && o.buyer_org_id === ctx.org._id,
  );
  if (!offer) return undefined;
  return { offer, campaign_id: campaignId, country: ctx.world.campaigns.get(campaignId)?.country };
}

/** Submits a validated batch: all leads are checked before any is stored. */
function submit(ctx: HandlerContext, leads: Lead[]): AnswerOf<'transactions.create'> {
  const issues: LeadIssue[] = [];
  const unmatched: string[] = [];
  const resolved: ResolvedLead[] = [];
  for (const [index, lead] of leads.entries()) {
    const found = resolve(ctx, lead);
    if (!found) {
      unmatched.push(lead.resource_id);
      continue;
    }
    const cell = toMsisdn(lead.cell, found.country);
    if (!cell)
      issues.push({ index, resource_id: lead.resource_id, issue: `cell: ${messages.invalidCellNumber}` });
    else resolved.push({ lead, offer: found.offer, campaign_id: found.campaign_id, cell });
  }
  if (issues.length > 0) return fail(400, issues);
  if (unmatched.length > 0) return fail(404, noMatchingOfferMessage(unmatched));

  const now = ctx.clock.now();
  for (const { lead, offer, campaign_id, cell } of resolved) {
    if (ctx.world.transactions.hasResource(ctx.org._id, lead.resource_id)) continue;
    const seller = ctx.world.orgs.get(offer.seller_org_id);
    const decision = decideNewLead({
      requested: lead.status,
      offer,
      duplicate: isDuplicateLead(cell, offer._id, ctx.world.transactions.priorLeads(offer._id, cell), now),
      usage: ctx.world.transactions.usageOf(offer._id, now, seller?.timezone),
      buyerCredits: ctx.settings.billing !== false ? ctx.org.credits : Number.POSITIVE_INFINITY,
    });
    moveCredits(ctx.settings, ctx.org, seller, decision.movement);
    const stamp = now.toISOString();
    const transaction: LeadTransaction = {
      _id: ctx.newId('tx_'),
      resource_id: lead.resource_id,
      offer_id: offer._id,
      campaign_id,
      cell,
      status: decision.status,
      status_reason: decision.status_reason,
      price: offer.price,
      buyer_org_id: ctx.org._id,
      seller_org_id: offer.seller_org_id,
      createdAt: stamp,
      updatedAt: stamp,
    };
    if (lead.send_id) transaction.send_id = lead.send_id;
    if (lead.click_id) transaction.click_id = lead.click_id;
    ctx.world.transactions.add(transaction);
  }
  return ok(messages.leadsSubmitted, 201);
}

const asSet = (value: string | string[] | undefined) =>
  value === undefined ? undefined : new Set([value].flat());

const createdBefore = (a: LeadTransaction, b: LeadTransaction) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a._id < b._id);

// The matching transactions oldest first, checked and written a slice at a time when they are
// many: 200,000 of them (63 MB) made at once held the server 0.6 s. They are stored in the order
// they were made, so most searches need no sort.
function* searchSteps(
  candidates: Iterable<LeadTransaction>,
  matches: (t: LeadTransaction) => boolean,
): Steps<AnswerOf<'transactions.search'>> {
  const found: LeadTransaction[] = [];
  let inOrder = true;
  let checked = 0;
  for (const t of candidates) {
    if (++checked % RECORDS_PER_STEP === 0) yield;
    if (!matches(t)) continue;
    if (inOrder && found.length > 0 && createdBefore(t, found.at(-1)!)) inOrder = false;
    found.push(t);
  }
  if (!inOrder) found.sort((a, b) => (createdBefore(a, b) ? -1 : 1));
  if (found.length <= RECORDS_AT_ONCE) return ok(found);
  return okDataPieces<LeadTransaction[]>(yield* listTextSteps(found));
}

/** The marketplace buyer's transaction handlers. */
export const transactionHandlers = defineHandlers({
  'transactions.create': { handle: (ctx) => submit(ctx, ctx.body) },
  'transactions.createByPostback': {
    handle(ctx) {
      const { key: _key, ...fields } = ctx.query;
      const lead = LeadSchema.safeParse(fields);
      if (!lead.success) return fail(400, validationError(ctx.endpoint, lead.error.issues, fields));
      return submit(ctx, [lead.data]);
    },
  },
  'transactions.updateStatus': {
    handle(ctx) {
      const transaction = ctx.world.transactions.get(ctx.params.id!);
      if (!transaction || transaction.buyer_org_id !== ctx.org._id)
        return fail(404, messages.transactionNotFound);
      const billing = ctx.settings.billing !== false;
      const result = decideStatusChange({
        current: transaction.status,
        target: ctx.body.status,
        price: transaction.price,
        buyerCredits: billing ? ctx.org.credits : Number.POSITIVE_INFINITY,
      });
      if (!result.ok) {
        return result.refusal === 'not_pending'
          ? fail(409, messages.transactionNotPending)
          : insufficientBalance(transaction.price, ctx.org.credits);
      }
      const { decision } = result;
      moveCredits(ctx.settings, ctx.org, ctx.world.orgs.get(transaction.seller_org_id), decision.movement);
      const next = {
        ...transaction,
        status: decision.status,
        status_reason: decision.status_reason,
        updatedAt: ctx.clock.now().toISOString(),
      };
      ctx.world.transactions.replace(next);
      return ok(next);
    },
  },
  'transactions.search': {
    body: TransactionSearchBodySchema.default({}),
    handle(ctx) {
      const body = ctx.body;
      const ids = asSet(body._id);
      const offers = asSet(body.offer_id);
      const from = body.createdAt?.$gte ? toIsoInstant(body.createdAt.$gte) : undefined;
      const to = body.createdAt?.$lte ? toIsoInstant(body.createdAt.$lte) : undefined;
      const matches = (t: LeadTransaction) =>
        t.buyer_org_id === ctx.org._id &&
        (!offers || offers.has(t.offer_id)) &&
        (!body.status || t.status === body.status) &&
        (!from || t.createdAt >= from) &&
        (!to || t.createdAt <= to);
      const store = ctx.world.transactions;
      // Named by ID, each is looked up: 10,000 IDs checked against 200,000 transactions held the
      // server 4-6 s.
      const candidates = ids ? [...ids].flatMap((id) => store.get(id) ?? []) : store.values();
      return runSteps(ctx, ids ? ids.size : store.size, searchSteps(candidates, matches));
    },
  },
});
