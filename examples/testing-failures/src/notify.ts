import { type Client, ConnectionError, isApiError, TimeoutError } from '@marketing/sdk';

/** What happened to one notification. */
export type NotifyOutcome = 'sent' | 'unknown' | 'failed';

/**
 * Sends a single SMS and says what is known of it. A send is never repeated blindly: when the
 * answer is lost (a timeout, a dropped connection, a 5xx), the message may or may not have gone,
 * so the outcome is `unknown` and the caller checks before trying again.
 */
export async function notify(client: Client, cell: string, content: string): Promise<NotifyOutcome> {
  try {
    await client.send.sms({
      cell,
      content,
      country: 'ZA',
      skipNonContacts: false,
      deliveryMethod: 'standard',
    });
    return 'sent';
  } catch (error) {
    if (error instanceof TimeoutError || error instanceof ConnectionError) return 'unknown';
    if (isApiError(error) && error.status >= 500) return 'unknown';
    return 'failed';
  }
}
