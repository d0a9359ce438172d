import type { Contact } from '../../schemas/contact.js';
import type { BulkUpdateBody } from '../../schemas/contact-requests.js';
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
    const remove = new Set(update.$pull.tag_ids.$in);
    const tag_ids = contact.tag_ids.filter((t) => !remove.has(t));
    return tag_ids.length === contact.tag_ids.length ? undefined : { ...contact, tag_ids };
  }
  const addAll = (current: string[], more: string[] | undefined) => {
    if (!more) return current;
    const missing = idsMissingFrom(current, more);
    return missing.length === 0 ? current : [...current, ...missing];
  };
  const tag_ids = addAll(contact.tag_ids, update.$addToSet.tag_ids?.$each);
  const deduped_campaign_ids = addAll(
    contact.deduped_campaign_ids,
    update.$addToSet.deduped_campaign_ids?.$each,
  );
  if (tag_ids === contact.tag_ids && deduped_campaign_ids === contact.deduped_campaign_ids) return undefined;
  return { tag_ids, deduped_campaign_ids };
}

// The IDs of `more` that `current` lacks, each once. Long lists are compared through a set: a
// contact of 10,000 tags given 10,000 more compared each with each.
function idsMissingFrom(current: readonly string[], more: readonly string[]): string[] {
  const missing: string[] = [];
  if (current.length + more.length <= 32) {
    for (const id of more) if (!current.includes(id) && !missing.includes(id)) missing.push(id);
    return missing;
  }
  const held = new Set(current);
  for (const id of more)
    if (!held.has(id)) {
      held.add(id);
      missing.push(id);
    }
  return missing;
}
