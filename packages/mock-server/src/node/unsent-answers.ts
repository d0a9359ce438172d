import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { resetWhenStalled } from './stall-watch.js';

// Answers smaller than this are not counted: their bytes are few, and counting costs every request.
const COUNTED_FROM_BYTES = 64 * 1024;
const SLICE_CHARS = 256 * 1024;

/**
 * The bytes of answers written but not yet taken by their clients, across every connection of a
 * server. A client may ask for a 10 MB answer and never read it: its bytes stay in the process.
 * Past `limitBytes` in all, the server answers 503 (health excepted) until clients read or their
 * connections are cut; a connection that takes none of its answer for `sendMs` is cut, so a client
 * that stops reading holds its memory that long at most.
 *
 * @example
 * ```ts
 * const unsent = new UnsentAnswers(256 * 2 ** 20, 30_000);
 * if (unsent.full) return answerBusy(res);
 * res.writeHead(200, { 'content-length': String(Buffer.byteLength(body)) });
 * unsent.end(res, body);
 * ```
 */
export class UnsentAnswers {
  #bytes = 0;

  constructor(
    readonly limitBytes: number,
    readonly sendMs: number,
  ) {}

  /** Whether the answers not yet read hold more than the limit. */
  get full(): boolean {
    return this.#bytes > this.limitBytes;
  }

  /**
   * Ends `res` with `body` (its head already written). A large body is counted until its response
   * closes and written a slice at a time as the client takes it, so that the watch sees progress
   * (one large write shows none until it is all sent). A `kept` body is one the server keeps
   * anyway (the OpenAPI document, made once): its bytes are not the answer's, and are not counted.
   */
  end(res: ServerResponse, body: string | Buffer, kept = false): void {
    if (body.length < COUNTED_FROM_BYTES) {
      res.end(body);
      return;
    }
    // Counted, a hundred clients that pipelined GET /openapi.json and never read seemed to hold
    // 256 MiB, and every other client was answered 503 while they stayed: the server held 140 MB.
    if (!kept) this.hold(res, body.length);
    this.watch(res);
    void writeSlices(res, body);
  }

  /** Counts `bytes` of an answer being written to `res` until it closes. */
  hold(res: ServerResponse, bytes: number): void {
    this.#bytes += bytes;
    whenGone(res, () => {
      this.#bytes -= bytes;
    });
  }

  /**
   * Cuts the response's connection when it takes none of what is waiting to be written for
   * `sendMs` (an answer in pieces is watched from its first piece). Returns how to stop watching.
   */
  watch(res: ServerResponse): () => void {
    // The connection, not the response's socket: a pipelined answer gets that only in its turn.
    const socket = res.req.socket;
    // Progress is a next slice handed to the socket, which waits for the previous one to be sent.
    let last = socket.bytesWritten;
    const stop = resetWhenStalled(socket, this.sendMs, () => {
      const written = socket.bytesWritten;
      const moved = written !== last || socket.writableLength === 0;
      last = written;
      return moved;
    });
    whenGone(res, stop);
    return stop;
  }
}

async function writeSlices(res: ServerResponse, body: string | Buffer): Promise<void> {
  for (let start = 0; start < body.length; ) {
    let end = Math.min(start + SLICE_CHARS, body.length);
    // A slice of text never ends between the two halves of a surrogate pair.
    if (typeof body === 'string' && end < body.length && isHighSurrogate(body.charCodeAt(end - 1))) end += 1;
    if (res.destroyed) return;
    const slice = typeof body === 'string' ? body.slice(start, end) : body.subarray(start, end);
    if (!res.write(slice) && !(await drainedOrGone(res))) return;
    start = end;
  }
  res.end();
}

/**
 * Calls `listener` once, when the response closes or its connection does: a pipelined answer
 * waiting its turn on a connection that closes never closes itself (Node leaves it be), and
 * counting on its 'close' held its bytes for ever (148 MB after five connections were cut), as
 * it did for an answer made after its connection had closed.
 * Answers how to stop listening.
 *
 * @example
 * ```ts
 * whenGone(res, () => clearInterval(timer));
 * ```
 */
export function whenGone(res: ServerResponse, listener: () => void): () => void {
  const connection = res.req.socket;
  // Gone already (an answer made after its client left): its 'close' came before anyone listened.
  if (res.destroyed || connection.destroyed) {
    queueMicrotask(listener);
    return () => {};
  }
  const stop = () => {
    res.off('close', once);
    connection.off('close', once);
  };
  const once = () => {
    stop();
    listener();
  };
  res.once('close', once);
  connection.once('close', once);
  return stop;
}

/**
 * Waits until `sink` (the response, or a compressor writing to it) takes more (`true`), or the
 * response or its connection is gone (`false`).
 *
 * @example
 * ```ts
 * if (!res.write(piece) && !(await drainedOrGone(res))) return;
 * ```
 */
export function drainedOrGone(res: ServerResponse, sink: Writable = res): Promise<boolean> {
  return new Promise((resolve) => {
    const drained = () => {
      stopWaiting();
      resolve(true);
    };
    const stopWaiting = whenGone(res, () => {
      sink.off('drain', drained);
      resolve(false);
    });
    sink.once('drain', drained);
  });
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
