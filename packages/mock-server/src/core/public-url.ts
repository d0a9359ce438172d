import type { IncomingCall } from './handle-request.js';

// A host as a Host header carries it: a name or IPv4 address, or a bracketed IPv6 address, and
// an optional port. Anything else is not reflected into the document.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The URL a client reached the service at, for the `servers` of the served OpenAPI document:
 * `publicUrl` when the mock was given one, else the request's scheme and `Host` header (the
 * authority of its URL when it has no such header) under the mock's base path, else `baseUrl`.
 * A mock listening on `0.0.0.0` is so named by the address its client used, not `0.0.0.0`.
 *
 * @example
 * ```ts
 * serverUrlOf({ url: 'http://0.0.0.0:4010/openapi.json', headers }, { baseUrl, basePath: '' });
 * // 'http://localhost:4010' when the client sent `Host: localhost:4010`
 * ```
 */
export function serverUrlOf(
  request: Pick<IncomingCall, 'url' | 'headers'>,
  settings: { baseUrl: string; basePath: string; publicUrl?: string | undefined },
): string {
  if (settings.publicUrl) return settings.publicUrl;
  const scheme = request.url.match(/^(https?):\/\//i)?.[1]?.toLowerCase();
  const host = request.headers.get('host') ?? request.url.match(/^https?:\/\/([^/?#]+)/i)?.[1];
  if (!scheme || !host || !HOST.test(host)) return settings.baseUrl;
  return `${scheme}://${host}${settings.basePath}`;
}
