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
  const value =
    headers instanceof Headers ? headers.get(IDEMPOTENCY_HEADER) : headerOf(headers, IDEMPOTENCY_HEADER);
  const key = Array.isArray(value) ? value[0] : value;
  return key === undefined || key === null || key === '' ? undefined : key;
}

// Node lowercases the names in `req.headers`, but objects from other places (a Lambda event, a
// test) keep them as sent: a name matches in any case, as HTTP says.
function headerOf(headers: Record<string, string | string[] | undefined>, name: string) {
  if (Object.hasOwn(headers, name)) return headers[name];
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

/** Where a deduper remembers keys: memory by default, or your own (Redis, a database). */
export interface DedupeStore {
  /** Whether the key was recorded and has not expired. */
  has(key: string): boolean | Promise<boolean>;
  /** Records the key for `ttlMs`; resolves once it is recorded (`has` answers `true` from then on). */
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
  if (!(Number.isInteger(maxKeys) && maxKeys >= 1))
    throw new RangeError(`memoryDedupeStore: maxKeys must be a whole number, 1 or more, got ${maxKeys}`);
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

/** Handles each webhook delivery once, however often the service sends it. */
export interface WebhookDeduper {
  /**
   * Runs `handle` for a delivery not handled before, and answers `'handled'`; answers
   * `'duplicate'` without running it for a retry of one that was. The key is recorded only once
   * `handle` resolves: when it throws, `handleOnce` rejects with its error and the next attempt
   * runs it again. An attempt that arrives while an earlier one with its key is still being
   * handled (the service timed out waiting and retried) waits for that one: a duplicate if it
   * succeeds, handled again if it fails. A request without a key is always handled. When the
   * store cannot record the key after `handle` succeeded, `handleOnce` rejects with the store's
   * error: the delivery was handled, and a retry of it would be handled again. A key longer than
   * 200 characters (the service's are far shorter) is taken as none: recorded, a flood of such
   * keys from anyone who can reach the receiver would hold gigabytes.
   *
   * @example
   * ```ts
   * const outcome = await deduper.handleOnce(req.headers, () => saveReply(reply));
   * res.end(outcome === 'duplicate' ? 'already handled' : 'ok');
   * ```
   */
  handleOnce(headers: HeadersLike, handle: () => unknown): Promise<'handled' | 'duplicate'>;
  /**
   * Records the request's idempotency key and answers `true` when it was seen before (a retry to
   * drop). A request without a key (or with one over 200 characters) is never a duplicate. The key is recorded before you handle
   * the delivery, so a delivery whose handling fails is not handled again: prefer
   * {@link WebhookDeduper.handleOnce}, which records it after.
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
 *   let body = '';
 *   for await (const chunk of req) body += chunk;
 *   try {
 *     const outcome = await deduper.handleOnce(req.headers, () => saveReply(JSON.parse(body)));
 *     res.end(outcome === 'duplicate' ? 'already handled' : 'ok');
 *   } catch {
 *     // No answer: the service retries a delivery it got none to (any answer, a 500 too, ends it).
 *     req.socket.destroy();
 *   }
 * });
 * ```
 */
export function createWebhookDeduper(options: { store?: DedupeStore; ttlMs?: number } = {}): WebhookDeduper {
  const { store = memoryDedupeStore(), ttlMs = 24 * 60 * 60 * 1000 } = options;
  if (!(Number.isFinite(ttlMs) && ttlMs > 0))
    throw new RangeError(
      `createWebhookDeduper: ttlMs must be a number of milliseconds above 0, got ${ttlMs}`,
    );
  if (typeof store?.has !== 'function' || typeof store.add !== 'function')
    throw new TypeError('createWebhookDeduper: store must have has(key) and add(key, ttlMs) functions');
  // Deliveries being handled now, by key: a retry waits for the attempt before it. An entry is
  // removed before its promise settles, so a waiter woken by it finds the next one or none (kept
  // until after the store's add, a waiter re-read the settled entry forever and starved the loop).
  const handling = new Map<string, Promise<void>>();
  async function handleOnce(key: string, handle: () => unknown): Promise<'handled' | 'duplicate'> {
    for (let earlier = handling.get(key); earlier; earlier = handling.get(key)) await earlier.catch(() => {});
    if (await store.has(key)) return 'duplicate';
    // Checked again: another attempt may have started while the store answered.
    if (handling.has(key)) return handleOnce(key, handle);
    const whole = (async () => {
      await handle();
      await store.add(key, ttlMs);
    })().finally(() => {
      if (handling.get(key) === whole) handling.delete(key);
    });
    handling.set(key, whole);
    await whole;
    return 'handled';
  }
  return {
    async handleOnce(headers, handle) {
      const key = recordableKey(headers);
      if (key === undefined) {
        await handle();
        return 'handled';
      }
      return handleOnce(key, handle);
    },
    async isDuplicate(headers) {
      const key = recordableKey(headers);
      if (key === undefined) return false;
      if (await store.has(key)) return true;
      await store.add(key, ttlMs);
      return false;
    },
  };
}

// The longest idempotency key a deduper records.
const MAX_KEY_CHARS = 200;
function recordableKey(headers: HeadersLike): string | undefined {
  const key = idempotencyKeyOf(headers);
  return key !== undefined && key.length <= MAX_KEY_CHARS ? key : undefined;
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
