import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

// How long a connection closed after its answer is still read, what it sends thrown away, before
// it is cut: closing with unread data would reset the connection, and the client could lose the
// answer.
const LINGER_MS = 1_000;

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

/**
 * Ends a connection after what is written (and `last`, if given), reading and dropping what the
 * client still sends for a second before cutting it, so that the answer is not lost to a reset.
 *
 * @example
 * ```ts
 * closeLingering(socket, rawAnswer(503, 'Busy'));
 * ```
 */
export function closeLingering(socket: Socket, last?: string): void {
  if (last === undefined) socket.end();
  else socket.end(last);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
