import { renderWebhook, type TemplateContext } from '@marketing/domain';
import { IDEMPOTENCY_HEADER } from '@marketing/domain/routes';
import { MOCK_WEBHOOK_HEADER } from '../core/mock-webhook-header.js';
import type { Settings } from '../core/settings.js';
import type { HookRecord, OrgRecord, WebhookDelivery } from '../store/records.js';

export { IDEMPOTENCY_HEADER, MOCK_WEBHOOK_HEADER };

type WebhookHook = Extract<HookRecord, { type: 'webhook' }>;

/**
 * Delivers one webhook: renders it, then sends it with a timeout, retrying on timeout or
 * connection failure up to the configured number of times. Every attempt carries the same
 * idempotency key and is written to the journal. Other answers (any status) end the delivery.
 */
export async function deliverWebhook(input: {
  hook: WebhookHook;
  org: OrgRecord;
  context: TemplateContext;
  settings: Settings;
  deliveryId: string;
  now: () => Date;
  journal: WebhookDelivery[];
}): Promise<WebhookDelivery[]> {
  const { hook, org, settings, deliveryId, journal } = input;
  const attempts: WebhookDelivery[] = [];
  const record = (entry: Omit<WebhookDelivery, 'delivery_id' | 'hook_id' | 'org_id' | 'at'>) => {
    const full = {
      delivery_id: deliveryId,
      hook_id: hook._id,
      org_id: org._id,
      at: input.now().toISOString(),
      ...entry,
    };
    journal.push(full);
    attempts.push(full);
  };
  const base = { url: hook.url, method: hook.method, headers: {}, attempt: 1 };
  if (settings.billing !== false && org.credits < settings.billing.webhookMinimumBalance) {
    record({ ...base, outcome: 'skipped_insufficient_balance' });
    return attempts;
  }
  const rendered = renderWebhook(hook, input.context);
  if (!rendered.ok) {
    record({ ...base, outcome: 'render_error', error: rendered.error });
    return attempts;
  }
  const { url, method, body } = rendered.webhook;
  const headers = {
    ...rendered.webhook.headers,
    [IDEMPOTENCY_HEADER]: deliveryId,
    [MOCK_WEBHOOK_HEADER]: '1',
  };
  for (let attempt = 1; attempt <= settings.webhooks.retries + 1; attempt++) {
    const entry = { url, method, headers, body, attempt };
    const result = await sendWebhook(entry, settings);
    record({ ...entry, ...result });
    if (result.outcome === 'delivered' || result.outcome === 'http_error') return attempts;
  }
  return attempts;
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
): Promise<AttemptResult> {
  const send = settings.webhooks.fetch ?? globalThis.fetch;
  try {
    // Redirects are not followed, so a receiver that redirects in a loop costs one request.
    const response = await send(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.webhooks.timeoutMs),
    });
    // Its status is the answer; the body is not read: a receiver streaming gigabytes until the
    // timeout had the mock hold them all (2.7 GB, outside the heap, for one delivery). Not
    // awaited: through msw's interceptor (a test's setupServer) the cancel never settled.
    response.body?.cancel().catch(() => undefined);
    return { outcome: response.ok ? 'delivered' : 'http_error', status: response.status };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      outcome: timedOut ? 'timeout' : 'connection_error',
      error: timedOut ? `No answer within ${settings.webhooks.timeoutMs} ms` : failureText(error),
    };
  }
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
