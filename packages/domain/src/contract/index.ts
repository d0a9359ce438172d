import { campaigns, campaignsV2 } from './campaigns.js';
import { compliance } from './compliance.js';
import { contacts } from './contacts.js';
import type { EndpointDefinition } from './define-endpoint.js';
import { createRouter } from './routes.js';
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

const endpointRouter = createRouter(endpoints);

/** An endpoint matched to a request path, with its decoded path parameters. */
export interface RouteMatch {
  readonly endpoint: EndpointDefinition;
  readonly params: Record<string, string>;
}

/**
 * Finds the endpoint that serves a method and path, with its path parameters decoded.
 * Returns `undefined` when no endpoint does. The most specific path decides: `GET /contacts/search`
 * finds nothing (the path is `POST /contacts/search`'s), rather than `GET /contacts/:cell`.
 *
 * @example
 * ```ts
 * matchEndpoint('GET', '/contacts/27821234567');
 * // { endpoint: contract.contacts.get, params: { cell: '27821234567' } }
 * ```
 */
export function matchEndpoint(method: string, pathname: string): RouteMatch | undefined {
  const match = endpointRouter.match(method, pathname);
  return match && { endpoint: match.route, params: match.params };
}

/**
 * The methods the endpoints of this path serve; empty when the path is unknown, so a server can
 * tell 405 (wrong method) from 404 (no such route).
 *
 * @example
 * ```ts
 * allowedMethods('/tags/t1'); // ['GET', 'DELETE']
 * allowedMethods('/contacts/search'); // ['POST']
 * ```
 */
export const allowedMethods = (pathname: string) => endpointRouter.allowedMethods(pathname);
