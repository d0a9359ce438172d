import { ControlError } from '../core/control-error.js';
import type { Settings } from '../core/settings.js';
import type { WebhookDelivery } from '../store/records.js';
import { sendWebhook } from './deliver-webhook.js';

/** One webhook delivery: what was sent (from its latest attempt), and every attempt. */
export interface WebhookDeliveryDetail extends WebhookDelivery {
  /** Every attempt of this delivery, oldest first (a redelivery adds one). */
  attempts: WebhookDelivery[];
}

/**
 * A delivery by its ID: the latest attempt's URL, method, headers, body, outcome, status and
 * error (the cause of a failed connection), with every attempt. `undefined` for an unknown ID.
 */
export function webhookDeliveryOf(
  deliveries: readonly WebhookDelivery[],
  deliveryId: string,
): WebhookDeliveryDetail | undefined {
  const attempts = deliveries.filter((d) => d.delivery_id === deliveryId);
  const latest = attempts.at(-1);
  return latest && { ...latest, attempts };
}

/**
 * Sends a delivery again as it was sent (URL, method, headers with the same idempotency key,
 * body): one new attempt, numbered after the last, added to the delivery journal. Throws a 404
 * `ControlError` for an unknown ID and a 409 for a delivery that was never sent (a render error,
 * or skipped for want of credits).
 */
export async function redeliverWebhook(input: {
  deliveries: WebhookDelivery[];
  deliveryId: string;
  settings: Settings;
  now: () => Date;
}): Promise<WebhookDelivery> {
  const detail = webhookDeliveryOf(input.deliveries, input.deliveryId);
  if (!detail) throw new ControlError(404, `No webhook delivery ${input.deliveryId}`);
  if (detail.outcome === 'render_error' || detail.outcome === 'skipped_insufficient_balance')
    throw new ControlError(
      409,
      `Webhook delivery ${input.deliveryId} was never sent (${detail.outcome}): nothing to redeliver`,
    );
  const { attempts: _attempts, ...latest } = detail;
  const request = { url: latest.url, method: latest.method, headers: latest.headers, body: latest.body };
  const result = await sendWebhook(request, input.settings);
  const attempt: WebhookDelivery = {
    delivery_id: latest.delivery_id,
    hook_id: latest.hook_id,
    org_id: latest.org_id,
    ...request,
    attempt: Math.max(...detail.attempts.map((a) => a.attempt)) + 1,
    ...result,
    at: input.now().toISOString(),
  };
  input.deliveries.push(attempt);
  return attempt;
}
