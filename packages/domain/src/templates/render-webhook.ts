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

  // A value put into the URL is percent-encoded: `+27…` would reach the receiver as ` 27…`, and
  // a reply's `&` or `#` would cut the URL short.
  const urlText = renderTemplate(definition.url, context, { encode: encodeURIComponent });
  missing.push(...urlText.missing);
  let url: URL;
  try {
    url = new URL(urlText.text);
  } catch {
    return { ok: false, error: 'Invalid webhook URL' };
  }

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((headersJson.value ?? {}) as Record<string, unknown>)) {
    headers[name] = String(
      renderJson(typeof value === 'string' ? value : JSON.stringify(value), context, missing),
    );
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
