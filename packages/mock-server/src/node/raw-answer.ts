import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

// How long a connection closed after its answer is still read, what it sends thrown away, once
// all that was written has gone to the system, until the client has sent nothing for that long,
// before it is cut: closing with unread data would reset the connection, and the client could lose
// the answer (as nginx's lingering close does, whose lingering_timeout is 5 s). A second lost
// answers to clients still writing now and then and slow to read (cold checks 27 and 28). The
// bytes are counted, not listened for: Node's HTTP parser takes them from the connection itself.
const QUIET_MS = 5_000;
// The longest a closed connection is read, whatever its client sends (nginx's lingering_time): one
// that never stops sending (a 200 MiB body after its 413) gives up its connection then.
const LINGER_AT_MOST_MS = 30_000;

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
 * client still sends until, once all is written, it has sent nothing for five seconds or has
 * closed its side (30 s at most), before cutting it, so that the answer is not lost to a reset.
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
  let read = socket.bytesRead;
  const check = () => {
    if (socket.bytesRead === read) cut();
    else wait();
  };
  const wait = () => {
    read = socket.bytesRead;
    quiet = setTimeout(check, QUIET_MS).unref();
  };
  // A client that has closed its side sends nothing more: closing cannot reset the connection.
  const ended = () => {
    if (socket.writableFinished) cut();
  };
  const written = () => {
    if (socket.readableEnded) cut();
    else wait();
  };
  socket.once('end', ended);
  if (socket.writableFinished) written();
  else socket.once('finish', written);
  socket.once('close', () => {
    clearTimeout(atMost);
    clearTimeout(quiet);
    socket.off('end', ended).off('finish', written);
  });
}
