import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { MockService } from '../create-mock-service.js';
import { NodeCall } from './node-call.js';

/** Options of {@link createNodeServer}. */
export interface NodeServerOptions {
  /** Called once per answered request, for a request log. */
  onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

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
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const call = new NodeCall(req);
    let status = 400;
    try {
      const outcome = await mock.respond(call);
      status = outcome.status;
      const body = JSON.stringify(outcome.body);
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        ...outcome.headers,
      });
      res.end(body);
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          ok: false,
          error: `Bad request: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
    }
    options.onRequest?.({
      method: call.method,
      path: new URL(call.url).pathname,
      status,
      ms: performance.now() - started,
    });
  });
}
