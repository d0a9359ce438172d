import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

// How long a connection closed after its answer is still read, what it sends thrown away, once
// the client has sent nothing for that long, before it is cut: closing with unread data would
// reset the connection, and the client could lose the answer. Counted from when all that was
// written has gone to the system: counted from the close, a client still sending and slow to read
// lost answers written before it (1 of 20, cold check 27).
const LINGER_MS = 1_000;
// The longest a closed connection is read, whatever its client sends: one that never stops
// sending (a 200 MiB body after its 413) gives up its connection then.
const LINGER_AT_MOST_MS = 10_000;

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
 * client still sends until it has sent nothing for a second once all is written (10 s at most),
 * before cutting it, so that the answer is not lost to a reset.
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
  const cut = () => socket.destroy();
  const atMost = setTimeout(cut, LINGER_AT_MOST_MS).unref();
  let quiet: NodeJS.Timeout | undefined;
  const wait = () => {
    clearTimeout(quiet);
    quiet = setTimeout(cut, LINGER_MS).unref();
  };
  const written = () => {
    wait();
    socket.on('data', wait);
  };
  if (socket.writableFinished) written();
  else socket.once('finish', written);
  socket.once('close', () => {
    clearTimeout(atMost);
    clearTimeout(quiet);
    socket.off('data', wait).off('finish', written);
  });
}
