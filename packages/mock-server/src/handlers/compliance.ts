import { complianceCost, complianceVerdict, messages, targetingOf, toMsisdn } from '@marketing/domain';
import { chargeOrRefuse } from '../core/billing.js';
import { defineHandlers } from '../core/handler-types.js';
import { fail, ok } from '../core/responses.js';

/** `POST /compliance/send`: which cells may be sent to, against global opt-outs or a campaign. */
export const complianceHandlers = defineHandlers({
  'compliance.checkSend': {
    handle(ctx) {
      const body = ctx.body;
      const campaignId = ctx.query.campaign_id;
      const campaign = campaignId ? ctx.world.campaignOf(ctx.org._id, campaignId) : undefined;
      if (campaignId && !campaign) return fail(404, messages.campaignNotFound);
      const credits =
        ctx.settings.billing === false
          ? 0
          : complianceCost(body.cells.length, ctx.settings.billing.complianceCreditsPerCell);
      const refused = chargeOrRefuse(ctx, credits);
      if (refused) return refused;
      const store = ctx.world.contactsOf(ctx.org._id);
      const targeting = campaign ? targetingOf(campaign.campaign) : undefined;
      const results = body.cells.map((cell) => {
        const msisdn = toMsisdn(cell, body.country);
        return complianceVerdict({
          cell,
          msisdn,
          contact: msisdn ? store.getByCell(msisdn) : undefined,
          targeting,
          segmentIds: msisdn && targeting ? ctx.world.segmentsOfCell(ctx.org._id, msisdn) : undefined,
        });
      });
      return ok({ ...(campaignId ? { campaign_id: campaignId } : {}), credits_used: credits, results });
    },
  },
});
