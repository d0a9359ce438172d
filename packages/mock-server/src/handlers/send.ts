import {
  hasPlaceholders,
  isOptedOut,
  messages,
  placeholdersOf,
  renderTemplate,
  toMsisdn,
  tooManyParts,
} from '@marketing/domain';
import { chargeOrRefuse } from '../core/billing.js';
import { defineHandlers } from '../core/handler-types.js';
import { priceSms, recordMessage } from '../core/messaging.js';
import { fail, ok } from '../core/responses.js';
import { excludedFromCampaign } from '../store/campaign-exclusion.js';

/** The message for templates in an SMS to someone who is not a contact. */
export const TEMPLATES_NEED_CONTACT =
  'Templates can only be used when sending to contacts of your organisation';
/** The message for a contact template sent without `filter_non_contacts`. */
export const FILTER_NON_CONTACTS_REQUIRED =
  'filter_non_contacts must be true when the template has contact fields to replace';

/** The send endpoints' handlers. */
export const sendHandlers = defineHandlers({
  'send.sms': {
    handle(ctx) {
      const body = ctx.body;
      const now = ctx.clock.now();
      const cell = toMsisdn(body.cell, body.country);
      if (!cell) return fail(400, messages.invalidCellNumber);
      const campaign = body.campaign_id ? ctx.world.campaignOf(ctx.org._id, body.campaign_id) : undefined;
      if (body.campaign_id && !campaign) return fail(400, messages.campaignNotFound);
      const contact = ctx.world.contactsOf(ctx.org._id).getByCell(cell);
      const testMode = body.sendOptions?.testMode === true;
      const skipped = { customerId: ctx.newId(), totalCost: 0 };
      if (!contact) {
        if (hasPlaceholders(body.content)) return fail(400, TEMPLATES_NEED_CONTACT);
        if (body.skipNonContacts) return ok(skipped);
      } else if (
        campaign
          ? excludedFromCampaign(ctx.world, ctx.org._id, contact, campaign.campaign)
          : isOptedOut(contact)
      ) {
        return ok(skipped);
      }
      const content = renderTemplate(body.content, {
        contact,
        campaign: campaign?.campaign,
        now,
        timeZone: ctx.org.timezone,
      }).text;
      const maxParts =
        campaign?.model === 'original'
          ? campaign.campaign.maxSMSParts
          : campaign?.campaign.channels.sms?.max_parts;
      const tooMany = tooManyParts(content, maxParts);
      if (tooMany) return fail(400, tooMany);
      const { parts, cost } = priceSms(ctx.settings, content, body.deliveryMethod);
      if (testMode) return ok({ customerId: ctx.newId('test_'), totalCost: cost });
      const refused = chargeOrRefuse(ctx, cost);
      if (refused) return refused;
      const send = recordMessage(ctx.world, ctx.newId, now, {
        org_id: ctx.org._id,
        channel: 'sms',
        to: cell,
        content,
        parts,
        cost,
        trigger: 'manualSingle',
        campaign_id: body.campaign_id,
      });
      return ok({ customerId: send._id, totalCost: cost });
    },
  },
  'send.emailBulk': {
    handle(ctx) {
      const body = ctx.body;
      const now = ctx.clock.now();
      const template = ctx.world.templates.get(body.template_id);
      if (!template || template.org_id !== ctx.org._id || template.channel !== 'email') {
        return fail(400, messages.templateNotFound);
      }
      const usesContact = [...placeholdersOf(template.body), ...placeholdersOf(template.subject ?? '')].some(
        (p) => p.path.startsWith('contact.'),
      );
      if (usesContact && body.filter_non_contacts !== true) return fail(400, FILTER_NON_CONTACTS_REQUIRED);
      const store = ctx.world.contactsOf(ctx.org._id);
      const scheduledFor = body.to_start_at ? new Date(body.to_start_at) : undefined;
      const recipients = body.destinations.flatMap((address) => {
        const contact = store.getByEmail(address)[0];
        return body.filter_non_contacts && !contact ? [] : [{ address, contact }];
      });
      const send = recordSendHeader(ctx.world, ctx.newId(), ctx.org._id, now, scheduledFor);
      for (const { address, contact } of recipients) {
        const context = { contact, now, timeZone: ctx.org.timezone };
        recordMessage(ctx.world, ctx.newId, now, {
          org_id: ctx.org._id,
          channel: 'email',
          to: address,
          from: body.from,
          subject: renderTemplate(template.subject ?? '', context).text,
          content: renderTemplate(template.body, context).text,
          cost: 0,
          trigger: 'manualBulk',
          send,
          scheduledFor,
        });
      }
      return ok({});
    },
  },
});

function recordSendHeader(
  world: import('../store/world.js').World,
  id: string,
  orgId: string,
  now: Date,
  scheduledFor: Date | undefined,
) {
  const start = scheduledFor && scheduledFor > now ? scheduledFor : now;
  const send = {
    _id: id,
    org_id: orgId,
    trigger: 'manualBulk' as const,
    channel: 'email' as const,
    to_start_at: start.toISOString(),
  };
  world.sends.set(id, send);
  return send;
}
