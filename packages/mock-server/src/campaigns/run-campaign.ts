import {
  type Contact,
  inSendWindow,
  renderTemplate,
  targetContact,
  targetingOf,
  weightedDraw,
} from '@marketing/domain';
import { charge } from '../core/billing.js';
import { ControlError } from '../core/control-error.js';
import { asDeliveryMethod, priceSms, recordMessage } from '../core/messaging.js';
import type { MockRuntime } from '../core/runtime.js';
import { byContactId } from '../store/contact-store.js';

/** Options of a campaign run. */
export interface RunCampaignOptions {
  /** Send to at most this many contacts. @default every targeted contact */
  limit?: number | undefined;
  /** The seed of the weighted draw of V2 campaigns with `weights`. @default 1 */
  seed?: number | undefined;
}

/** The outcome of a campaign run. */
export interface RunCampaignResult {
  campaign_id: string;
  /** Set when nothing was sent because it is outside the campaign's send window. */
  skipped?: 'outside_send_window';
  sends: { send_id: string; cell: string }[];
  /** Targeted contacts that could not be paid for. */
  unpaid: number;
}

/**
 * Runs one send of a campaign over its targeting: included and excluded tags and segments,
 * reachability, event filters and opt-outs, inside its send window, drawing by weights when a V2
 * campaign has them. The message is the V2 campaign's first SMS template, or the original
 * campaign's welcome content, or the campaign's name.
 */
export function runCampaign(
  runtime: MockRuntime,
  campaignId: string,
  options: RunCampaignOptions = {},
): RunCampaignResult {
  const { world, clock } = runtime;
  const campaign = world.campaigns.get(campaignId) ?? world.campaignsV2.get(campaignId);
  if (!campaign) throw new ControlError(404, 'Campaign not found');
  const org = world.orgs.get(campaign.org_id)!;
  const targeting = targetingOf(campaign);
  const now = clock.now();
  const result: RunCampaignResult = { campaign_id: campaignId, sends: [], unpaid: 0 };
  if (!inSendWindow(now, targeting.window, org.timezone))
    return { ...result, skipped: 'outside_send_window' };

  const store = world.contactsOf(campaign.org_id);
  const candidates =
    targeting.includeTags.length > 0
      ? [...new Set(targeting.includeTags.flatMap((t) => [...store.withTag(t)]))].sort(byContactId)
      : [...store.all()];
  const eligible = candidates.filter((contact) => {
    const activity = { segmentIds: world.segmentsOfCell(campaign.org_id, contact.cell) };
    return targetContact(contact, targeting, { now, activity }).eligible;
  });
  const limit = Math.min(options.limit ?? eligible.length, eligible.length);
  let chosen: Contact[];
  if (targeting.weights) {
    const eligibleById = new Map(eligible.map((contact) => [contact._id, contact]));
    const pools = Object.fromEntries(
      targeting.includeTags.map((t) => [
        t,
        [...store.withTag(t)].map((c) => c._id).filter((id) => eligibleById.has(id)),
      ]),
    );
    chosen = weightedDraw({
      pools,
      weights: targeting.weights,
      total: limit,
      seed: options.seed ?? 1,
    }).picks.map((p) => eligibleById.get(p.id)!);
  } else {
    chosen = eligible.slice(0, limit);
  }

  const templateId = 'targeting' in campaign ? campaign.channels.sms?.template_ids[0] : undefined;
  const text =
    (templateId ? world.templates.get(templateId)?.body : undefined) ??
    ('welcomeConfig' in campaign ? campaign.welcomeConfig?.content : undefined) ??
    '{{campaign.name}}';
  const method = asDeliveryMethod(
    'targeting' in campaign ? campaign.channels.sms?.delivery_method : campaign.deliveryMethod,
  );
  for (const contact of chosen) {
    const content = renderTemplate(text, { contact, campaign, now, timeZone: org.timezone }).text;
    const { parts, cost } = priceSms(runtime.settings, content, method);
    if (!charge({ settings: runtime.settings, org }, cost)) {
      result.unpaid += 1;
      continue;
    }
    const send = recordMessage(world, runtime.newId, now, {
      org_id: org._id,
      channel: 'sms',
      to: contact.cell,
      content,
      parts,
      cost,
      trigger: 'manualCampaign',
      campaign_id: campaignId,
    });
    result.sends.push({ send_id: send._id, cell: contact.cell });
  }
  return result;
}
