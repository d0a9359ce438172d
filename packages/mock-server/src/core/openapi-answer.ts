import { createOpenApiDocument, type OpenApiDocument } from '@marketing/domain';
import { VERSION } from '../version.js';
import type { IncomingCall } from './handle-request.js';
import type { Answer } from './responses.js';

// The document is the contract's, the same for every mock: it is built once (converting every
// schema takes a few hundred milliseconds) with a stand-in server URL, and each server URL a
// client asks through gets its own text, made by replacing the stand-in.
const STAND_IN = 'https://server-url.marketing-mock.invalid';
let template: string | undefined;
const byServerUrl = new Map<string, { text: string; etag: string }>();
// Hosts come from requests: a bound keeps a client that varies its Host header from growing it.
const MAX_SERVER_URLS = 16;

// FNV-1a over the text: a strong validator for the ETag, computed once per text, in any runtime.
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The OpenAPI document's JSON text for a server URL, with its ETag, built once per URL. */
export function openApiText(serverUrl: string): { text: string; etag: string } {
  const known = byServerUrl.get(serverUrl);
  if (known) return known;
  template ??= JSON.stringify(createOpenApiDocument({ serverUrl: STAND_IN, version: VERSION }));
  const text = template.replaceAll(JSON.stringify(STAND_IN), JSON.stringify(serverUrl));
  const made = { text, etag: `"${fnv1a(text)}-${text.length.toString(16)}"` };
  if (byServerUrl.size >= MAX_SERVER_URLS) byServerUrl.delete(byServerUrl.keys().next().value!);
  byServerUrl.set(serverUrl, made);
  return made;
}

/** A copy of the OpenAPI document for a server URL, parsed from its cached text. */
export function openApiDocumentFor(serverUrl: string): OpenApiDocument {
  return JSON.parse(openApiText(serverUrl).text) as OpenApiDocument;
}

/**
 * The strong ETag of the gzipped form of an answer whose ETag is `etag`: a different
 * representation, so a different tag (`"abc-1f"` → `"abc-1f-gzip"`).
 *
 * @example
 * ```ts
 * gzipVariantEtag('"abc-1f"'); // '"abc-1f-gzip"'
 * ```
 */
export function gzipVariantEtag(etag: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-gzip"` : `${etag}-gzip`;
}

/**
 * `GET /openapi.json`: the document as JSON text with a strong ETag, or 304 with no body when the
 * client's `If-None-Match` names it (or its gzipped form's, see {@link gzipVariantEtag}).
 */
export function openApiAnswer(call: Pick<IncomingCall, 'headers'>, serverUrl: string): Answer {
  const { text, etag } = openApiText(serverUrl);
  const headers = { etag, 'cache-control': 'no-cache' };
  const contentType = 'application/json; charset=utf-8';
  const known = call.headers.get('if-none-match');
  const zippedEtag = gzipVariantEtag(etag);
  if (
    known?.split(',').some((tag) => {
      const bare = tag.trim().replace(/^W\//, '');
      return bare === etag || bare === zippedEtag;
    })
  )
    return { status: 304, body: null, headers, raw: { contentType, text: '' } };
  return { status: 200, body: null, headers, raw: { contentType, text } };
}
