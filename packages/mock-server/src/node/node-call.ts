import type { IncomingMessage, ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { BodyTooLargeError } from '../core/body-too-large.js';
import type { IncomingCall } from '../core/handle-request.js';
import type { BodyRoom } from './body-room.js';
import type { TurnBudget } from './turn-budget.js';

// Requests that said `Expect: 100-continue`, not yet told to send their body, and whether their
// connection was to be kept open (it closes after an answer given without the body).
const continueAwaited = new WeakMap<IncomingMessage, boolean>();

/**
 * Holds back the `100 Continue` that a request saying `Expect: 100-continue` waits for until the
 * mock reads its body: a request refused from its headers alone (no key, a body over the limit,
 * no such route) is answered at once, without inviting a body that would be thrown away, and
 * its connection closed after the answer (a client may send the body anyway).
 *
 * @example
 * ```ts
 * server.on('checkContinue', (req, res) => {
 *   awaitContinue(req, res);
 *   server.emit('request', req, res);
 * });
 * ```
 */
export function awaitContinue(req: IncomingMessage, res: ServerResponse): void {
  continueAwaited.set(req, res.shouldKeepAlive);
  res.shouldKeepAlive = false;
}

// The body is wanted: the client is told to send it, and the connection may be kept again.
function inviteBody(req: IncomingMessage, res: ServerResponse | undefined): void {
  const keepAlive = continueAwaited.get(req);
  if (keepAlive === undefined || !res || res.headersSent) return;
  continueAwaited.delete(req);
  res.writeContinue();
  res.shouldKeepAlive = keepAlive;
}

// The address and port a request's connection came to, as a URL's host.
function localHost(req: IncomingMessage): string {
  const { localAddress, localPort } = req.socket;
  if (!localAddress) return 'localhost';
  return `${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}

/** The call the core reads, over Node's request: one object per request, its methods shared. */
export class NodeCall implements IncomingCall {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingCall['headers'];
  readonly headerList: readonly string[];
  /** Set once the body has passed the limit: the answer closes the connection. */
  overLimit = false;
  readonly #req: IncomingMessage;
  readonly #maxBytes: number;
  readonly #budget: TurnBudget | undefined;
  readonly #room: { bodies: BodyRoom; res: ServerResponse } | undefined;

  /**
   * `budget`: a body's work (parsing, answering) waits its turn when this turn has had enough.
   * `room`: the server's count of bodies held, and the response this body is counted until.
   */
  constructor(
    req: IncomingMessage,
    maxBytes: number,
    budget?: TurnBudget,
    room?: { bodies: BodyRoom; res: ServerResponse },
  ) {
    this.#req = req;
    this.#maxBytes = maxBytes;
    this.#budget = budget;
    this.#room = room;
    this.headerList = req.rawHeaders;
    this.method = req.method ?? 'GET';
    // Without a Host (HTTP/1.0), or with the empty one a client sends for a target without an
    // authority, the request is routed by its path, to the address it came to.
    this.url = `http://${req.headers.host || localHost(req)}${req.url ?? '/'}`;
    this.headers = this;
  }

  get(name: string): string | null {
    const value = this.#req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  /**
   * The body as text. Bytes are counted as they arrive: past the limit, reading stops at once and
   * this rejects with a `BodyTooLargeError` (the core answers 413), so no more than the limit is
   * ever held, whatever the body's length, framing (chunked) or speed. Past the server's room for
   * bodies (all clients' together), it rejects with a 503 `ControlError` in the same way.
   */
  text(limitBytes?: number): Promise<string> {
    const req = this.#req;
    const maxBytes = Math.min(limitBytes ?? this.#maxBytes, this.#maxBytes);
    const declared = Number(req.headers['content-length']);
    if (declared > maxBytes) return Promise.reject(this.#tooLarge(maxBytes));
    inviteBody(req, this.#room?.res);
    const take = this.#room?.bodies.taker(this.#room.res);
    return new Promise((resolve, reject) => {
      // Decoded as it arrives: decoding 60 MB at the end held the thread for 60 ms.
      const decoder = new StringDecoder('utf8');
      const parts: string[] = [];
      let size = 0;
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        const refusal =
          size > maxBytes ? this.#tooLarge(maxBytes) : take && !take(chunk.length) ? this.#busy() : undefined;
        if (refusal === undefined) parts.push(decoder.write(chunk));
        else {
          parts.length = 0;
          detach();
          reject(refusal);
        }
      };
      const onEnd = () => {
        detach();
        parts.push(decoder.end());
        // Joined in its turn: forty 4 MB bodies ending together took 2 ms each in one turn.
        const finish = () => resolve(parts.join(''));
        const turn = this.#budget?.turn() ?? true;
        if (turn === true) finish();
        else void turn.then(finish);
      };
      const onError = (error: Error) => {
        detach();
        reject(error);
      };
      const detach = () => {
        req.off('data', onData).off('end', onEnd).off('error', onError);
      };
      req.on('data', onData).on('end', onEnd).on('error', onError);
    });
  }

  /**
   * The body's first `bytes` as text, the rest read and dropped (as Node drops the body of a
   * request answered without reading it), counted against no limit since none of it is kept.
   * Never rejects: a body cut short by its client gives what arrived.
   */
  head(bytes: number): Promise<string> {
    const req = this.#req;
    // Never invited, the body is not coming.
    if (continueAwaited.has(req)) return Promise.resolve('');
    return new Promise((resolve) => {
      const decoder = new StringDecoder('utf8');
      let text = '';
      let size = 0;
      const onData = (chunk: Buffer) => {
        if (size < bytes)
          text += decoder.write(size + chunk.length > bytes ? chunk.subarray(0, bytes - size) : chunk);
        size += chunk.length;
      };
      const onEnd = () => {
        detach();
        resolve(text + decoder.end());
      };
      // A client that leaves before the end of a body no one waits for: what came is its head.
      // (Its request answered, Node no longer ends it when the connection closes.)
      const onError = () => onEnd();
      const detach = () => {
        req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onError);
        req.socket.off('close', onError);
      };
      req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onError);
      req.socket.once('close', onError);
    });
  }

  #tooLarge(maxBytes: number): BodyTooLargeError {
    this.#stopReading();
    return new BodyTooLargeError(maxBytes);
  }

  #busy(): Error {
    this.#stopReading();
    return this.#room!.bodies.busy();
  }

  // Whatever else arrives is not read: the server answers and closes the connection.
  #stopReading(): void {
    this.overLimit = true;
    this.#req.pause();
  }
}
