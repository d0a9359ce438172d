import { IN_PROCESS_FETCH } from '@marketing/domain/routes';
import { callFromInit } from './call-from-init.js';
import { DroppedConnection } from './faults.js';
import type { IncomingCall } from './handle-request.js';
import { type Answer, toResponse } from './responses.js';

// An answer that rejects as fetch does (with the signal's reason) when the signal aborts first.
function abortable<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The fetch-shaped doors of a mock: `handle(Request)` and a `fetch` bound to its base URL. */
export interface FetchAdapter {
  handle(request: Request): Promise<Response>;
  fetch: typeof fetch;
}

/**
 * Wraps a mock's `respond` as fetch answers: a `Response`, or a `TypeError` when a fault drops the
 * connection or the URL is not the mock's.
 */
export function createFetchAdapter(
  baseUrl: string,
  respond: (call: IncomingCall) => Promise<Answer>,
): FetchAdapter {
  async function handle(call: IncomingCall): Promise<Response> {
    try {
      return toResponse(await respond(call), call.method);
    } catch (error) {
      if (error instanceof DroppedConnection) throw new TypeError('fetch failed', { cause: error });
      throw error;
    }
  }
  const fetch = Object.assign(
    async (input: string | URL | Request, init?: RequestInit) => {
      init?.signal?.throwIfAborted();
      // Building a Request costs more than the mock's answer: a URL and a string body are read
      // as they are, and a Request passed in (as ky passes one) is used, not copied.
      const request =
        callFromInit(input, init) ??
        (input instanceof Request && init === undefined ? input : new Request(input, init));
      if (!request.url.startsWith(`${baseUrl}/`) && request.url !== baseUrl) {
        throw new TypeError('fetch failed', {
          cause: new Error(`mock.fetch serves only ${baseUrl}; got ${request.url}`),
        });
      }
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      return signal ? abortable(handle(request), signal) : handle(request);
    },
    { [IN_PROCESS_FETCH]: true as const },
  );
  return { handle, fetch };
}
