/**
 * Helpers for receivers of the service's reply webhooks: drop retries already handled, and
 * preview what a template renders to. Import from `@marketing/sdk/webhooks`.
 *
 * @packageDocumentation
 */
import { renderTemplate } from '@marketing/domain';
import { IDEMPOTENCY_HEADER } from '@marketing/domain/routes';
import type { RenderResult, TemplateContext } from './contract-types.js';

export { IDEMPOTENCY_HEADER };

/** Headers as `fetch` (`Headers`) or Node (`req.headers`) give them. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

/**
 * The idempotency key of a webhook request, or `undefined` when it has none.
 *
 * @example
 * ```ts
 * const key = idempotencyKeyOf(request.headers);
 * ```
 */
export function idempotencyKeyOf(headers: HeadersLike): string | undefined {
  const value = headers instanceof Headers ? headers.get(IDEMPOTENCY_HEADER) : headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(value) ? value[0] : value;
  return key === undefined || key === null || key === '' ? undefined : key;
}

/** Where a deduper remembers keys: memory by default, or your own (Redis, a database). */
export interface DedupeStore {
  /** Whether the key was recorded and has not expired. */
  has(key: string): boolean | Promise<boolean>;
  /** Records the key for `ttlMs`. */
  add(key: string, ttlMs: number): void | Promise<void>;
}

/**
 * A store in memory, with expiry and a size bound (the oldest keys go first).
 *
 * @example
 * ```ts
 * const store = memoryDedupeStore({ maxKeys: 10_000 });
 * ```
 */
export function memoryDedupeStore(options: { maxKeys?: number; now?: () => number } = {}): DedupeStore {
  const { maxKeys = 100_000, now = Date.now } = options;
  const expiries = new Map<string, number>();
  return {
    has(key) {
      const expiry = expiries.get(key);
      if (expiry === undefined) return false;
      if (expiry > now()) return true;
      expiries.delete(key);
      return false;
    },
    add(key, ttlMs) {
      expiries.delete(key);
      expiries.set(key, now() + ttlMs);
      while (expiries.size > maxKeys) expiries.delete(expiries.keys().next().value as string);
    },
  };
}

/** Answers whether a webhook request repeats one already handled. */
export interface WebhookDeduper {
  /**
   * Records the request's idempotency key and answers `true` when it was seen before (a retry to
   * drop). A request without a key is never a duplicate.
   */
  isDuplicate(headers: HeadersLike): Promise<boolean>;
}

/**
 * Drops webhook retries already handled, by their `service-idemptotency-key`.
 *
 * @example
 * ```ts
 * const deduper = createWebhookDeduper();
 * http.createServer(async (req, res) => {
 *   if (await deduper.isDuplicate(req.headers)) return res.end('already handled');
 *   // ...handle the reply once...
 *   res.end('ok');
 * });
 * ```
 */
export function createWebhookDeduper(options: { store?: DedupeStore; ttlMs?: number } = {}): WebhookDeduper {
  const { store = memoryDedupeStore(), ttlMs = 24 * 60 * 60 * 1000 } = options;
  return {
    async isDuplicate(headers) {
      const key = idempotencyKeyOf(headers);
      if (key === undefined) return false;
      if (await store.has(key)) return true;
      await store.add(key, ttlMs);
      return false;
    },
  };
}

/**
 * Renders a template exactly as the service does, with the placeholders that had no value, to
 * preview a hook's content or body.
 *
 * @example
 * ```ts
 * previewTemplate('Hi {{contact.firstname?there}}', { contact: {}, now: new Date() });
 * // { text: 'Hi there', missing: [] }
 * ```
 */
export function previewTemplate(template: string, context: TemplateContext): RenderResult {
  return renderTemplate(template, context);
}

export type { RenderResult, TemplateContext };
