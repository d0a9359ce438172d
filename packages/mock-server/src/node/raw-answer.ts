import { STATUS_CODES } from 'node:http';

/**
 * An answer in the service's envelope as the bytes of an HTTP/1.1 response that closes its
 * connection, for a socket written to directly (a request that never reaches the handler).
 *
 * @example
 * ```ts
 * socket.end(rawAnswer(405, 'Method not allowed'));
 * ```
 */
export function rawAnswer(status: number, message: string, headers = ''): string {
  const body = JSON.stringify({ ok: false, error: message });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}connection: close\r\n\r\n${body}`;
}
