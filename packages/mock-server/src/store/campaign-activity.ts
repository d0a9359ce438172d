import type { Campaign, CampaignV2 } from '@marketing/domain';
import { isoOf } from '../core/iso-time.js';
import { setFor, valueFor } from './campaign-contact-maps.js';
import type { SendRecord } from './records.js';
import type { World } from './world.js';

/** The per-contact maps of an original campaign; a V2 campaign keeps none. */
function originalOf(campaign: Campaign | CampaignV2 | undefined): Campaign | undefined {
  return campaign && !('targeting' in campaign) ? campaign : undefined;
}

/**
 * Notes a send to a contact on an original campaign, as the service does: `lastSent` (the
 * time, by contact `_id`) and, unless `countSend` is false, `contactSendCounts`.
 *
 * @example
 * ```ts
 * noteSent(campaign, contact._id, now); // campaign.lastSent[contact._id] === now.toISOString()
 * ```
 */
export function noteSent(
  campaign: Campaign | CampaignV2,
  contactId: string,
  now: Date,
  options: { countSend?: boolean } = {},
): void {
  const original = originalOf(campaign);
  if (!original) return;
  setFor(original, 'lastSent', contactId, isoOf(now));
  if (options.countSend === false) return;
  const count = valueFor(original, 'contactSendCounts', contactId);
  setFor(original, 'contactSendCounts', contactId, (typeof count === 'number' ? count : 0) + 1);
}

/** Notes a reply from a contact on an original campaign (`lastReply`, by contact `_id`). */
export function noteReply(campaign: Campaign | CampaignV2 | undefined, contactId: string, now: Date): void {
  const original = originalOf(campaign);
  if (original) setFor(original, 'lastReply', contactId, now.toISOString());
}

/** Notes a click by a contact on an original campaign (`lastClick` and `contactClickCounts`). */
export function noteClick(campaign: Campaign | CampaignV2 | undefined, contactId: string, now: Date): void {
  const original = originalOf(campaign);
  if (!original) return;
  setFor(original, 'lastClick', contactId, now.toISOString());
  const count = valueFor(original, 'contactClickCounts', contactId);
  setFor(original, 'contactClickCounts', contactId, (typeof count === 'number' ? count : 0) + 1);
}

/** Notes a click on a send on its campaign, for the contact the send went to. */
export function noteClickOf(world: World, send: SendRecord, now: Date): void {
  if (!send.campaign_id || !send.cell) return;
  const contact = world.contactsOf(send.org_id).getByCell(send.cell);
  if (contact) noteClick(world.campaignOf(send.org_id, send.campaign_id)?.campaign, contact._id, now);
}
