/**
 * Every permission the service's endpoints check. Permissions nest: a key holding `P` also
 * holds every `P.<anything>`, and `*` holds them all.
 */
export const permissions = [
  'campaign.read.config',
  'contact.read.pii',
  'contact.create',
  'contact.update',
  'contact.delete',
  'contact.update.tag_ids',
  'contact.update.deduped_campaign_ids',
  'tag.read',
  'tag.delete',
  'sendLog.create',
  'sale.create',
  'marketplace_transaction.create',
  'compliance:send.create',
] as const;

/** A permission an endpoint checks. */
export type Permission = (typeof permissions)[number];
