import type { Permission } from './permissions.js';

/** The zod-free facts of an endpoint: enough to call it. */
export interface RouteDefinition {
  /** `group.operation`: `contacts.get`. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path with `:name` parameters. */
  readonly path: string;
  readonly permission: Permission;
  /** `bearer`: `Authorization: Bearer <key>`; `query-key`: the `?key=` of postback routes. */
  readonly auth: 'bearer' | 'query-key';
  /** Whether repeating the request after an unknown outcome is safe: it cannot act twice. */
  readonly retrySafe: boolean;
}

/**
 * Every endpoint's method, path, permission, authentication and retry safety, as plain data with
 * no schemas, so that a client can import it without zod. The contract builds on these entries.
 *
 * @example
 * ```ts
 * import { routes } from '@marketing/domain/routes';
 * routes.send.sms.retrySafe; // false: a single SMS send is never repeated blindly
 * ```
 */
export const routes = {
  contacts: {
    get: {
      id: 'contacts.get',
      method: 'GET',
      path: '/contacts/:cell',
      permission: 'contact.read.pii',
      auth: 'bearer',
      retrySafe: true,
    },
    search: {
      id: 'contacts.search',
      method: 'POST',
      path: '/contacts/search',
      permission: 'contact.read.pii',
      auth: 'bearer',
      retrySafe: true,
    },
    delete: {
      id: 'contacts.delete',
      method: 'DELETE',
      path: '/contacts/:cell',
      permission: 'contact.delete',
      auth: 'bearer',
      retrySafe: true,
    },
    optOut: {
      id: 'contacts.optOut',
      method: 'POST',
      path: '/contacts/:cell/optOut',
      permission: 'contact.update.deduped_campaign_ids',
      auth: 'bearer',
      retrySafe: true,
    },
    optOutCampaign: {
      id: 'contacts.optOutCampaign',
      method: 'PUT',
      path: '/contacts/:cell/optOut',
      permission: 'contact.update.deduped_campaign_ids',
      auth: 'bearer',
      retrySafe: true,
    },
    addTags: {
      id: 'contacts.addTags',
      method: 'PUT',
      path: '/contacts/:cell/tag/add',
      permission: 'contact.update.tag_ids',
      auth: 'bearer',
      retrySafe: true,
    },
    removeTags: {
      id: 'contacts.removeTags',
      method: 'PUT',
      path: '/contacts/:cell/tag/remove',
      permission: 'contact.update.tag_ids',
      auth: 'bearer',
      retrySafe: true,
    },
    create: {
      id: 'contacts.create',
      method: 'POST',
      path: '/contacts',
      permission: 'contact.create',
      auth: 'bearer',
      retrySafe: false,
    },
    upsert: {
      id: 'contacts.upsert',
      method: 'PUT',
      path: '/contacts',
      permission: 'contact.update',
      auth: 'bearer',
      retrySafe: true,
    },
    bulkUpdate: {
      id: 'contacts.bulkUpdate',
      method: 'POST',
      path: '/contacts/update',
      permission: 'contact.update',
      auth: 'bearer',
      retrySafe: true,
    },
  },
  tags: {
    list: {
      id: 'tags.list',
      method: 'GET',
      path: '/tags',
      permission: 'tag.read',
      auth: 'bearer',
      retrySafe: true,
    },
    get: {
      id: 'tags.get',
      method: 'GET',
      path: '/tags/:tag_id',
      permission: 'tag.read',
      auth: 'bearer',
      retrySafe: true,
    },
    delete: {
      id: 'tags.delete',
      method: 'DELETE',
      path: '/tags/:tag_id',
      permission: 'tag.delete',
      auth: 'bearer',
      retrySafe: false,
    },
  },
  campaigns: {
    list: {
      id: 'campaigns.list',
      method: 'GET',
      path: '/campaigns',
      permission: 'campaign.read.config',
      auth: 'bearer',
      retrySafe: true,
    },
    get: {
      id: 'campaigns.get',
      method: 'GET',
      path: '/campaigns/:campaign_id',
      permission: 'campaign.read.config',
      auth: 'bearer',
      retrySafe: true,
    },
  },
  campaignsV2: {
    list: {
      id: 'campaignsV2.list',
      method: 'GET',
      path: '/campaigns/v2',
      permission: 'campaign.read.config',
      auth: 'bearer',
      retrySafe: true,
    },
    get: {
      id: 'campaignsV2.get',
      method: 'GET',
      path: '/campaigns/v2/:campaign_id',
      permission: 'campaign.read.config',
      auth: 'bearer',
      retrySafe: true,
    },
  },
  send: {
    sms: {
      id: 'send.sms',
      method: 'POST',
      path: '/send/sms',
      permission: 'sendLog.create',
      auth: 'bearer',
      retrySafe: false,
    },
    emailBulk: {
      id: 'send.emailBulk',
      method: 'POST',
      path: '/send/email/bulk',
      permission: 'sendLog.create',
      auth: 'bearer',
      retrySafe: false,
    },
  },
  sales: {
    create: {
      id: 'sales.create',
      method: 'POST',
      path: '/sales',
      permission: 'sale.create',
      auth: 'bearer',
      retrySafe: false,
    },
    createByPostback: {
      id: 'sales.createByPostback',
      method: 'GET',
      path: '/sales/create',
      permission: 'sale.create',
      auth: 'query-key',
      retrySafe: false,
    },
  },
  transactions: {
    create: {
      id: 'transactions.create',
      method: 'POST',
      path: '/exchange/buyer/transaction',
      permission: 'marketplace_transaction.create',
      auth: 'bearer',
      retrySafe: true,
    },
    createByPostback: {
      id: 'transactions.createByPostback',
      method: 'GET',
      path: '/exchange/buyer/transaction/create',
      permission: 'marketplace_transaction.create',
      auth: 'query-key',
      retrySafe: true,
    },
    updateStatus: {
      id: 'transactions.updateStatus',
      method: 'PUT',
      path: '/exchange/buyer/transaction/:id/status',
      permission: 'marketplace_transaction.create',
      auth: 'bearer',
      retrySafe: false,
    },
    search: {
      id: 'transactions.search',
      method: 'POST',
      path: '/exchange/buyer/transaction/search',
      permission: 'marketplace_transaction.create',
      auth: 'bearer',
      retrySafe: true,
    },
  },
  compliance: {
    checkSend: {
      id: 'compliance.checkSend',
      method: 'POST',
      path: '/compliance/send',
      permission: 'compliance:send.create',
      auth: 'bearer',
      retrySafe: true,
    },
  },
} as const satisfies Record<string, Record<string, RouteDefinition>>;

/**
 * Fills an endpoint path's `:name` parameters, percent-encoding each value. A missing
 * parameter throws, so a request never goes to a half-built path.
 *
 * @example
 * ```ts
 * buildPath('/contacts/:cell/tag/add', { cell: '27821234567' }); // '/contacts/27821234567/tag/add'
 * buildPath('/tags/:tag_id', { tag_id: 'a/b' });                  // '/tags/a%2Fb'
 * ```
 */
export function buildPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** What the router needs of a route: its method and its path with `:name` parameters. */
export interface RouteShape {
  readonly method: string;
  readonly path: string;
}

/** A route matched to a request path, with its decoded path parameters. */
export interface RouteMatchOf<R> {
  readonly route: R;
  readonly params: Record<string, string>;
}

interface CompiledPath<R> {
  /** Per segment: the parameter's name, or `undefined` for a static segment. */
  readonly params: readonly (string | undefined)[];
  readonly segments: readonly string[];
  /** The routes on this path, by method. */
  readonly byMethod: Map<string, R>;
}

// The non-empty segments of a path, without the intermediate arrays of split and filter: every
// request is routed.
function splitPath(path: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start <= path.length) {
    let end = path.indexOf('/', start);
    if (end < 0) end = path.length;
    if (end > start) parts.push(path.slice(start, end));
    start = end + 1;
  }
  return parts;
}
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

const staticCount = (path: CompiledPath<unknown>) => path.params.filter((p) => p === undefined).length;

// Paths by segment count, so a request compares only with paths of its length. The most specific
// path wins whatever the method (`/contacts/search` before `/contacts/:cell`), so that a known path
// called with another method is a 405 rather than a path parameter that fails to parse.
function compilePaths<R extends RouteShape>(table: readonly R[]): Map<number, CompiledPath<R>[]> {
  const pathsByLength = new Map<number, CompiledPath<R>[]>();
  for (const route of table) {
    const segments = splitPath(route.path);
    const list = pathsByLength.get(segments.length) ?? [];
    let compiled = list.find((p) => p.segments.join('/') === segments.join('/'));
    if (!compiled) {
      compiled = {
        segments,
        params: segments.map((s) => (s.startsWith(':') ? s.slice(1) : undefined)),
        byMethod: new Map(),
      };
      list.push(compiled);
    }
    compiled.byMethod.set(route.method, route);
    pathsByLength.set(segments.length, list);
  }
  for (const list of pathsByLength.values()) list.sort((a, b) => staticCount(b) - staticCount(a));
  return pathsByLength;
}

function matchPath<R>(
  pathsByLength: Map<number, CompiledPath<R>[]>,
  pathname: string,
): { path: CompiledPath<R>; params: Record<string, string> } | undefined {
  const parts = splitPath(pathname);
  const candidates = pathsByLength.get(parts.length);
  if (!candidates) return undefined;
  // Static segments are compared first, so that no parameters are decoded for paths that fail.
  next: for (const path of candidates) {
    for (let i = 0; i < parts.length; i++) {
      if (path.params[i] === undefined && path.segments[i] !== parts[i]) continue next;
    }
    const params = decodeParams(path, parts);
    if (params) return { path, params };
  }
  return undefined;
}

// A path's parameters, decoded; `undefined` when one is not valid percent-encoding.
function decodeParams(path: CompiledPath<unknown>, parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const name = path.params[i];
    if (name === undefined) continue;
    const part = parts[i]!;
    if (!part.includes('%')) {
      params[name] = part;
      continue;
    }
    try {
      params[name] = decodeURIComponent(part);
    } catch {
      return undefined;
    }
  }
  return params;
}

/** Matches requests to a table of routes: {@link createRouter} makes one. */
export interface Router<R> {
  /**
   * The route that serves a method and path, with its path parameters decoded; `undefined` when
   * none does. The most specific path decides: `GET /contacts/search` finds nothing (the path is
   * `POST /contacts/search`'s), rather than `GET /contacts/:cell`.
   */
  match(method: string, pathname: string): RouteMatchOf<R> | undefined;
  /** The methods this path's routes serve; empty for an unknown path (404, not 405). */
  allowedMethods(pathname: string): ('GET' | 'POST' | 'PUT' | 'DELETE')[];
}

/**
 * Compiles a table of routes (the endpoints of the contract, or {@link routes}) into a router.
 * Static segments are compared before any parameter is decoded, and a path is only compared with
 * paths of as many segments.
 *
 * @example
 * ```ts
 * const router = createRouter(Object.values(routes.tags));
 * router.match('DELETE', '/tags/t1')?.params; // { tag_id: 't1' }
 * router.allowedMethods('/tags/t1'); // ['GET', 'DELETE']
 * ```
 */
export function createRouter<R extends RouteShape>(table: readonly R[]): Router<R> {
  const pathsByLength = compilePaths(table);
  return {
    match(method, pathname) {
      const match = matchPath(pathsByLength, pathname);
      const route = match?.path.byMethod.get(method);
      return route && match ? { route, params: match.params } : undefined;
    },
    allowedMethods(pathname) {
      const match = matchPath(pathsByLength, pathname);
      return match ? METHODS.filter((m) => match.path.byMethod.has(m)) : [];
    },
  };
}

/**
 * The OpenAPI form of a path: `/contacts/{cell}`.
 *
 * @example
 * ```ts
 * toOpenApiPath('/contacts/:cell'); // '/contacts/{cell}'
 * ```
 */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}
