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
  readonly segments: readonly string[];
  readonly staticCount: number;
}

const splitPath = (path: string) => path.split('/').filter((s) => s !== '');

// Static segments win over parameters (`/campaigns/v2` before `/campaigns/:campaign_id`).
const routes: readonly CompiledRoute[] = endpoints
  .map((endpoint) => {
    const segments = splitPath(endpoint.path);
    return { endpoint, segments, staticCount: segments.filter((s) => !s.startsWith(':')).length };
  })
  .sort((a, b) => b.staticCount - a.staticCount);

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
  for (const route of routes) {
    if (route.endpoint.method !== method || route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matched = route.segments.every((segment, i) => {
      const part = parts[i]!;
      if (!segment.startsWith(':')) return segment === part;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
        return true;
      } catch {
        return false;
      }
    });
    if (matched) return { endpoint: route.endpoint, params };
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
