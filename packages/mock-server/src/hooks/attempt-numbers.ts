import type { WebhookDelivery } from '../store/records.js';

// What each journal has been read for: the highest attempt number of each delivery, journalled or
// taken by an attempt still out. A journal is only appended to (a reset makes a new one), so it is
// read on from where it was left.
const READ = new WeakMap<readonly WebhookDelivery[], { highest: Map<string, number>; upTo: number }>();

/**
 * Takes the number of a delivery's next attempt: one after every attempt of it journalled or
 * taken already, so that redeliveries and retries out together each have their own.
 *
 * @example
 * ```ts
 * const attempt = takeAttemptNumber(world.webhookDeliveries, 'dlv_1'); // 2 after one attempt
 * ```
 */
export function takeAttemptNumber(journal: readonly WebhookDelivery[], deliveryId: string): number {
  let read = READ.get(journal);
  if (!read) {
    read = { highest: new Map(), upTo: 0 };
    READ.set(journal, read);
  }
  const { highest } = read;
  for (; read.upTo < journal.length; read.upTo++) {
    const entry = journal[read.upTo]!;
    if (entry.attempt > (highest.get(entry.delivery_id) ?? 0)) highest.set(entry.delivery_id, entry.attempt);
  }
  const next = (highest.get(deliveryId) ?? 0) + 1;
  highest.set(deliveryId, next);
  return next;
}
