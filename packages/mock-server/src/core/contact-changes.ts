import {
  applyOptOut,
  type Campaign,
  type CampaignV2,
  type Contact,
  type OptOutCampaign,
  type OptOutEffect,
  optOutEffect,
} from '@marketing/domain';
import type { World } from '../store/world.js';

/** A campaign of either model as the opt-out rule sees it. */
export function optOutCampaignOf(campaign: Campaign | CampaignV2): OptOutCampaign {
  return 'targeting' in campaign
    ? { _id: campaign._id, level: campaign.opt_out_level, tag_ids: campaign.targeting.tag_ids.$in }
    : { _id: campaign._id, level: campaign.optOutLevel ?? 'campaign', tag_ids: campaign.tag_ids };
}

/**
 * What opting a contact out of some campaigns does, each by its own level, exactly as an opt-out
 * reply to each would. A campaign the organisation does not have is deduped on its own.
 */
export function optOutEffectOf(world: World, orgId: string, campaignIds: readonly string[]): OptOutEffect {
  const all = world.campaignsOfOrg(orgId).map(optOutCampaignOf);
  const ids = new Set<string>();
  for (const id of campaignIds) {
    const found = world.campaignOf(orgId, id);
    const effect = found
      ? optOutEffect(optOutCampaignOf(found.campaign), all)
      : { kind: 'campaigns' as const, campaign_ids: [id] };
    if (effect.kind === 'all') return effect;
    for (const c of effect.campaign_ids) ids.add(c);
  }
  return { kind: 'campaigns', campaign_ids: [...ids] };
}

/** A new contact with no tags or opt-outs, stamped now. */
export function newContact(id: string, cell: string, stamp: string): Contact {
  return { tag_ids: [], deduped_campaign_ids: [], _id: id, cell, createdAt: stamp, updatedAt: stamp };
}

/** Stores a changed contact with `updatedAt` now. */
export function saveContact(world: World, orgId: string, next: Contact, now: Date): Contact {
  const stamped = { ...next, updatedAt: now.toISOString() };
  world.contactsOf(orgId).update(next._id, stamped);
  return stamped;
}

/** Applies an opt-out to a contact; answers whether it changed. */
export function optOutContact(
  world: World,
  orgId: string,
  contact: Contact,
  effect: OptOutEffect,
  now: Date,
): boolean {
  const changed = applyOptOut(contact, effect);
  if (!changed) return false;
  saveContact(world, orgId, { ...contact, ...changed }, now);
  return true;
}
