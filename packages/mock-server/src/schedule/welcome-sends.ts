import type { Campaign } from '@marketing/domain';
import { isTargeted, sendToContact } from '../campaigns/run-campaign.js';
import type { MockRuntime } from '../core/runtime.js';
import type { ScheduledEvent } from '../core/scheduler.js';
import { noteSent } from '../store/campaign-activity.js';

const DAY_MS = 86_400_000;

/** Whether a campaign sends welcome messages: an active original campaign of kind `welcome`. */
export function isWelcomeCampaign(campaign: Campaign): boolean {
  return campaign.kind === 'welcome' && campaign.active;
}

/** When a contact that joined a welcome campaign at `joinedAt` is welcomed. */
export function welcomeDueAt(campaign: Campaign, joinedAt: number): number {
  return joinedAt + (campaign.welcomeConfig?.delayDays ?? 0) * DAY_MS;
}

/**
 * The event that welcomes one contact `welcomeConfig.delayDays` after it gained one of the
 * campaign's tags: `welcomeConfig.content` with trigger `welcome`, unless by then the campaign
 * is gone or inactive, or the contact is gone, opted out or no longer targeted (excluded tag or
 * segment, included tag removed). `updateLastSent` notes it in the campaign's `lastSent`.
 */
export function welcomeEvent(
  runtimeAt: (at: Date) => MockRuntime,
  campaignId: string,
  contactId: string,
  at: number,
): ScheduledEvent {
  return {
    at,
    view: { kind: 'welcome', campaign_id: campaignId, contact_id: contactId },
    run(now) {
      const runtime = runtimeAt(now);
      const campaign = runtime.world.campaigns.get(campaignId);
      if (!campaign || !isWelcomeCampaign(campaign)) return;
      const contact = runtime.world.contactsOf(campaign.org_id).get(contactId);
      if (!contact || !isTargeted(runtime, campaign, contact, now)) return;
      const text = campaign.welcomeConfig?.content ?? '{{campaign.name}}';
      const send = sendToContact(runtime, campaign, contact, { text, trigger: 'welcome' });
      if (send && campaign.welcomeConfig?.updateLastSent)
        noteSent(campaign, contact._id, now, { countSend: false });
    },
  };
}
