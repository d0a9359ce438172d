import { campaigns, campaignsV2 } from './campaigns.js';
import { compliance } from './compliance.js';
import { contacts } from './contacts.js';
import type { EndpointDefinition } from './define-endpoint.js';
import { sales } from './sales.js';
import { send } from './send.js';
import { tags } from './tags.js';
import { transactions } from './transactions.js';

/**
 * The service's contract: every endpoint once, grouped by resource as the SDK exposes them.
 *
 * @example
 * ```ts
 * import { contract } from '@marketing/domain';
 * contract.contacts.get.path;       // '/contacts/:cell'
 * contract.contacts.get.permission; // 'contact.read.pii'
 * ```
 */
export const contract = {
  contacts,
  tags,
  campaigns,
  campaignsV2,
  send,
  sales,
  transactions,
  compliance,
} as const;

/** The contract's type. */
export type Contract = typeof contract;

/** Every endpoint of the contract, as a union of their definitions. */
export type AnyEndpoint = { [G in keyof Contract]: Contract[G][keyof Contract[G]] }[keyof Contract];

/** The ID of an endpoint: `'contacts.get'`, `'tags.list'`, ... */
export type EndpointId = AnyEndpoint['id'];

/**
 * The contract's endpoint for an ID, with its literal types.
 *
 * @example
 * ```ts
 * type Contact = DataOf<EndpointOf<'contacts.get'>>;
 * ```
 */
export type EndpointOf<Id extends string> = Extract<AnyEndpoint, { id: Id }>;

/**
 * Every endpoint of the contract as a flat list, in declaration order.
 *
 * @example
 * ```ts
 * for (const endpoint of endpoints) console.log(endpoint.method, endpoint.path);
 * ```
 */
export const endpoints: readonly EndpointDefinition[] = Object.values(contract).flatMap(
  (group) => Object.values(group) as EndpointDefinition[],
);
