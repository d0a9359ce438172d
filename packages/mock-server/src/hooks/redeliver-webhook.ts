import { ControlError } from '../core/control-error.js';
import type { Settings } from '../core/settings.js';
import type { WebhookDelivery } from '../store/records.js';
import type { WorldRecords } from '../store/world-records.js';
import { takeAttemptNumber } from './attempt-numbers.js';
import { requestOf, sendAttempt } from './deliver-webhook.js';

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
 * body): one new attempt, numbered after the last (those still out included), added to the
 * delivery journal and not retried.
 * Throws a 404 `ControlError` for an unknown ID and a 409 for a delivery that was never sent (a
 * render error, or skipped for want of credits).
 */
export async function redeliverWebhook(input: {
  world: WorldRecords;
  deliveryId: string;
  settings: Settings;
  now: () => Date;
}): Promise<WebhookDelivery> {
  const detail = webhookDeliveryOf(input.world.webhookDeliveries, input.deliveryId);
  if (!detail) throw new ControlError(404, `No webhook delivery ${input.deliveryId}`);
  if (detail.outcome === 'render_error' || detail.outcome === 'skipped_insufficient_balance')
    throw new ControlError(
      409,
      `Webhook delivery ${input.deliveryId} was never sent (${detail.outcome}): nothing to redeliver`,
    );
  const attempt = takeAttemptNumber(input.world.webhookDeliveries, input.deliveryId);
  return sendAttempt(input.world, requestOf(detail), attempt, input.now().getTime(), input.settings, false);
}
