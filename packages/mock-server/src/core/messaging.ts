import { countSmsParts, type DeliveryMethodName } from '@marketing/domain';
import type { OutboxMessage, SendRecord } from '../store/records.js';
import type { World } from '../store/world.js';
import { isoOf } from './iso-time.js';
import type { Settings } from './settings.js';

/** A delivery method name, or `standard` for anything the mock does not price (V2 stores free text). */
export function asDeliveryMethod(value: string | undefined): DeliveryMethodName {
  return value === 'reverse' || value === 'transactional' ? value : 'standard';
}

/** The price of an SMS under the mock's billing settings (0 when billing is off). */
export function priceSms(
  settings: Settings,
  content: string,
  method: DeliveryMethodName,
): { parts: number; cost: number } {
  const { parts } = countSmsParts(content);
  return { parts, cost: settings.billing === false ? 0 : parts * settings.billing.smsPrices[method] };
}

/** What one recorded message needs. */
export interface MessageInput {
  org_id: string;
  channel: 'sms' | 'email';
  to: string;
  content: string;
  subject?: string | undefined;
  from?: string | undefined;
  parts?: number | undefined;
  cost: number;
  trigger: SendRecord['trigger'];
  campaign_id?: string | undefined;
  /** Use an existing send (bulk email, campaign runs) instead of creating one per message. */
  send?: SendRecord | undefined;
  scheduledFor?: Date | undefined;
}

/**
 * Records a message the mock "sent": a send record (unless one is given) and an outbox entry.
 * Returns the send.
 */
export function recordMessage(
  world: World,
  newId: (prefix?: string) => string,
  now: Date,
  input: MessageInput,
): SendRecord {
  const scheduled = input.scheduledFor !== undefined && input.scheduledFor.getTime() > now.getTime();
  const send: SendRecord = input.send ?? {
    _id: newId(),
    org_id: input.org_id,
    campaign_id: input.campaign_id,
    cell: input.channel === 'sms' ? input.to : undefined,
    trigger: input.trigger,
    channel: input.channel,
    to_start_at: isoOf(scheduled ? input.scheduledFor! : now),
  };
  if (!input.send) world.sends.set(send._id, send);
  const message: OutboxMessage = {
    _id: newId(),
    org_id: input.org_id,
    channel: input.channel,
    to: input.to,
    from: input.from,
    subject: input.subject,
    content: input.content,
    parts: input.parts,
    cost: input.cost,
    trigger: input.trigger,
    send_id: send._id,
    campaign_id: input.campaign_id,
    status: scheduled ? 'scheduled' : 'sent',
    scheduled_for: scheduled ? input.scheduledFor!.toISOString() : undefined,
    createdAt: isoOf(now),
  };
  world.outbox.push(message);
  if (scheduled) world.listener?.messageScheduled(message);
  return send;
}
