import type { ScheduledEvent } from '../core/scheduler.js';
import type { OutboxMessage } from '../store/records.js';

/**
 * The event that sends a scheduled bulk email (`to_start_at`): at its time every message of the
 * send that is still `scheduled` turns `sent`. (Email is free in the contract, so nothing is
 * charged; a priced message would be charged here, at its time.)
 */
export function scheduledSendEvent(sendId: string, at: number, messages: OutboxMessage[]): ScheduledEvent {
  return {
    at,
    view: { kind: 'scheduled_send', send_id: sendId },
    run() {
      for (const message of messages) {
        if (message.status !== 'scheduled') continue;
        message.status = 'sent';
      }
    },
  };
}
