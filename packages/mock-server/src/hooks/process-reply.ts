import {
  type Campaign,
  type CampaignV2,
  classifyReply,
  optOutEffect,
  type Reply,
  renderTemplate,
  toMsisdn,
} from '@marketing/domain';
import { charge } from '../core/billing.js';
import { optOutCampaignOf, optOutContact } from '../core/contact-changes.js';
import { ControlError } from '../core/control-error.js';
import { priceSms, recordMessage } from '../core/messaging.js';
import type { MockRuntime } from '../core/runtime.js';
import { noteReply } from '../store/campaign-activity.js';
import type { SendRecord, WebhookDelivery } from '../store/records.js';
import { deliverWebhook, newDeliveryId } from './deliver-webhook.js';

/** An inbound reply to simulate. */
export interface ReplyInput {
  /** The replying cell. */
  from: string;
  message: string;
  campaign_id?: string | undefined;
  send_id?: string | undefined;
  /** The number the reply was sent to. @default '27000000000' */
  to?: string | undefined;
}

/** What one hook did for a reply. */
export type HookRun =
  | {
      hook_id: string;
      type: 'sms';
      messages: { to: string; send_id?: string; outcome: 'sent' | 'skipped_insufficient_balance' }[];
    }
  | { hook_id: string; type: 'webhook'; attempts: WebhookDelivery[] };

/** The outcome of a reply: the reply as recorded, whether it opted out, and what its hooks did. */
export interface ReplyResult {
  reply: Reply;
  /** Whether this reply opted the contact out (false when it was out already). */
  opted_out: boolean;
  hooks: HookRun[];
}

function hookIdsOf(campaign: Campaign | CampaignV2): string[] {
  return 'targeting' in campaign ? campaign.hooks.hook_ids : (campaign.hook_ids ?? []);
}

/**
 * Receives a reply: attributes it to a send (by `send_id`, or the latest send to the cell),
 * classifies it, applies an opt-out at the campaign's level, and fires the campaign's hooks in
 * order: SMS hooks write to the outbox, webhooks are delivered for real. Answers once each webhook's
 * first attempt has ended; its retries follow on the mock's clock.
 */
export async function processReply(runtime: MockRuntime, input: ReplyInput): Promise<ReplyResult> {
  const { world, clock } = runtime;
  const cell = toMsisdn(input.from);
  if (!cell) throw new ControlError(400, `from: Invalid cell number`);
  let send: SendRecord | undefined;
  if (input.send_id !== undefined) {
    send = world.sends.get(input.send_id);
    if (!send) throw new ControlError(404, `No send ${input.send_id}`);
  } else send = world.sends.latestTo(cell, input.campaign_id);
  const campaignId = input.campaign_id ?? send?.campaign_id;
  const orgId =
    send?.org_id ??
    (campaignId
      ? (world.campaigns.get(campaignId)?.org_id ?? world.campaignsV2.get(campaignId)?.org_id)
      : undefined);
  if (!orgId) throw new ControlError(404, 'No send or campaign to attribute the reply to');
  const org = world.orgs.get(orgId)!;
  const campaign = campaignId ? world.campaignOf(orgId, campaignId)?.campaign : undefined;
  const now = clock.now();
  const reply: Reply = {
    To: input.to ?? '27000000000',
    Message: input.message,
    Msisdn: cell,
    Received: now.toISOString(),
    kind: classifyReply(input.message),
    ...(campaign ? { campaign_id: campaign._id } : {}),
  };
  world.replies.push(reply);

  const store = world.contactsOf(orgId);
  let optedOut = false;
  const contact = store.getByCell(cell);
  if (contact) noteReply(campaign, contact._id, now);
  if (reply.kind === 'optOut' && campaign && contact) {
    const effect = optOutEffect(
      optOutCampaignOf(campaign),
      world.campaignsOfOrg(orgId).map(optOutCampaignOf),
    );
    optedOut = optOutContact(world, orgId, contact, effect, now);
  }

  const hooks: HookRun[] = [];
  if (!campaign) return { reply, opted_out: optedOut, hooks };
  const context = {
    contact: store.getByCell(cell),
    reply,
    campaign,
    send,
    now,
    timeZone: org.timezone,
  };
  for (const hookId of hookIdsOf(campaign)) {
    const hook = world.hooks.get(hookId);
    if (!hook || hook.org_id !== orgId) continue;
    if (hook.type === 'webhook') {
      const attempts = await deliverWebhook({
        hook,
        org,
        context,
        settings: runtime.settings,
        deliveryId: newDeliveryId(clock.now()),
        at: clock.now(),
        world,
      });
      hooks.push({ hook_id: hook._id, type: 'webhook', attempts });
      continue;
    }
    const content = renderTemplate(hook.content, context).text;
    const targets = hook.destinations
      .split(',')
      .map((d) => toMsisdn(d.trim()))
      .filter((d): d is string => d !== undefined);
    if (hook.send_to_replying_contact) targets.unshift(cell);
    const messages: { to: string; send_id?: string; outcome: 'sent' | 'skipped_insufficient_balance' }[] = [];
    for (const to of [...new Set(targets)]) {
      const { parts, cost } = priceSms(runtime.settings, content, 'standard');
      if (!charge({ settings: runtime.settings, org }, cost)) {
        messages.push({ to, outcome: 'skipped_insufficient_balance' });
        continue;
      }
      const hookSend = recordMessage(world, runtime.newId, now, {
        org_id: orgId,
        channel: 'sms',
        to,
        content,
        parts,
        cost,
        trigger: 'hook',
        campaign_id: campaign._id,
      });
      messages.push({ to, send_id: hookSend._id, outcome: 'sent' });
    }
    hooks.push({ hook_id: hook._id, type: 'sms', messages });
  }
  return { reply, opted_out: optedOut, hooks };
}
