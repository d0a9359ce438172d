import { messages } from '@marketing/domain';

/**
 * A request body past the mock's `maxBodyBytes`, found while it streams in: a transport's
 * `text()` rejects with it as soon as the count passes the limit, and the mock answers 413.
 *
 * @example
 * ```ts
 * if (received > maxBytes) throw new BodyTooLargeError(maxBytes);
 * ```
 */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError' as const;

  constructor(readonly maxBytes: number) {
    super(`${messages.bodyTooLargePrefix}${maxBytes} bytes`);
  }
}
