import { renderWebhook, type TemplateContext } from '@marketing/domain';
import { IDEMPOTENCY_HEADER } from '@marketing/domain/routes';
import { LATEST_CLOCK_MS } from '../core/clock.js';
import { MOCK_WEBHOOK_HEADER } from '../core/mock-webhook-header.js';
import type { Settings } from '../core/settings.js';
import type { HookRecord, OrgRecord, WebhookDelivery } from '../store/records.js';
import type { WorldRecords } from '../store/world-records.js';

export { IDEMPOTENCY_HEADER, MOCK_WEBHOOK_HEADER };

type WebhookHook = Extract<HookRecord, { type: 'webhook' }>;

/** What an attempt of a delivery sends, the same for every attempt. */
export type WebhookRequest = Pick<
  WebhookDelivery,
  'delivery_id' | 'hook_id' | 'org_id' | 'url' | 'method' | 'headers' | 'body'
>;

/** What an attempt sent, to send again: its delivery's request. */
export function requestOf(attempt: WebhookDelivery): WebhookRequest {
  const { delivery_id, hook_id, org_id, url, method, headers, body } = attempt;
  return { delivery_id, hook_id, org_id, url, method, headers, body };
}

/**
 * A delivery's ID, which is also its idempotency key: the second it was made (hex, as the mock's
 * other IDs start) and 64 random bits, so that no two deliveries share one, whichever mock, world
 * or process made them. Counted per mock, two worlds' first deliveries in one second had one key,
 * and a receiver they shared dropped the second as a retry of the first.
 */
export function newDeliveryId(at: Date): string {
  let hex = Math.max(0, Math.floor(at.getTime() / 1000))
    .toString(16)
    .padStart(8, '0');
  for (const byte of crypto.getRandomValues(new Uint8Array(8))) hex += byte.toString(16).padStart(2, '0');
  return `whd_${hex}`;
}

/**
 * Delivers one webhook: renders it and sends its first attempt, with the idempotency key every
 * attempt of the delivery carries, and writes the attempt to the journal. An attempt without an
 * answer (a timeout, a failed connection) is told to the world's listener, which sends the next
 * one on the mock's clock ({@link retryDueAt}); any answer ends the delivery.
 */
export async function deliverWebhook(input: {
  hook: WebhookHook;
  org: OrgRecord;
  context: TemplateContext;
  settings: Settings;
  deliveryId: string;
  at: Date;
  world: WorldRecords;
}): Promise<WebhookDelivery[]> {
  const { hook, org, settings, deliveryId, world } = input;
  const base = {
    delivery_id: deliveryId,
    hook_id: hook._id,
    org_id: org._id,
    url: hook.url,
    method: hook.method,
    headers: {},
    attempt: 1,
    at: input.at.toISOString(),
  };
  // A delivery never sent: its one entry, written as it is.
  const unsent = (entry: WebhookDelivery) => {
    world.webhookDeliveries.push(entry);
    return [entry];
  };
  const rendered = renderWebhook(hook, input.context);
  const request: WebhookRequest | undefined = rendered.ok
    ? {
        delivery_id: deliveryId,
        hook_id: hook._id,
        org_id: org._id,
        url: rendered.webhook.url,
        method: rendered.webhook.method,
        headers: {
          ...rendered.webhook.headers,
          [IDEMPOTENCY_HEADER]: deliveryId,
          [MOCK_WEBHOOK_HEADER]: '1',
        },
        body: rendered.webhook.body,
      }
    : undefined;
  // Written as it would have been sent, so that the journal shows what the balance held back.
  if (settings.billing !== false && org.credits < settings.billing.webhookMinimumBalance)
    return unsent({ ...base, ...request, outcome: 'skipped_insufficient_balance' });
  if (!rendered.ok) return unsent({ ...base, outcome: 'render_error', error: rendered.error });
  return [await sendAttempt(world, request!, 1, input.at.getTime(), settings)];
}

/**
 * Sends attempt number `attempt` of a delivery, as of `atMs` on the mock's clock, and writes it to
 * the world's delivery journal. An attempt that got no answer is told to the world's listener,
 * which retries it, unless `retried` is false (a redelivery is one attempt).
 */
export async function sendAttempt(
  world: WorldRecords,
  request: WebhookRequest,
  attempt: number,
  atMs: number,
  settings: Settings,
  retried = true,
): Promise<WebhookDelivery> {
  const send = async (stop?: AbortSignal) => {
    const result = await sendWebhook(request, settings, stop);
    const entry: WebhookDelivery = { ...request, attempt, ...result, at: new Date(atMs).toISOString() };
    world.webhookDeliveries.push(entry);
    if (retried && !endsDelivery(entry.outcome)) world.listener?.webhookAttemptFailed(entry);
    return entry;
  };
  return world.listener ? world.listener.webhookAttempt(send) : send();
}

const endsDelivery = (outcome: WebhookDelivery['outcome']) =>
  outcome !== 'timeout' && outcome !== 'connection_error';

/**
 * When the attempt after `entry` is due on the mock's clock, or `undefined` when none follows (it
 * was answered, or was the last). Each attempt has the timeout's span from when it was sent: the
 * next one is sent once that span has passed on the mock's clock, so a frozen clock holds retries
 * until it is moved.
 */
export function retryDueAt(entry: WebhookDelivery, settings: Settings): number | undefined {
  if (endsDelivery(entry.outcome) || entry.attempt > settings.webhooks.retries) return undefined;
  const due = Date.parse(entry.at) + settings.webhooks.timeoutMs;
  // Past the end of 9999 the clock never comes: such a retry would wait for ever, and be written
  // with a time no state file can hold.
  return due <= LATEST_CLOCK_MS ? due : undefined;
}

/**
 * The deliveries of a journal that wait for a retry (after a restart from a state file): the
 * last attempt of each that got no answer, had retries left and followed no answered attempt (a
 * redelivery after an answer is one attempt, not retried).
 */
export function awaitingRetry(journal: readonly WebhookDelivery[], settings: Settings): WebhookDelivery[] {
  const last = new Map<string, WebhookDelivery>();
  const answered = new Set<string>();
  for (const entry of journal) {
    last.set(entry.delivery_id, entry);
    if (endsDelivery(entry.outcome)) answered.add(entry.delivery_id);
  }
  return [...last.values()].filter(
    (entry) => !answered.has(entry.delivery_id) && retryDueAt(entry, settings) !== undefined,
  );
}

/** How one attempt went: the outcome, the receiver's status, or why nothing was received. */
export type AttemptResult = Pick<WebhookDelivery, 'outcome' | 'status' | 'error'>;

/**
 * Sends one attempt of a rendered webhook, with the configured timeout, and says how it went. A
 * failed `fetch` is described by its cause (`connect ECONNREFUSED 127.0.0.1:9999`), not only
 * "fetch failed".
 */
export async function sendWebhook(
  request: Pick<WebhookDelivery, 'url' | 'method' | 'headers' | 'body'>,
  settings: Settings,
  stop?: AbortSignal,
): Promise<AttemptResult> {
  const send = settings.webhooks.fetch ?? globalThis.fetch;
  const ending = attemptEnding(settings.webhooks.timeoutMs, stop);
  try {
    // Redirects are not followed, so a receiver that redirects in a loop costs one request.
    const response = await send(request.url, {
      method: request.method,
      // Marked whatever the journal says it sent: a delivery from a seed or state file, without
      // the mark, redelivered to the mock's own redeliver route, redelivered itself for ever.
      headers: { ...request.headers, [MOCK_WEBHOOK_HEADER]: '1' },
      body: request.body,
      redirect: 'manual',
      signal: ending.signal,
    });
    // Its status is the answer; the body is not read: a receiver streaming gigabytes until the
    // timeout had the mock hold them all (2.7 GB, outside the heap, for one delivery). Not
    // awaited: through msw's interceptor (a test's setupServer) the cancel never settled.
    response.body?.cancel().catch(() => undefined);
    return { outcome: response.ok ? 'delivered' : 'http_error', status: response.status };
  } catch (error) {
    if (ending.why === 'stopped') return { outcome: 'connection_error', error: STOPPED };
    if (ending.why === 'timeout')
      return { outcome: 'timeout', error: `No answer within ${settings.webhooks.timeoutMs} ms` };
    return { outcome: 'connection_error', error: failureText(error) };
  } finally {
    ending.done();
  }
}

/** Why an attempt out when the mock stopped has no answer: it is retried when the mock starts again. */
export const STOPPED = 'The mock stopped before the receiver answered';

// What ends an attempt early: its timeout, or the mock stopping. Its own controller, not
// AbortSignal.any: a signal composed with the stop signal, which lives as long as the mock, was
// kept by it for good (a Node leak), one for every attempt.
function attemptEnding(timeoutMs: number, stop: AbortSignal | undefined) {
  const controller = new AbortController();
  const ending = {
    signal: controller.signal,
    why: undefined as 'timeout' | 'stopped' | undefined,
    done: () => {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
    },
  };
  const end = (why: 'timeout' | 'stopped') => {
    ending.why ??= why;
    controller.abort(new DOMException(why === 'timeout' ? 'The attempt timed out' : STOPPED, 'AbortError'));
  };
  const timer = setTimeout(() => end('timeout'), timeoutMs);
  // The timer alone keeps no process alive, as AbortSignal.timeout's does not.
  timer.unref?.();
  const onStop = () => end('stopped');
  if (stop?.aborted) end('stopped');
  else stop?.addEventListener('abort', onStop, { once: true });
  return ending;
}

/** An error with its causes: `fetch failed: connect ECONNREFUSED 127.0.0.1:9999`. */
export function failureText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const text =
      current instanceof Error
        ? current.message || (current as { code?: string }).code || current.name
        : String(current);
    if (text && !parts.includes(text)) parts.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ');
}
