import { routes } from '@marketing/domain/routes';
import type { SendEmailBulkBody, SendSmsBody } from '../contract-types.js';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';

/** Sends: one SMS, or a bulk email. */
export class Send {
  constructor(private readonly requester: Requester) {}

  /**
   * Sends one SMS. Never retried after an unknown outcome (a timeout or a 5xx), so it is never
   * sent twice by the SDK; `sendOptions.testMode` prices it without sending.
   *
   * @example
   * ```ts
   * const { customerId, totalCost } = await client.send.sms({
   *   content: 'Hi {{contact.firstname}}', cell: '0821234567', country: 'ZA',
   *   skipNonContacts: true, deliveryMethod: 'standard', campaign_id: 'cmp_1',
   * });
   * ```
   */
  sms(params: SendSmsBody, options?: RequestOptions) {
    return this.requester.request(routes.send.sms, { body: params }, options);
  }

  /**
   * Sends an email template to many addresses, now or at `to_start_at`.
   *
   * @example
   * ```ts
   * await client.send.emailBulk({ from: 'news@acme.example', template_id: 'tpl_1', destinations: ['a@b.example'] });
   * ```
   */
  emailBulk(params: SendEmailBulkBody, options?: RequestOptions) {
    return this.requester.request(routes.send.emailBulk, { body: params }, options);
  }
}
