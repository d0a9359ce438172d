import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { DroppedConnection } from '../core/faults.js';
import { createIdGenerator } from '../core/ids.js';
import { gzipVariantEtag } from '../core/openapi-answer.js';
import { bodyPieces, bodyText, envelopeError, markSent } from '../core/responses.js';
import type { MockService } from '../mock-service.js';
import { BodyRoom } from './body-room.js';
import { acceptsGzip, GZIP_THRESHOLD, maybeGzip } from './compression.js';
import { limitConnections } from './connection-limit.js';
import { awaitContinue, NodeCall } from './node-call.js';
import { admit, heldForAnswers, holdingForAnswers, unreadableBytes } from './pipeline-backlog.js';
import { closeLingering, rawAnswer } from './raw-answer.js';
import { sliceAfterHolds } from './sliced-reads.js';
import { TurnBudget } from './turn-budget.js';
import { UnsentAnswers } from './unsent-answers.js';
import { writePieces } from './write-pieces.js';

/** What the server tells `onRequest` of each answered request. */
export interface NodeRequestInfo {
  at: Date;
  method: string;
  /** The path and query as requested. */
  target: string;
  /** The status answered; 0 when a fault dropped the connection. */
  status: number;
  ms: number;
  org_id?: string | undefined;
  /** The refusal's `error`, for a status of 400 or more. */
  error?: unknown;
  request_id?: string | undefined;
}

/** Options of {@link createNodeServer}. */
export interface NodeServerOptions {
  /** Called once per answered request, for a request log. */
  onRequest?: (info: NodeRequestInfo) => void;
  /**
   * Called with an error the mock did not expect while answering a request (a bug): the request
   * was answered 500 "Internal mock error" with this request ID. By default the error's stack is
   * written to stderr.
   */
  onError?: (error: unknown, requestId: string) => void;
  /** Answer CORS preflights and allow any origin (browser apps on another port). @default true */
  cors?: boolean;
  /**
   * Also allow other origins on the control plane under `/__mock/`. Off by default: with it, any
   * web page a developer opens could read the mock's state and reset or seed it. @default false
   */
  corsControl?: boolean;
  /**
   * The largest request body read, in bytes: a body past it (by `content-length` or as it
   * streams in) is answered 413 at once and its connection closed.
   * @default the mock's `settings.maxBodyBytes` (64 MiB)
   */
  maxBodyBytes?: number;
  /**
   * The bytes of answers written and not yet read by their clients, in all connections, past
   * which requests (health excepted) are answered 503 with `retry-after` until clients catch up
   * or their connections are cut (`timeouts.sendMs`). Without it, clients asking for large
   * answers and never reading them would hold them all in memory. @default 268435456 (256 MiB)
   */
  maxUnsentBytes?: number;
  /**
   * The bytes of request bodies held at once, in all connections, from a body's first byte until
   * its answer is sent: a body that would pass it is answered 503 with `retry-after` and its
   * connection closed, while the others are read on. Each body is bounded by `maxBodyBytes`, their
   * number is not: many clients uploading large bodies at once would hold them all in memory.
   * Never less than `maxBodyBytes`. @default 134217728 (128 MiB)
   */
  maxHeldBodyBytes?: number;
  /** How long a connection may take over its request (each has a default). */
  timeouts?: Partial<NodeServerTimeouts>;
  /**
   * The most connections open at once: one past it is answered 503 with `retry-after: 1` once the
   * start of its request is read, and closed, unless it probes `/__mock/health` (answered as
   * usual): for a mock shared on a network, where one client opening thousands of connections
   * would make every new one wait its turn. @default no limit
   */
  maxConnections?: number;
}

/**
 * How long a connection may take, in milliseconds: a slow-loris client (headers sent a byte at a
 * time, or never) is closed, while a slow upload of a whole `maxBodyBytes` body still fits.
 */
export interface NodeServerTimeouts {
  /** From the connection (or the previous answer) to the end of the request's headers. @default 10000 */
  headersMs: number;
  /**
   * From the connection to the end of the request's body: 64 MiB at 256 kB/s. Also how long a
   * connection not read because its client has not taken the answers to requests it pipelined
   * may go without the client taking any. @default 300000
   */
  requestMs: number;
  /** An idle kept-alive connection between requests. @default 5000 */
  keepAliveMs: number;
  /** A connection whose client takes none of its answer for this long is cut. @default 30000 */
  sendMs: number;
}

// The control plane's paths (at the root, under a base path or a world), which get CORS only when asked.
const CONTROL_PATH = /^[^?#]*\/__mock(?:[/?#]|$)/;

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-request-id, retry-after',
};
const CORS_ENTRIES = Object.entries(CORS_HEADERS);
const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

const NODE_SERVER_TIMEOUTS: NodeServerTimeouts = {
  headersMs: 10_000,
  requestMs: 300_000,
  keepAliveMs: 5_000,
  sendMs: 30_000,
};
const DEFAULT_MAX_UNSENT_BYTES = 256 * 2 ** 20;
const DEFAULT_MAX_HELD_BODY_BYTES = 128 * 2 ** 20;
// The scheme and authority of a request target in absolute form, and the path's first slash.
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/?/i;
// Request work started in one turn of the event loop before the rest wait for the next. Node
// accepts one new connection a turn: with 20 ms, clients reading large lists kept turns long enough
// that health probed on new connections every 20 ms queued (p90 150-170 ms against 95-115 ms).
const TURN_BUDGET_MS = 10;
// The 'close' listeners a connection may have (see where connections are set up).
const MAX_CLOSE_LISTENERS = 128;
// Health is answered whatever the load, so that a probe never takes a busy mock for a dead one.
const HEALTH_PATH = /^[^?#]*\/__mock\/health(?:[?#]|$)/;

const requestId = createIdGenerator(() => Date.now() / 1000);

const writeStack = (error: unknown, id: string) =>
  process.stderr.write(
    `marketing-mock: internal error answering ${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );

/**
 * A `node:http` server that answers every request with the mock: the Node transport, nothing
 * more. It hands the mock a plain call rather than a fetch `Request`, which is costly to build.
 * No request can take it down: bodies are counted as they stream (413 past the limit),
 * connections that pipeline requests without reading answers are paused, slow-loris connections
 * time out (`timeouts`), and an error of the mock's own is a 500.
 *
 * @example
 * ```ts
 * const mock = createMockService({ baseUrl: 'http://127.0.0.1:4010' });
 * createNodeServer(mock).listen(4010, '127.0.0.1');
 * ```
 */
export function createNodeServer(
  mock: Pick<MockService, 'respond'> & { readonly settings?: { readonly maxBodyBytes: number } },
  options: NodeServerOptions = {},
): Server {
  const serviceCors = options.cors ?? true;
  const controlCors = serviceCors && options.corsControl === true;
  const onRequest = options.onRequest;
  const onError = options.onError ?? writeStack;
  const timeouts = { ...NODE_SERVER_TIMEOUTS, ...options.timeouts };
  const budget = new TurnBudget(TURN_BUDGET_MS);
  const unsent = new UnsentAnswers(options.maxUnsentBytes ?? DEFAULT_MAX_UNSENT_BYTES, timeouts.sendMs);
  const maxBodyBytes = options.maxBodyBytes ?? mock.settings?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const bodies = new BodyRoom(
    Math.max(options.maxHeldBodyBytes ?? DEFAULT_MAX_HELD_BODY_BYTES, maxBodyBytes),
  );
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often those timeouts are checked (30 s by default would let them run long).
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
      // Node would answer a missing Host with a bare 400; the handler answers it in an envelope.
      requireHostHeader: false,
    },
    async (req: IncomingMessage, res: ServerResponse) => {
      // HTTP/1.1 servers must take a target in absolute form (`GET http://host/path`), as proxies
      // send it: it was read as a path and answered 404.
      // (Only a target not starting with a slash can be one: most requests skip the pattern.)
      if (req.url !== undefined && req.url[0] !== '/') req.url = req.url.replace(ABSOLUTE_FORM, '/');
      // Node reads nothing more of a connection after a request asking to upgrade it (the bytes
      // after it belong to the new protocol): answered as a plain request, it is the connection's
      // last, said and closed, rather than kept open while requests pipelined behind it go unread.
      if (req.headers.upgrade !== undefined && /\bupgrade\b/i.test(req.headers.connection ?? ''))
        res.shouldKeepAlive = false;
      const started = onRequest ? performance.now() : 0;
      const at = onRequest ? new Date() : undefined;
      const cors = serviceCors && (controlCors || !CONTROL_PATH.test(req.url ?? '/'));
      const admitted = admit(req.socket, res, timeouts.requestMs, onFirstHold);
      if (admitted !== true && !(await admitted)) return;
      // A request answered before the mock sees it, for the request log.
      const answeredEarly = (info: Omit<NodeRequestInfo, 'at' | 'method' | 'target' | 'ms'>) =>
        onRequest?.({
          ...info,
          at: at ?? new Date(),
          method: req.method ?? '',
          target: req.url ?? '',
          ms: 0,
        });
      if (!HEALTH_PATH.test(req.url ?? '/')) {
        const turn = budget.turn();
        if (turn !== true) await turn;
        if (unsent.full) {
          answeredEarly(answerBusy(res, unsent.limitBytes));
          return;
        }
      }
      const hostRefusal = refusedHost(req);
      if (hostRefusal !== undefined) {
        answeredEarly(
          answerError(Object.assign(new Error(hostRefusal), { code: 'ERR_INVALID_URL' }), res, onError),
        );
        return;
      }
      // Node reads a body whose last transfer coding is chunked and ignores the others (gzip, …):
      // the mock would take compressed bytes for the body.
      const codings = req.headers['transfer-encoding'];
      if (codings !== undefined && codings.trim().toLowerCase() !== 'chunked') {
        answeredEarly(
          refuseUnread(
            res,
            501,
            `Transfer-Encoding "${codings}" is not supported: send the body chunked, or with a content-length`,
          ),
        );
        return;
      }
      if (cors && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.writeHead(204, {
          ...CORS_HEADERS,
          'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
          'access-control-max-age': '600',
        });
        res.end();
        return;
      }
      const call = new NodeCall(req, maxBodyBytes, budget, { bodies, res });
      let info: Omit<NodeRequestInfo, 'at' | 'method' | 'target' | 'ms'> = { status: 0 };
      try {
        const answer = await mock.respond(call);
        const pieces = answer.raw ? undefined : bodyPieces(answer);
        if (pieces) {
          try {
            // Made whole already: dropped rather than held when clients already hold too much.
            if (unsent.full) info = answerBusy(res, unsent.limitBytes);
            else {
              unsent.hold(res, lengthOf(pieces));
              unsent.watch(res);
              await writePieces(res, answer, pieces, {
                cors: cors && req.headers.origin !== undefined ? CORS_ENTRIES : undefined,
                gzip: acceptsGzip(req.headers['accept-encoding']),
              });
              info = { status: answer.status };
            }
          } finally {
            // The next export waits for this one to be sent (or dropped), not only made.
            markSent(answer);
          }
          onRequest?.({
            at: at!,
            method: call.method,
            target: req.url ?? '/',
            ms: performance.now() - started,
            ...info,
          });
          return;
        }
        const text = answer.raw ? answer.raw.text : bodyText(answer);
        const { body, encoding } =
          text.length < GZIP_THRESHOLD
            ? { body: text }
            : await maybeGzip(text, req.headers['accept-encoding'], answer.headers?.etag);
        // Header lines in the order they are written; a flat list is the cheapest form Node takes.
        const headers: string[] = [
          'content-type',
          answer.raw ? answer.raw.contentType : 'application/json; charset=utf-8',
          'content-length',
          String(Buffer.byteLength(body)),
        ];
        if (encoding) headers.push('content-encoding', encoding);
        // What a large answer is, and so its strong ETag, depends on Accept-Encoding: said on the
        // plain answer too, and the gzipped one has an ETag of its own (a 304 names the form the
        // client would get; only the OpenAPI document, always large, has an ETag).
        const etag = answer.headers?.etag;
        if (text.length >= GZIP_THRESHOLD || etag !== undefined) headers.push('vary', 'accept-encoding');
        const zippedForm =
          encoding === 'gzip' || (answer.status === 304 && acceptsGzip(req.headers['accept-encoding']));
        // Browsers send Origin on the requests CORS governs; others need no CORS headers.
        if (cors && req.headers.origin) for (const [name, value] of CORS_ENTRIES) headers.push(name, value);
        for (const name in answer.headers)
          headers.push(name, name === 'etag' && zippedForm ? gzipVariantEtag(etag!) : answer.headers[name]!);
        // A body past the limit: the connection closes after the 413 (lingering, so it is not lost).
        if (call.overLimit) headers.push('connection', 'close');
        res.writeHead(answer.status, headers);
        // An answer with an ETag is the OpenAPI document, whose text and bytes are kept for all.
        unsent.end(res, body, etag !== undefined);
        if (onRequest) {
          info = {
            status: answer.status,
            org_id: answer.orgId,
            request_id: answer.requestId,
            error: envelopeError(answer),
          };
        }
      } catch (error) {
        if (error instanceof DroppedConnection || res.headersSent) req.socket.destroy();
        else info = answerError(error, res, onError);
      }
      onRequest?.({
        at: at!,
        method: call.method,
        target: req.url ?? '/',
        ms: performance.now() - started,
        ...info,
      });
    },
  );
  // Registered before the connection limit, which serves a connection with the listeners it finds.
  const onFirstHold = sliceAfterHolds(server, holdingForAnswers);
  // Each answer written in pieces listens for its connection's close two to four times (its
  // bytes counted, a stall watched, a drain awaited, a compressor), and a pipelining client has
  // up to 16 such answers and more on their way: Node's warning past 10 is no leak here, and it
  // printed on the user's terminal for 24 pipelined GET /openapi.json.
  server.on('connection', (socket: Socket) => {
    socket.setMaxListeners(MAX_CLOSE_LISTENERS);
    // The last answer of a connection (`Connection: close`, HTTP/1.0, a 413): Node closes it once
    // the answer is written, and a client still sending (a body not yet read, requests pipelined
    // after it) got a reset that lost the answer. Every such close lingers.
    lingerWhenClosed(socket);
  });
  // A client may half-close its side once its request is sent (FIN): Node would then end the
  // connection at once, and an answer made later (a large upload, done in slices) was never sent
  // though its work was done. Half-open, the answer is written and the connection closed after it.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('clientError', answerUnreadable);
  // Node would send `100 Continue` at once, inviting a body the answer may refuse from the
  // headers alone (a 100 MB body without a key got 100 then 401): sent when the body is read.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    // No body is coming (an Expect on a GET): the 100 at once, as Node sends it, since an answer
    // without it closes the connection (and the requests pipelined behind were dropped).
    const body = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
    if (body) awaitContinue(req, res);
    else res.writeContinue();
    server.emit('request', req, res);
  });
  // Node answers an Expect other than 100-continue with a bare 417 when nothing listens.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    refuseUnread(
      res,
      417,
      `Expectation failed: the mock meets only "Expect: 100-continue", not "${req.headers.expect}"`,
    );
  });
  // Node closes a CONNECT without a word when nothing listens for it: it gets an envelope, after
  // the answers to requests pipelined before it (they were lost, though their work was done).
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    // Node hands the connection over without its error listener: a client that resets it while
    // the answers before the CONNECT are written would stop the server (cold check 25).
    socket.on('error', () => socket.destroy());
    // Nor its drain listener: a large answer to a request before the CONNECT, written a piece at a
    // time, waited for a drain that never came, and the connection stayed open for good.
    socket.on('drain', () => {
      const answer = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (answer && !answer.writableFinished) answer.emit('drain');
    });
    void unreadableBytes(req.socket).answered.then(() => {
      if (!socket.writable) socket.destroy();
      else endWith(socket, 405, 'Method not allowed: the mock is not a proxy and does not CONNECT');
    });
  });
  if (options.maxConnections !== undefined) limitConnections(server, options.maxConnections);
  return server;
}

// What escaped the mock: a request target that makes no URL is the client's (400); anything
// else is the mock's own error (500), logged with its stack under a request ID.
function answerError(
  error: unknown,
  res: ServerResponse,
  onError: (error: unknown, requestId: string) => void,
): Omit<NodeRequestInfo, 'at' | 'method' | 'target' | 'ms'> {
  const clientError = (error as { code?: unknown } | null)?.code === 'ERR_INVALID_URL';
  const id = requestId('req_');
  const message = clientError
    ? `Bad request: ${(error as Error).message}`
    : `Internal mock error (request ${id}); the mock’s log has the details`;
  if (!clientError) onError(error, id);
  const body = JSON.stringify({ ok: false, error: message });
  const status = clientError ? 400 : 500;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': id,
  });
  res.end(body);
  return { status, error: message, request_id: id };
}

// A Host holding a path, query, user or space would make a URL whose path is not the request's:
// `Host: x/__mock` put `GET /state` under the control plane's path.
const NOT_A_HOST = /[/?#@\\\s]/;

// Why the request's Host cannot be taken, or `undefined` when it can.
function refusedHost(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  if (host === undefined)
    return req.httpVersion === '1.1' ? 'an HTTP/1.1 request needs a Host header' : undefined;
  return NOT_A_HOST.test(host)
    ? `the Host header ${JSON.stringify(host.slice(0, 100))} is not a host`
    : undefined;
}

function lengthOf(pieces: readonly string[]): number {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return length;
}

// Node closes a connection after its last answer with `destroySoon`: this one lingers first,
// reading and dropping what still arrives (see closeLingering).
function lingerWhenClosed(socket: Socket): void {
  (socket as Socket & { destroySoon(): void }).destroySoon = () => closeLingering(socket);
}

const answeringUnreadable = new WeakSet<Socket>();

// A request Node cannot read (headers over its 16 kB limit, a malformed message, a timeout) gets
// the service's envelope, not Node's bare status line, and the connection is closed.
function answerUnreadable(error: NodeJS.ErrnoException, socket: Socket): void {
  if (socket.destroyed || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  // Ended by the mock, the connection lingers (reading and dropping) before it is cut: cutting it
  // now reset it, and the client lost answers written just before (bytes after a request that
  // said `Connection: close` land here: 31 answers owed, 0-24 of them came, 7 runs in 10).
  if (!socket.writable) return;
  // The same bytes before the answers owed are written: the connection's last answer ends it.
  if (error.code === 'HPE_CLOSED_CONNECTION') return;
  // Node's parser reports an error again for each read after its first (bytes after a request
  // that said `Connection: close`, read a slice at a time, gave a dozen): the first is answered.
  if (answeringUnreadable.has(socket)) return;
  // The server stopped reading, for a client that does not take its answers: a client that
  // paused 12 s lost 11,600 requests it had sent whole. One that never takes them is cut after
  // `timeouts.requestMs` without progress.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && heldForAnswers(socket)) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers too large: the URL and headers together must stay under 16 kB']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout: the request was not sent in time']
        : [400, 'Bad request: the HTTP message could not be read'];
  answeringUnreadable.add(socket);
  const { answered, answerOwed } = unreadableBytes(socket);
  void answered.then(() => {
    if (!socket.writable) return;
    if (answerOwed()) endWith(socket, status, message);
    else closeLingering(socket);
  });
}

// An answer written on the socket itself, for requests that never reach the handler. The
// connection is cut a moment later: half-open, it waited for the client to close its side, and a
// client that neither read its 408 nor closed held it for good (a slot under --max-connections).
function endWith(socket: Duplex, status: number, message: string): void {
  closeLingering(socket as Socket, rawAnswer(status, message));
}

// Clients hold too many answers unread: this request is not answered now (its body not read,
// its connection closed), and the client is told when to try again.
function answerBusy(
  res: ServerResponse,
  limitBytes: number,
): Omit<NodeRequestInfo, 'at' | 'method' | 'target' | 'ms'> {
  return refuseUnread(
    res,
    503,
    `The mock is busy: clients have not read ${Math.round(limitBytes / 2 ** 20)} MiB of answers it wrote; try again shortly`,
    { 'retry-after': '1' },
  );
}

// A request answered without reading its body: the connection closes after the answer.
function refuseUnread(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Omit<NodeRequestInfo, 'at' | 'method' | 'target' | 'ms'> {
  const body = JSON.stringify({ ok: false, error: message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
    connection: 'close',
  });
  res.end(body);
  return { status, error: message };
}
