import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { MockService } from '../create-mock-service.js';

/** Options of {@link createNodeServer}. */
export interface NodeServerOptions {
  /** Called once per answered request, for a request log. */
  onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
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
    const method = req.method ?? 'GET';
    const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
    const header = (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    };
    let status = 400;
    try {
      const outcome = await mock.respond({
        method,
        url,
        headers: { get: header, has: (name: string) => header(name) !== null },
        text: () => readText(req),
      });
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
    options.onRequest?.({ method, path: new URL(url).pathname, status, ms: performance.now() - started });
  });
}
