import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { MockService } from '../create-mock-service.js';

/** Options of {@link createNodeServer}. */
export interface NodeServerOptions {
  /** Called once per answered request, for a request log. */
  onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

/**
 * A `node:http` server that answers every request with the mock: the Node transport, nothing
 * more.
 *
 * @example
 * ```ts
 * const mock = createMockService({ baseUrl: 'http://127.0.0.1:4010' });
 * createNodeServer(mock).listen(4010, '127.0.0.1');
 * ```
 */
export function createNodeServer(mock: Pick<MockService, 'handle'>, options: NodeServerOptions = {}): Server {
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    try {
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const request = new Request(url, {
        method,
        headers: req.headers as Record<string, string>,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
      const response = await mock.handle(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
      options.onRequest?.({
        method,
        path: url.pathname,
        status: response.status,
        ms: performance.now() - started,
      });
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          ok: false,
          error: `Bad request: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
      options.onRequest?.({ method, path: url.pathname, status: 400, ms: performance.now() - started });
    }
  });
}
