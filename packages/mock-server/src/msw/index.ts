/**
 * The msw transport: request handlers that answer with a mock, for `setupServer` (Node) and
 * `setupWorker` (browsers). msw is a peer dependency, needed only for this entry.
 *
 * @packageDocumentation
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import { DroppedConnection } from '../core/faults.js';
import type { MockService } from '../mock-service.js';

/**
 * msw handlers that answer every request under the mock's base URL with the mock. A fault that
 * drops the connection answers as a network error (`fetch` rejects).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMockService } from '@marketing/mock-server';
 * import { mswHandlers } from '@marketing/mock-server/msw';
 *
 * const mock = createMockService({ seed });
 * const server = setupServer(...mswHandlers(mock));
 * server.listen();
 * ```
 */
export function mswHandlers(mock: Pick<MockService, 'baseUrl' | 'handle'>): RequestHandler[] {
  return [
    http.all(`${mock.baseUrl}/*`, async ({ request }) => {
      try {
        const response = await mock.handle(request);
        return new HttpResponse(response.body, { status: response.status, headers: response.headers });
      } catch (error) {
        if (error instanceof TypeError && error.cause instanceof DroppedConnection)
          return HttpResponse.error();
        throw error;
      }
    }),
  ];
}
