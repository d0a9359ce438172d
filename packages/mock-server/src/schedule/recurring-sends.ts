import { type Campaign, type CampaignV2, nextWindowOpening, targetingOf } from '@marketing/domain';
import { sendCampaignSteps } from '../campaigns/run-campaign.js';
import type { MockRuntime } from '../core/runtime.js';
import type { ScheduledEvent } from '../core/scheduler.js';

/**
 * Whether a campaign sends by itself every day: an active original campaign of kind
 * `recurring`, or an active V2 campaign with `recurring_sends`.
 */
export function isRecurringCampaign(campaign: Campaign | CampaignV2): boolean {
  if (!campaign.active) return false;
  return 'targeting' in campaign ? campaign.recurring_sends !== undefined : campaign.kind === 'recurring';
}

/** The next daily send of a recurring campaign after `after`: when its window opens in the org's time zone. */
export function nextRecurringSendAt(
  runtime: MockRuntime,
  campaign: Campaign | CampaignV2,
  after: number,
): number {
  const timeZone = runtime.world.orgs.get(campaign.org_id)?.timezone;
  return nextWindowOpening(new Date(after), targetingOf(campaign).window, timeZone).getTime();
}

/** The kind of a daily send's event in the schedule (`GET /__mock/schedule`). */
export const RECURRING_SEND = 'recurring_send';

/**
 * The event of a recurring campaign's daily send: one send to the campaign's targeting (tags in
 * and out, weights, segments, reachability, opt-outs) with trigger `recurringSend`, then the
 * next day's event. A campaign that is gone or no longer recurring stops.
 */
export function recurringSendEvent(
  runtimeAt: (at: Date) => MockRuntime,
  campaignId: string,
  at: number,
  queue: (event: ScheduledEvent) => void,
): ScheduledEvent {
  return {
    at,
    view: { kind: RECURRING_SEND, campaign_id: campaignId },
    *run(now) {
      const runtime = runtimeAt(now);
      const campaign = runtime.world.campaigns.get(campaignId) ?? runtime.world.campaignsV2.get(campaignId);
      if (!campaign || !isRecurringCampaign(campaign)) return;
      yield* sendCampaignSteps(runtime, campaign, { trigger: 'recurringSend' });
      queue(recurringSendEvent(runtimeAt, campaignId, nextRecurringSendAt(runtime, campaign, at), queue));
    },
  };
}
