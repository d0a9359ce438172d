import type { Campaign } from '../schemas/campaign.js';
import type { CampaignV2 } from '../schemas/campaign-v2.js';

/** A field of an original campaign that the V2 campaign does not carry, and why. */
export interface UnmappedField {
  field: string;
  value: unknown;
  reason: string;
}

/** The outcome of migrating one campaign. */
export interface CampaignMigration {
  campaign: CampaignV2;
  unmapped: UnmappedField[];
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

// Original fields with no V2 home, with the reason given in the report.
const NO_V2_FIELD: Record<string, string> = {
  createdBy: 'V2 campaigns do not record their creator',
  kind: 'V2 campaigns are recurring; the kind is not kept',
  getCopyMethod: 'V2 picks SMS copy through optimisations.sms_template_id',
  welcomeConfig: 'V2 has no welcome message settings',
  country: 'V2 campaigns have no country; sales for V2 need international cells',
  contactSendCounts: 'send history stays with the original campaign',
  contactCreatedAt: 'send history stays with the original campaign',
  lastSent: 'send history stays with the original campaign',
  lastReply: 'send history stays with the original campaign',
  lastClick: 'send history stays with the original campaign',
  contactClickCounts: 'send history stays with the original campaign',
};

/**
 * Migrates an original campaign to the V2 model: tags and exclusions to `targeting`, the opt-out
 * level (`global` becomes `org`), SMS parts and delivery method to `channels.sms`, the send window
 * to `recurring_sends.window`, income and sale values to `financials`, confirmations to `legal`,
 * the tracking link, segments and reachability. Every field it could not carry over is reported
 * in `unmapped`, so a migration never loses data silently.
 *
 * @example
 * ```ts
 * const { campaign, unmapped } = migrateCampaign(original, new Date());
 * unmapped.map((u) => u.field); // ['kind', 'country', ...]
 * ```
 */
export function migrateCampaign(original: Campaign, now: Date): CampaignMigration {
  const unmapped: UnmappedField[] = [];
  for (const [field, reason] of Object.entries(NO_V2_FIELD)) {
    const value = (original as Record<string, unknown>)[field];
    if (!isEmpty(value)) unmapped.push({ field, value, reason });
  }

  let optOutLevel: CampaignV2['opt_out_level'] = 'campaign';
  if (original.optOutLevel === 'global') optOutLevel = 'org';
  if (original.optOutLevel === 'tag') {
    unmapped.push({
      field: 'optOutLevel',
      value: 'tag',
      reason:
        'V2 has no tag opt-out level; migrated as campaign, so opt-outs no longer spread to campaigns sharing a tag',
    });
  }

  const timestamp = now.toISOString();
  const campaign: CampaignV2 = {
    _id: original._id,
    org_id: original.org_id,
    name: original.name,
    active: original.active,
    categories: [...original.categories],
    opt_out_level: optOutLevel,
    targeting: {
      reachability_days: original.reachableInLastDays ?? null,
      tag_ids: { $in: [...original.tag_ids], $nin: [...original.nin_tag_ids] },
      segment_ids: { $in: [...original.segment_ids], $nin: [...(original.nin_segment_ids ?? [])] },
      events: [],
    },
    channels: {
      sms: { template_ids: [], max_parts: original.maxSMSParts, delivery_method: original.deliveryMethod },
    },
    hooks: { hook_ids: [...(original.hook_ids ?? [])], custom_data: null },
    financials: { income_per_optin: original.incomePerLead, income_per_sale: original.defaultSaleValue },
    createdAt: timestamp,
    updatedAt: timestamp,
  };
  if (original.description !== undefined) campaign.description = original.description;
  if (original.send_window_hours) campaign.recurring_sends = { window: { ...original.send_window_hours } };
  if (original.optin_confirmation !== undefined || original.recommendation_confirmation !== undefined) {
    campaign.legal = {};
    if (original.optin_confirmation !== undefined)
      campaign.legal.consent_confirmation = original.optin_confirmation;
    if (original.recommendation_confirmation !== undefined) {
      campaign.legal.recommendation_confirmation = original.recommendation_confirmation;
    }
  }
  if (original.trackingLink) {
    const link = original.trackingLink;
    if (link.redirect_url === undefined) {
      unmapped.push({ field: 'trackingLink', value: link, reason: 'V2 tracking links need a redirect_url' });
    } else {
      campaign.tracking_link = {
        tracksUnique: link.tracksUnique ?? false,
        redirect_url: link.redirect_url,
        auto_redirect: link.auto_redirect ?? false,
      };
    }
  }
  return { campaign, unmapped };
}
