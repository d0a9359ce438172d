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

/** The parts of a request an endpoint reads resource IDs from. */
export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (v, key) =>
      v !== null && typeof v === 'object' && Object.hasOwn(v, key)
        ? (v as Record<string, unknown>)[key]
        : undefined,
    value,
  );

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
    at(body, 'create_missing_contact') === true;
  return creates ? ['contact.create'] : [];
}

function collect(named: { campaign_ids: string[]; tag_ids: string[] }): NamedResources {
  const out: NamedResources = {};
  if (named.campaign_ids.length) out.campaign_ids = [...new Set(named.campaign_ids)];
  if (named.tag_ids.length) out.tag_ids = [...new Set(named.tag_ids)];
  return out;
}

/**
 * The campaign and tag IDs a request names, read the way its endpoint reads them, so that a
 * key's resource restrictions can be checked before anything happens.
 *
 * @example
 * ```ts
 * resourcesNamedBy('contacts.search', { body: { find: { tag_ids: { $all: ['t1'] } } } }); // { tag_ids: ['t1'] }
 * ```
 */
export function resourcesNamedBy(
  endpointId: string,
  { params = {}, query = {}, body }: RequestParts,
): NamedResources {
  const named = { campaign_ids: [] as string[], tag_ids: [] as string[] };
  switch (endpointId) {
    case 'contacts.search':
    case 'contacts.bulkUpdate':
      named.tag_ids.push(
        ...strings(at(body, 'find', 'tag_ids', '$in')),
        ...strings(at(body, 'find', 'tag_ids', '$all')),
      );
      named.tag_ids.push(...strings(at(body, 'update', '$addToSet', 'tag_ids', '$each')));
      named.tag_ids.push(...strings(at(body, 'update', '$pull', 'tag_ids', '$in')));
      named.campaign_ids.push(...strings(at(body, 'update', '$addToSet', 'deduped_campaign_ids', '$each')));
      break;
    case 'contacts.optOut':
      named.campaign_ids.push(...strings(at(body, 'campaign_ids')));
      break;
    case 'contacts.optOutCampaign':
      named.campaign_ids.push(...strings(at(body, 'campaign_id')));
      break;
    case 'contacts.addTags':
    case 'contacts.removeTags':
      named.tag_ids.push(...strings(at(body, 'tag_ids')));
      break;
    case 'contacts.create':
    case 'contacts.upsert': {
      named.tag_ids.push(...strings(at(body, 'tag_ids')));
      const rows = at(body, 'contacts');
      if (Array.isArray(rows)) for (const row of rows) named.tag_ids.push(...strings(at(row, 'tag_ids')));
      named.campaign_ids.push(...strings(at(body, 'send', 'campaign_id')));
      break;
    }
    case 'tags.get':
    case 'tags.delete':
      named.tag_ids.push(...strings(params.tag_id));
      break;
    case 'campaigns.get':
    case 'campaignsV2.get':
      named.campaign_ids.push(...strings(params.campaign_id));
      break;
    case 'send.sms':
      named.campaign_ids.push(...strings(at(body, 'campaign_id')));
      break;
    case 'sales.create':
      if (Array.isArray(body))
        for (const sale of body) named.campaign_ids.push(...strings(at(sale, 'campaign_id')));
      break;
    case 'sales.createByPostback':
    case 'compliance.checkSend':
      named.campaign_ids.push(...strings(query.campaign_id));
      break;
  }
  return collect(named);
}
