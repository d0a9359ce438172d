import { messages } from '@marketing/domain';
import { defineHandlers, type HandlerContext } from '../core/handler-types.js';
import { fail, ok } from '../core/responses.js';

function list<T extends { _id: string; org_id: string }>(ctx: HandlerContext, all: Iterable<T>) {
  const allowed = ctx.key.resources?.campaign_ids;
  return ok([...all].filter((c) => c.org_id === ctx.org._id && (!allowed || allowed.includes(c._id))));
}

/** The campaign endpoints' handlers, both models. A restricted key sees only its campaigns. */
export const campaignHandlers = defineHandlers({
  'campaigns.list': { handle: (ctx) => list(ctx, ctx.world.campaigns.values()) },
  'campaigns.get': {
    handle(ctx) {
      const campaign = ctx.world.campaigns.get(ctx.params.campaign_id!);
      return campaign?.org_id === ctx.org._id ? ok(campaign) : fail(404, messages.campaignNotFound);
    },
  },
  'campaignsV2.list': { handle: (ctx) => list(ctx, ctx.world.campaignsV2.values()) },
  'campaignsV2.get': {
    handle(ctx) {
      const campaign = ctx.world.campaignsV2.get(ctx.params.campaign_id!);
      return campaign?.org_id === ctx.org._id ? ok(campaign) : fail(404, messages.campaignNotFound);
    },
  },
});
