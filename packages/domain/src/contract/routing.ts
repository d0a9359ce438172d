import type { EndpointDefinition, HttpMethod } from './define-endpoint.js';
import { endpoints } from './index.js';

export { buildPath } from './build-path.js';

/** An endpoint matched to a request path, with its decoded path parameters. */
export interface RouteMatch {
  readonly endpoint: EndpointDefinition;
  readonly params: Record<string, string>;
}

interface CompiledPath {
  /** Per segment: the parameter's name, or `undefined` for a static segment. */
  readonly params: readonly (string | undefined)[];
  readonly segments: readonly string[];
  /** The endpoints on this path, by method. */
  readonly byMethod: Map<string, EndpointDefinition>;
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
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

// Paths by segment count, so a request compares only with paths of its length. The most specific
// path wins whatever the method (`/contacts/search` before `/contacts/:cell`), so that a known path
// called with another method is a 405 rather than a path parameter that fails to parse.
const pathsByLength = new Map<number, CompiledPath[]>();
for (const endpoint of endpoints) {
  const segments = splitPath(endpoint.path);
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
  compiled.byMethod.set(endpoint.method, endpoint);
  pathsByLength.set(segments.length, list);
}
const staticCount = (path: CompiledPath) => path.params.filter((p) => p === undefined).length;
for (const list of pathsByLength.values()) list.sort((a, b) => staticCount(b) - staticCount(a));

function matchPath(pathname: string): { path: CompiledPath; params: Record<string, string> } | undefined {
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
function decodeParams(path: CompiledPath, parts: string[]): Record<string, string> | undefined {
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
  const match = matchPath(pathname);
  const endpoint = match?.path.byMethod.get(method);
  return endpoint && match ? { endpoint, params: match.params } : undefined;
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
export function allowedMethods(pathname: string): HttpMethod[] {
  const match = matchPath(pathname);
  return match ? METHODS.filter((m) => match.path.byMethod.has(m)) : [];
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
