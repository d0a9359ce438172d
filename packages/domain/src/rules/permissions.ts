import { errorCodes } from '../messages.js';

/** The kinds of resources a key can be restricted to. */
export type ResourceKind = 'campaign_ids' | 'tag_ids';

/** A key's resource restrictions: for each kind given, the only IDs it may name. */
export type ResourceRestrictions = Partial<Record<ResourceKind, readonly string[]>>;

/** The IDs a request names, by kind. */
export type NamedResources = Partial<Record<ResourceKind, readonly string[]>>;

/**
 * Whether held permissions grant a required one. `*` grants everything; `P` grants `P` and every
 * `P.<anything>`.
 *
 * @example
 * ```ts
 * grants(['contact.update'], 'contact.update.tag_ids'); // true
 * grants(['contact.update.tag_ids'], 'contact.update'); // false
 * grants(['contact'], 'contact.read.pii');              // true
 * ```
 */
export function grants(held: readonly string[], required: string): boolean {
  return held.some((p) => p === '*' || p === required || required.startsWith(`${p}.`));
}

/**
 * The permissions a key lacks for a request, for the 403 `missing` list; empty when it may.
 *
 * @example
 * ```ts
 * missingPermissions(['tag.read'], 'tag.delete'); // ['tag.delete']
 * ```
 */
export function missingPermissions(held: readonly string[], required: string): string[] {
  return grants(held, required) ? [] : [required];
}

/**
 * The named IDs a restricted key may not touch, grouped by kind, or `undefined` when it may
 * touch them all. Kinds the key is not restricted on are never missing.
 *
 * @example
 * ```ts
 * missingResources({ tag_ids: ['tag_vip'] }, { tag_ids: ['tag_vip', 'tag_x'], campaign_ids: ['c1'] });
 * // { tag_ids: ['tag_x'] }
 * ```
 */
export function missingResources(
  restrictions: ResourceRestrictions | undefined,
  named: NamedResources,
): Record<string, string[]> | undefined {
  if (!restrictions) return undefined;
  const missing: Record<string, string[]> = {};
  for (const kind of ['campaign_ids', 'tag_ids'] as const) {
    const allowed = restrictions[kind];
    const ids = named[kind];
    if (!allowed || !ids) continue;
    const refused = [...new Set(ids.filter((id) => !allowed.includes(id)))];
    if (refused.length > 0) missing[kind] = refused;
  }
  return Object.keys(missing).length > 0 ? missing : undefined;
}

/**
 * The 403 error for a resource refusal, spelled as the endpoint spells it: contact search says
 * `Insufficient Resource IDs`, every other endpoint `insufficient_resource_ids`.
 *
 * @example
 * ```ts
 * resourceError('contacts.search', { tag_ids: ['t9'] });
 * // { code: 'Insufficient Resource IDs', missing: { tag_ids: ['t9'] } }
 * ```
 */
export function resourceError(endpointId: string, missing: Record<string, string[]>) {
  return {
    code:
      endpointId === 'contacts.search'
        ? errorCodes.searchInsufficientResourceIds
        : errorCodes.insufficientResourceIds,
    missing,
  };
}

/**
 * The permissions a request needs besides its endpoint's own, read from its body.
 * `create_missing_contact: true` creates a contact, so on the opt-out and tag-add endpoints it
 * also needs `contact.create`: without it, a key that may only record opt-outs or tags could add
 * contacts that campaigns then target. (Tag removal ignores the flag and needs nothing more.)
 *
 * Opting out with `all: true` needs nothing more, and a key restricted to some campaigns may use
 * it: it names no campaign, and it only ever stops messages. Refusing it would leave the
 * organisation messaging a person who asked a supplier to stop.
 *
 * @example
 * ```ts
 * permissionsRequiredBy('contacts.optOut', { all: true, create_missing_contact: true }); // ['contact.create']
 * permissionsRequiredBy('contacts.optOut', { all: true }); // []
 * ```
 */
export function permissionsRequiredBy(endpointId: string, body: unknown): string[] {
  const creates =
    (endpointId === 'contacts.optOut' || endpointId === 'contacts.addTags') &&
    body !== null &&
    typeof body === 'object' &&
    (body as { create_missing_contact?: unknown }).create_missing_contact === true;
  return creates ? ['contact.create'] : [];
}

/**
 * The IDs a request names, by kind, without repeats and without empty kinds: what an endpoint's
 * `resources` extractor answers.
 *
 * @example
 * ```ts
 * namedResources({ tag_ids: ['t1', 't1'], campaign_ids: [] }); // { tag_ids: ['t1'] }
 * ```
 */
export function namedResources(ids: Partial<Record<ResourceKind, readonly string[]>>): NamedResources {
  const named: NamedResources = {};
  for (const kind of ['campaign_ids', 'tag_ids'] as const) {
    const list = ids[kind];
    if (list && list.length > 0) named[kind] = [...new Set(list)];
  }
  return named;
}

/**
 * The tag IDs of upload rows that have not been checked yet (an upload checks each row on its
 * own, so a row may be anything): the strings in each object row's `tag_ids`.
 */
export function uncheckedRowTagIds(rows: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const row of rows) {
    const tagIds =
      row !== null && typeof row === 'object' ? (row as { tag_ids?: unknown }).tag_ids : undefined;
    if (Array.isArray(tagIds)) for (const id of tagIds) if (typeof id === 'string') ids.push(id);
  }
  return ids;
}
