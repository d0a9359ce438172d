import type { Contact } from '../../schemas/contact.js';
import type { BulkUpdateBody } from '../../schemas/contact-requests.js';
import { withIds, withoutIds } from '../id-lists.js';
import { type ContactFilter, normaliseFilter } from './contact-query.js';

/** A bulk update as understood: the normalised filter and the one operator with its values. */
export type ParsedBulkUpdate = {
  find: ContactFilter;
  update:
    | { $addToSet: { tag_ids?: { $each: string[] }; deduped_campaign_ids?: { $each: string[] } } }
    | { $pull: { tag_ids: { $in: string[] } } };
};

/**
 * A validated bulk update body with its values normalised: the `parsedRequest` the service
 * echoes (cells as MSISDN, duplicate IDs removed).
 *
 * @example
 * ```ts
 * parseBulkUpdate({ find: { cell: ['0821234567'] }, update: { $pull: { tag_ids: { $in: ['a', 'a'] } } } });
 * // { find: { cell: ['0821234567'] }, update: { $pull: { tag_ids: { $in: ['a'] } } } }
 * ```
 */
export function parseBulkUpdate(body: BulkUpdateBody): ParsedBulkUpdate {
  const unique = (ids: string[]) => [...new Set(ids)];
  const find = normaliseFilter(body.find);
  if (body.update.$pull) {
    return { find, update: { $pull: { tag_ids: { $in: unique(body.update.$pull.tag_ids.$in) } } } };
  }
  const add = body.update.$addToSet ?? {};
  const $addToSet: { tag_ids?: { $each: string[] }; deduped_campaign_ids?: { $each: string[] } } = {};
  if (add.tag_ids) $addToSet.tag_ids = { $each: unique(add.tag_ids.$each) };
  if (add.deduped_campaign_ids)
    $addToSet.deduped_campaign_ids = { $each: unique(add.deduped_campaign_ids.$each) };
  return { find, update: { $addToSet } };
}

/** The fields a bulk update can change. */
export type BulkUpdatableFields = Pick<Contact, 'tag_ids' | 'deduped_campaign_ids'>;

/**
 * Applies a parsed update to one contact's fields. Returns the new fields, or `undefined` when
 * nothing would change (so the store neither writes nor bumps `updatedAt`).
 *
 * @example
 * ```ts
 * applyBulkUpdate({ tag_ids: ['a'], deduped_campaign_ids: [] }, { $addToSet: { tag_ids: { $each: ['b'] } } });
 * // { tag_ids: ['a', 'b'], deduped_campaign_ids: [] }
 * ```
 */
export function applyBulkUpdate(
  contact: BulkUpdatableFields,
  update: ParsedBulkUpdate['update'],
): BulkUpdatableFields | undefined {
  if ('$pull' in update) {
    const tag_ids = withoutIds(contact.tag_ids, update.$pull.tag_ids.$in);
    return tag_ids === contact.tag_ids ? undefined : { ...contact, tag_ids };
  }
  const addAll = (current: string[], more: string[] | undefined) => (more ? withIds(current, more) : current);
  const tag_ids = addAll(contact.tag_ids, update.$addToSet.tag_ids?.$each);
  const deduped_campaign_ids = addAll(
    contact.deduped_campaign_ids,
    update.$addToSet.deduped_campaign_ids?.$each,
  );
  if (tag_ids === contact.tag_ids && deduped_campaign_ids === contact.deduped_campaign_ids) return undefined;
  return { tag_ids, deduped_campaign_ids };
}
