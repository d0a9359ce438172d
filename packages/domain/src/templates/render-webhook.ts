import { type RenderResult, renderTemplate, type TemplateContext } from './render-template.js';

/** A webhook as configured on a reply hook. */
export interface WebhookDefinition {
  url: string;
  method: 'GET' | 'POST';
  /** A JSON document as text; its string values may hold templates. */
  body?: string | undefined;
  /** When true, the body's fields become URL search parameters instead of a body. */
  encode_into_url?: boolean | undefined;
  /** Headers as a JSON object in text; values may hold templates. */
  headers?: string | undefined;
}

/** A webhook request ready to send. */
export interface RenderedWebhook {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The JSON body, or undefined when it went into the URL or the method is GET. */
  body?: string;
  /** Placeholders that had no value and no fallback. */
  missing: string[];
}

/** Why a webhook could not be rendered. */
export type WebhookRenderError =
  | 'Headers must be valid JSON'
  | 'Invalid header'
  | 'Body must be valid JSON'
  | 'Invalid webhook URL';

function renderJson(value: unknown, context: TemplateContext, missing: string[]): unknown {
  if (typeof value === 'string') {
    const rendered: RenderResult = renderTemplate(value, context);
    missing.push(...rendered.missing);
    return rendered.text;
  }
  if (Array.isArray(value)) return value.map((v) => renderJson(v, context, missing));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderJson(v, context, missing)]));
  }
  return value;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// A value put into the URL is percent-encoded: `+27…` would reach the receiver as ` 27…`, and a
// reply's `&` or `#` would cut the URL short. A lone surrogate (a reply can hold one), which
// encodeURIComponent throws on, becomes U+FFFD.
const encodeValue = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

const PLACEHOLDERS = /\{\{[^{}]*\}\}/g;
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
const pathSegments = (url: string) =>
  url
    .split(/[?#]/, 1)[0]!
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    .split('/');

/**
 * Whether a template's values made a path segment `.` or `..`, which the URL resolves: a reply of
 * `..` into `/in/{{reply.Message}}/x` would send to `/x`. Percent-encoded dots are resolved too,
 * so such a URL cannot be sent as written. A dot segment written in the template is its own.
 */
function valueMadeDotSegment(template: string, rendered: string): boolean {
  const written = pathSegments(template.replace(PLACEHOLDERS, 'x'));
  const made = pathSegments(rendered);
  return made.some((segment, i) => DOT_SEGMENT.test(segment) && !DOT_SEGMENT.test(written[i] ?? ''));
}

function parseJson(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined || text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Renders a webhook for one reply: templates in the URL (each value percent-encoded), inside the
 * JSON body's string values (so a value holding quotes cannot break the JSON), headers that must
 * be a JSON object, and Encode Into URL,
 * where each top-level body field becomes a URL search parameter with its resolved value. A GET
 * cannot carry a body, so its body fields always go into the URL.
 *
 * @example
 * ```ts
 * renderWebhook(
 *   { url: 'https://example.com/in', method: 'POST', body: '{"cell":"{{contact.cell}}"}', encode_into_url: true },
 *   { contact: { cell: '27821234567' }, now: new Date() },
 * );
 * // { ok: true, webhook: { url: 'https://example.com/in?cell=27821234567', method: 'POST', headers: {}, missing: [] } }
 * ```
 */
export function renderWebhook(
  definition: WebhookDefinition,
  context: TemplateContext,
): { ok: true; webhook: RenderedWebhook } | { ok: false; error: WebhookRenderError } {
  const missing: string[] = [];
  const headersJson = parseJson(definition.headers);
  if (
    !headersJson.ok ||
    (headersJson.value !== undefined &&
      (headersJson.value === null ||
        typeof headersJson.value !== 'object' ||
        Array.isArray(headersJson.value)))
  ) {
    return { ok: false, error: 'Headers must be valid JSON' };
  }
  const bodyJson = parseJson(definition.body);
  if (!bodyJson.ok) return { ok: false, error: 'Body must be valid JSON' };

  const urlText = renderTemplate(definition.url, context, { encode: encodeValue });
  missing.push(...urlText.missing);
  let url: URL;
  try {
    url = new URL(urlText.text);
  } catch {
    return { ok: false, error: 'Invalid webhook URL' };
  }
  // fetch sends http(s) only, and refuses a URL with credentials: each would fail every attempt.
  if (!/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '')
    return { ok: false, error: 'Invalid webhook URL' };
  if (valueMadeDotSegment(definition.url, urlText.text)) return { ok: false, error: 'Invalid webhook URL' };

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((headersJson.value ?? {}) as Record<string, unknown>)) {
    headers[name] = String(
      renderJson(typeof value === 'string' ? value : JSON.stringify(value), context, missing),
    );
    // A value holding a line break (a reply's text) would be refused by fetch on every attempt.
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(headers[name]!))
      return { ok: false, error: 'Invalid header' };
  }

  const body = renderJson(bodyJson.value, context, missing);
  const webhook: RenderedWebhook = { url: '', method: definition.method, headers, missing };
  const intoUrl = definition.encode_into_url === true || definition.method === 'GET';
  if (body !== undefined && intoUrl && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      url.searchParams.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  } else if (body !== undefined && definition.method === 'POST') {
    webhook.body = JSON.stringify(body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
  }
  webhook.url = url.toString();
  return { ok: true, webhook };
}
