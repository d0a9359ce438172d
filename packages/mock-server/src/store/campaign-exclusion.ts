import {
  type Campaign,
  type CampaignV2,
  type Contact,
  complianceVerdict,
  targetingOf,
} from '@marketing/domain';
import type { WorldRecords } from './world-records.js';

/**
 * Whether a send attributed to a campaign (`POST /send/sms` with a `campaign_id`, an upload's
 * `send`) skips a contact: when `POST /compliance/send` would refuse it for that campaign, for a
 * global opt-out, an opt-out of the campaign, or a tag or segment the campaign excludes (an
 * exclusion tag is how a supplier pushes an opt-out).
 */
export function excludedFromCampaign(
  world: WorldRecords,
  orgId: string,
  contact: Pick<Contact, 'cell' | 'tag_ids' | 'deduped_campaign_ids' | 'global_opt_out'>,
  campaign: Campaign | CampaignV2,
): boolean {
  return !complianceVerdict({
    cell: contact.cell,
    msisdn: contact.cell,
    contact,
    targeting: targetingOf(campaign),
    segmentIds: world.segmentsOfCell(orgId, contact.cell),
  }).can_send;
}
