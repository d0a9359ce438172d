import type { Campaign } from '@marketing/domain';
import { messages } from '@marketing/domain';
import { defineHandlers, type HandlerContext } from '../core/handler-types.js';
import { fail, ok, okDataPieces } from '../core/responses.js';
import { RECORDS_AT_ONCE, type Steps } from '../core/slices.js';
import { campaignJsonSteps, contactValueCount } from '../store/campaign-contact-maps.js';

// The campaigns of a list answer in pieces, each written as campaignJsonSteps writes it.
function* listJsonSteps(campaigns: readonly Campaign[]): Steps<string[]> {
  const pieces = ['['];
  for (const [index, campaign] of campaigns.entries()) {
    if (index > 0) pieces.push(',');
    pieces.push(...(yield* campaignJsonSteps(campaign)));
  }
  pieces.push(']');
  return pieces;
}

// The campaigns of the caller's organisation that its key may see.
function visible<T extends { _id: string; org_id: string }>(ctx: HandlerContext, all: Iterable<T>): T[] {
  const allowed = ctx.key.resources?.campaign_ids;
  return [...all].filter((c) => c.org_id === ctx.org._id && (!allowed || allowed.includes(c._id)));
}

/** The campaign endpoints' handlers, both models. A restricted key sees only its campaigns. */
export const campaignHandlers = defineHandlers({
  'campaigns.list': {
    handle(ctx) {
      const campaigns = visible(ctx, ctx.world.campaigns.values());
      if (campaigns.reduce((sum, c) => sum + contactValueCount(c), 0) <= RECORDS_AT_ONCE)
        return ok(campaigns);
      return ctx.inSlices(listJsonSteps(campaigns)).then((pieces) => okDataPieces<Campaign[]>(pieces));
    },
  },
  'campaigns.get': {
    handle(ctx) {
      const campaign = ctx.world.campaigns.get(ctx.params.campaign_id!);
      if (campaign?.org_id !== ctx.org._id) return fail(404, messages.campaignNotFound);
      // A campaign sent to many contacts is written a piece at a time (see campaignJsonSteps).
      if (contactValueCount(campaign) <= RECORDS_AT_ONCE) return ok(campaign);
      return ctx.inSlices(campaignJsonSteps(campaign)).then((pieces) => okDataPieces<Campaign>(pieces));
    },
  },
  'campaignsV2.list': { handle: (ctx) => ok(visible(ctx, ctx.world.campaignsV2.values())) },
  'campaignsV2.get': {
    handle(ctx) {
      const campaign = ctx.world.campaignsV2.get(ctx.params.campaign_id!);
      return campaign?.org_id === ctx.org._id ? ok(campaign) : fail(404, messages.campaignNotFound);
    },
  },
});
