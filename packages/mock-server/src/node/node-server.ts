import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DroppedConnection } from '../core/faults.js';
import { bodyText, envelopeError } from '../core/responses.js';
import type { MockService } from '../mock-service.js';
import { GZIP_THRESHOLD, maybeGzip } from './compression.js';
import { NodeCall } from './node-call.js';

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
  /** Answer CORS preflights and allow any origin (browser apps on another port). @default true */
  cors?: boolean;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-request-id, retry-after',
};
const CORS_ENTRIES = Object.entries(CORS_HEADERS);

/**
 * A `node:http` server that answers every request with the mock: the Node transport, nothing
 * more. It hands the mock a plain call rather than a fetch `Request`, which is costly to build.
 *
 * @example
 * ```ts
 * const mock = createMockService({ baseUrl: 'http://127.0.0.1:4010' });
 * createNodeServer(mock).listen(4010, '127.0.0.1');
 * ```
 */
export function createNodeServer(
  mock: Pick<MockService, 'respond'>,
  options: NodeServerOptions = {},
): Server {
  const cors = options.cors ?? true;
  const onRequest = options.onRequest;
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const started = onRequest ? performance.now() : 0;
    const at = onRequest ? new Date() : undefined;
    if (cors && req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        ...CORS_HEADERS,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const call = new NodeCall(req);
    let info: Omit<NodeRequestInfo, 'at' | 'method' | 'target' | 'ms'> = { status: 0 };
    try {
      const answer = await mock.respond(call);
      const text = answer.raw ? answer.raw.text : bodyText(answer);
      const { body, encoding } =
        text.length < GZIP_THRESHOLD ? { body: text } : await maybeGzip(text, req.headers['accept-encoding']);
      // Header lines in the order they are written; a flat list is the cheapest form Node takes.
      const headers: string[] = [
        'content-type',
        answer.raw ? answer.raw.contentType : 'application/json; charset=utf-8',
        'content-length',
        String(Buffer.byteLength(body)),
      ];
      if (encoding) headers.push('content-encoding', encoding, 'vary', 'accept-encoding');
      // Browsers send Origin on the requests CORS governs; others need no CORS headers.
      if (cors && req.headers.origin) for (const [name, value] of CORS_ENTRIES) headers.push(name, value);
      for (const name in answer.headers) headers.push(name, answer.headers[name]!);
      res.writeHead(answer.status, headers);
      res.end(body);
      if (onRequest) {
        info = {
          status: answer.status,
          org_id: answer.orgId,
          request_id: answer.requestId,
          error: envelopeError(answer),
        };
      }
    } catch (error) {
      if (error instanceof DroppedConnection) req.socket.destroy();
      else {
        const body = JSON.stringify({
          ok: false,
          error: `Bad request: ${error instanceof Error ? error.message : String(error)}`,
        });
        res.writeHead(400, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        res.end(body);
        info = { status: 400 };
      }
    }
    onRequest?.({
      at: at!,
      method: call.method,
      target: req.url ?? '/',
      ms: performance.now() - started,
      ...info,
    });
  });
}
