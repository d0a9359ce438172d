import type { ReplyKind } from '../schemas/reply.js';

/** Keywords that make a reply an opt-out. */
export const OPT_OUT_KEYWORDS = [
  'STOPALL',
  'STOP',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'OPT OUT',
] as const;
/** Keywords that make a reply an opt-in. */
export const OPT_IN_KEYWORDS = ['YES', 'Y', 'START', 'OPTIN', 'SUBSCRIBE'] as const;

// A keyword counts when the message is it, or starts with it followed by a non-letter, so that
// "STOP please" opts out but "Yesterday" and "Endless" do not.
const startsWithKeyword = (text: string, keyword: string) =>
  text === keyword || (text.startsWith(keyword) && !/[\p{L}\p{N}]/u.test(text.charAt(keyword.length)));

/**
 * Classifies a reply: `optOut` when the trimmed, case-insensitive message is or starts with an
 * opt-out keyword (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, OPTOUT, OPT OUT), `optIn` for
 * YES, Y, START, OPTIN, SUBSCRIBE, otherwise `unknown`.
 *
 * @example
 * ```ts
 * classifyReply(' stop please '); // 'optOut'
 * classifyReply('Yes!');          // 'optIn'
 * classifyReply('Yesterday');     // 'unknown'
 * ```
 */
export function classifyReply(message: string): ReplyKind {
  const text = String(message).trim().toUpperCase().replace(/\s+/g, ' ');
  if (OPT_OUT_KEYWORDS.some((k) => startsWithKeyword(text, k))) return 'optOut';
  if (OPT_IN_KEYWORDS.some((k) => startsWithKeyword(text, k))) return 'optIn';
  return 'unknown';
}

/** A campaign's opt-out level, from either model (`global` and `org` mean the same). */
export type AnyOptOutLevel = 'campaign' | 'tag' | 'global' | 'org';

/** A campaign as the opt-out rule sees it: its id, level and the tags it targets. */
export interface OptOutCampaign {
  _id: string;
  level: AnyOptOutLevel;
  tag_ids: readonly string[];
}

/** What an opt-out does to a contact: dedupe against some campaigns, or against all of them. */
export type OptOutEffect = { kind: 'campaigns'; campaign_ids: string[] } | { kind: 'all' };

/**
 * What an opt-out reply to a campaign does, by the campaign's level: `campaign` dedupes against
 * that campaign; `tag` against every campaign sharing one of its tags; `global` (V2: `org`)
 * against every campaign, present and future.
 *
 * @example
 * ```ts
 * optOutEffect({ _id: 'c1', level: 'tag', tag_ids: ['vip'] }, allCampaigns);
 * // { kind: 'campaigns', campaign_ids: ['c1', 'c4'] }
 * ```
 */
export function optOutEffect(campaign: OptOutCampaign, allCampaigns: Iterable<OptOutCampaign>): OptOutEffect {
  if (campaign.level === 'global' || campaign.level === 'org') return { kind: 'all' };
  if (campaign.level === 'campaign') return { kind: 'campaigns', campaign_ids: [campaign._id] };
  const tags = new Set(campaign.tag_ids);
  const ids = [campaign._id];
  for (const other of allCampaigns) {
    if (other._id !== campaign._id && other.tag_ids.some((t) => tags.has(t))) ids.push(other._id);
  }
  return { kind: 'campaigns', campaign_ids: ids };
}

/** The opt-out fields of a contact. */
export interface OptOutFields {
  deduped_campaign_ids: string[];
  global_opt_out?: boolean | undefined;
}

/**
 * Applies an opt-out effect to a contact's fields; `undefined` when nothing changes.
 *
 * @example
 * ```ts
 * applyOptOut({ deduped_campaign_ids: [] }, { kind: 'campaigns', campaign_ids: ['c1'] });
 * // { deduped_campaign_ids: ['c1'] }
 * ```
 */
export function applyOptOut(fields: OptOutFields, effect: OptOutEffect): OptOutFields | undefined {
  if (effect.kind === 'all') {
    return fields.global_opt_out ? undefined : { ...fields, global_opt_out: true };
  }
  const added = effect.campaign_ids.filter((id) => !fields.deduped_campaign_ids.includes(id));
  if (added.length === 0) return undefined;
  return { ...fields, deduped_campaign_ids: [...fields.deduped_campaign_ids, ...new Set(added)] };
}

/**
 * Whether a contact is opted out of a campaign, globally or for that campaign.
 *
 * @example
 * ```ts
 * isOptedOut({ deduped_campaign_ids: ['c1'] }, 'c1'); // true
 * ```
 */
export function isOptedOut(fields: OptOutFields, campaignId?: string): boolean {
  return (
    fields.global_opt_out === true ||
    (campaignId !== undefined && fields.deduped_campaign_ids.includes(campaignId))
  );
}
