import type { EndpointDefinition, HttpMethod } from './define-endpoint.js';
import { endpoints } from './index.js';

export { buildPath } from './build-path.js';

/** An endpoint matched to a request path, with its decoded path parameters. */
export interface RouteMatch {
  readonly endpoint: EndpointDefinition;
  readonly params: Record<string, string>;
}

interface CompiledRoute {
  readonly endpoint: EndpointDefinition;
  /** Per segment: the parameter's name, or `undefined` for a static segment. */
  readonly params: readonly (string | undefined)[];
  readonly segments: readonly string[];
}

const splitPath = (path: string) => path.split('/').filter((s) => s !== '');

// Routes by method and segment count, so a request compares only with routes of its shape.
// Static segments win over parameters (`/campaigns/v2` before `/campaigns/:campaign_id`).
const routesByShape = new Map<string, CompiledRoute[]>();
for (const endpoint of endpoints) {
  const segments = splitPath(endpoint.path);
  const shape = `${endpoint.method} ${segments.length}`;
  const route = {
    endpoint,
    segments,
    params: segments.map((s) => (s.startsWith(':') ? s.slice(1) : undefined)),
  };
  routesByShape.set(shape, [...(routesByShape.get(shape) ?? []), route]);
}
const staticCount = (route: CompiledRoute) => route.params.filter((p) => p === undefined).length;
for (const routes of routesByShape.values()) routes.sort((a, b) => staticCount(b) - staticCount(a));

/**
 * Finds the endpoint that serves a method and path, with its path parameters decoded.
 * Returns `undefined` when no endpoint does.
 *
 * @example
 * ```ts
 * matchEndpoint('GET', '/contacts/27821234567');
 * // { endpoint: contract.contacts.get, params: { cell: '27821234567' } }
 * ```
 */
export function matchEndpoint(method: string, pathname: string): RouteMatch | undefined {
  const parts = splitPath(pathname);
  const routes = routesByShape.get(`${method} ${parts.length}`);
  if (!routes) return undefined;
  next: for (const route of routes) {
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const name = route.params[i];
      if (name === undefined) {
        if (route.segments[i] !== parts[i]) continue next;
        continue;
      }
      try {
        params[name] = decodeURIComponent(parts[i]!);
      } catch {
        continue next;
      }
    }
    return { endpoint: route.endpoint, params };
  }
  return undefined;
}

/**
 * The methods that some endpoint serves on this path; empty when the path is unknown, so a
 * server can tell 405 (wrong method) from 404 (no such route).
 *
 * @example
 * ```ts
 * allowedMethods('/tags/t1'); // ['GET', 'DELETE']
 * ```
 */
export function allowedMethods(pathname: string): HttpMethod[] {
  const methods = (['GET', 'POST', 'PUT', 'DELETE'] as const).filter((m) => matchEndpoint(m, pathname));
  return methods;
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
