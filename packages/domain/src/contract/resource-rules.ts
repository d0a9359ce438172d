import type { z } from 'zod';
import { type NamedResources, namedResources, uncheckedRowTagIds } from '../rules/permissions.js';
import type { EndpointId, EndpointOf } from './index.js';

/** The validated parts of a request to an endpoint, as its resource rule reads them. */
export interface ParsedRequestOf<Id extends EndpointId> {
  params: EndpointOf<Id> extends { pathParams: infer P extends z.ZodType }
    ? z.output<P>
    : Record<string, never>;
  query: EndpointOf<Id> extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
  body: EndpointOf<Id> extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
}

/** Field names that carry the IDs a key can be restricted to. */
export type RestrictedIdField =
  | 'campaign_id'
  | 'campaign_ids'
  | 'deduped_campaign_ids'
  | 'tag_id'
  | 'tag_ids';

/** Whether a type has a restricted-kind ID field anywhere inside it (looked for 8 levels deep). */
export type NamesRestrictedIds<T, Depth extends unknown[] = []> = Depth['length'] extends 8
  ? false
  : T extends readonly (infer Item)[]
    ? NamesRestrictedIds<Item, [...Depth, 1]>
    : T extends object
      ? [Extract<keyof T, RestrictedIdField>] extends [never]
        ? true extends { [K in keyof T]-?: NamesRestrictedIds<T[K], [...Depth, 1]> }[keyof T]
          ? true
          : false
        : true
      : false;

/** The endpoints whose input has a field named like a campaign or tag ID. */
export type EndpointNamingRestrictedIds = {
  [Id in EndpointId]: NamesRestrictedIds<ParsedRequestOf<Id>> extends true ? Id : never;
}[EndpointId];

/**
 * Reads the campaign and tag IDs a validated request names; or, for an endpoint whose IDs a key's
 * restrictions do not cover, says why.
 */
export type ResourceRule<Id extends EndpointId> =
  | ((request: ParsedRequestOf<Id>) => NamedResources)
  | { readonly unrestricted: string };

/**
 * A rule for every endpoint whose input names a campaign or tag ID: leaving one out is a compile
 * error, so no restricted ID goes unchecked. Other endpoints may have one.
 */
export type ResourceRuleTable = { [Id in EndpointNamingRestrictedIds]: ResourceRule<Id> } & {
  [Id in Exclude<EndpointId, EndpointNamingRestrictedIds>]?: ResourceRule<Id>;
};

// An upload's rows are checked one by one after the restrictions (a bad row is reported, not the
// whole upload refused), so their tag IDs are read from rows that may be anything.
const uploadRule = ({
  body,
}: {
  body: {
    tag_ids?: string[] | undefined;
    contacts: readonly unknown[];
    send?: { campaign_id: string } | undefined;
  };
}) =>
  namedResources({
    tag_ids: [...(body.tag_ids ?? []), ...uncheckedRowTagIds(body.contacts)],
    campaign_ids: body.send ? [body.send.campaign_id] : [],
  });

const leadCampaigns =
  'A lead’s campaign is the seller’s, in another organisation: a buyer key’s restrictions list its own organisation’s IDs.';

/**
 * How each endpoint names the resources a key can be restricted to: the mock checks a key's
 * `resources` against what these answer before anything happens, and the OpenAPI document
 * declares the 403 for each endpoint that has one.
 */
export const resourceRules: ResourceRuleTable = {
  'contacts.search': ({ body }) =>
    namedResources({ tag_ids: [...(body.find.tag_ids?.$in ?? []), ...(body.find.tag_ids?.$all ?? [])] }),
  'contacts.bulkUpdate': ({ body }) =>
    namedResources({
      tag_ids: [
        ...(body.find.tag_ids?.$in ?? []),
        ...(body.find.tag_ids?.$all ?? []),
        ...(body.update.$addToSet?.tag_ids?.$each ?? []),
        ...(body.update.$pull?.tag_ids?.$in ?? []),
      ],
      campaign_ids: body.update.$addToSet?.deduped_campaign_ids?.$each ?? [],
    }),
  'contacts.optOut': ({ body }) => namedResources({ campaign_ids: body.campaign_ids ?? [] }),
  'contacts.optOutCampaign': ({ body }) => namedResources({ campaign_ids: [body.campaign_id] }),
  'contacts.addTags': ({ body }) => namedResources({ tag_ids: body.tag_ids ?? [] }),
  'contacts.removeTags': ({ body }) => namedResources({ tag_ids: body.tag_ids ?? [] }),
  'contacts.create': uploadRule,
  'contacts.upsert': uploadRule,
  'tags.get': ({ params }) => namedResources({ tag_ids: [params.tag_id] }),
  'tags.delete': ({ params }) => namedResources({ tag_ids: [params.tag_id] }),
  'campaigns.get': ({ params }) => namedResources({ campaign_ids: [params.campaign_id] }),
  'campaignsV2.get': ({ params }) => namedResources({ campaign_ids: [params.campaign_id] }),
  'send.sms': ({ body }) =>
    namedResources({ campaign_ids: body.campaign_id === undefined ? [] : [body.campaign_id] }),
  'sales.create': ({ body }) => namedResources({ campaign_ids: body.map((sale) => sale.campaign_id) }),
  'sales.createByPostback': ({ query }) => namedResources({ campaign_ids: [query.campaign_id] }),
  'compliance.checkSend': ({ query }) =>
    namedResources({ campaign_ids: query.campaign_id === undefined ? [] : [query.campaign_id] }),
  'transactions.create': { unrestricted: leadCampaigns },
  'transactions.createByPostback': { unrestricted: leadCampaigns },
};

const ruleOf = (endpointId: string) =>
  (resourceRules as Record<string, ResourceRule<EndpointId> | undefined>)[endpointId];

/** Whether a key's resource restrictions apply to an endpoint (its rule can name an ID). */
export function checksResources(endpointId: string): boolean {
  return typeof ruleOf(endpointId) === 'function';
}

/**
 * The campaign and tag IDs a validated request names, read the way its endpoint reads them, so
 * that a key's resource restrictions can be checked before anything happens.
 *
 * @example
 * ```ts
 * resourcesNamedBy('contacts.search', { body: { find: { tag_ids: { $all: ['t1'] } } } }); // { tag_ids: ['t1'] }
 * ```
 */
export function resourcesNamedBy(
  endpointId: string,
  request: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown },
): NamedResources {
  const rule = ruleOf(endpointId);
  // The rules are typed by their endpoints; here the endpoint is known only at run time.
  return typeof rule === 'function' ? rule({ params: {}, query: {}, ...request } as never) : {};
}
