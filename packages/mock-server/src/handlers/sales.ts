import {
  describeIssue,
  messages,
  normaliseSale,
  type Sale,
  SaleSchema,
  toValidationIssues,
} from '@marketing/domain';
import {
  type AnswerOf,
  defineHandlers,
  type HandlerContext,
  RECORDS_PER_STEP,
  runSteps,
} from '../core/handler-types.js';
import { fail, ok } from '../core/responses.js';
import { runToEnd, type Steps } from '../core/slices.js';

function saleCampaign(ctx: HandlerContext, id: string) {
  const found = ctx.world.campaignOf(ctx.org._id, id);
  if (!found) return undefined;
  return found.model === 'original'
    ? {
        model: 'original' as const,
        country: found.campaign.country,
        defaultSaleValue: found.campaign.defaultSaleValue,
      }
    : { model: 'v2' as const, defaultSaleValue: found.campaign.financials?.income_per_sale ?? 0 };
}

// A batch is checked whole, in order; the first failure is the answer and nothing is stored.
function* recordSales(ctx: HandlerContext, sales: Sale[]): Steps<AnswerOf<'sales.create'>> {
  const now = ctx.clock.now();
  const batchKeys = new Set<string>();
  const ready = [];
  for (const [index, sale] of sales.entries()) {
    if (index % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const campaign = saleCampaign(ctx, sale.campaign_id);
    if (!campaign) return fail(404, messages.campaignNotFound);
    const result = normaliseSale(sale, campaign, now, ctx.org.timezone);
    if (!result.ok) return fail(400, `Sale ${index}: ${result.error}`);
    const stored = { ...result.sale, org_id: ctx.org._id };
    const key = ctx.world.saleKey(stored);
    if (batchKeys.has(key) || ctx.world.saleKeys.has(key)) return fail(409, messages.duplicateSale);
    batchKeys.add(key);
    ready.push(stored);
  }
  for (const [index, { soldOn: _, ...sale }] of ready.entries()) {
    if (index % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const record = { ...sale, _id: ctx.newId() };
    ctx.world.sales.push(record);
    ctx.world.saleKeys.add(ctx.world.saleKey(record));
  }
  return ok();
}

/** The sales endpoints' handlers. */
export const saleHandlers = defineHandlers({
  'sales.create': {
    handle: (ctx) => runSteps(ctx, ctx.body.length, recordSales(ctx, ctx.body)),
  },
  'sales.createByPostback': {
    handle(ctx) {
      const { key: _key, saleValue, ...fields } = ctx.query;
      const sale = SaleSchema.safeParse({
        ...fields,
        ...(saleValue === undefined ? {} : { saleValue: Number(saleValue) }),
      });
      if (!sale.success)
        return fail(400, `Sale 0: ${describeIssue(toValidationIssues(sale.error.issues)[0]!)}`);
      return runToEnd(recordSales(ctx, [sale.data]));
    },
  },
});
