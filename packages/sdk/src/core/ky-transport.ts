import ky, { type KyInstance, TimeoutError as KyTimeoutError } from 'ky';
import type { ClientHooks } from './options.js';
import { readBody } from './read-body.js';
import { type Attempt, AttemptTimedOut, type BodyLimits, type Transport } from './transport.js';

/**
 * The fetch ky calls, with the request's body read to its end first and sent as bytes. ky sends
 * each request and keeps a clone of it for its retries; once done it cancels the clone's body,
 * and the two share one stream, whose branches cancel together: when the body sent was never read
 * to its end (a refused connection, a test double that does not read it), every call with a body
 * stayed pending for ever, whatever its timeout. Global `fetch` is looked up at each call, so that
 * msw, which replaces it, still sees the requests of a client made before it.
 */
function releasingBody(fetch: typeof globalThis.fetch | undefined): typeof globalThis.fetch {
  return async (input, init) => {
    const send = fetch ?? globalThis.fetch;
    if (!(input instanceof Request)) return untilAborted(send(input, init), init?.signal ?? undefined);
    const request = input.body === null ? input : new Request(input, { body: await input.arrayBuffer() });
    return untilAborted(send(request, init), input.signal);
  };
}

// The fetch's answer, or its signal's reason as soon as it aborts (the caller's abort, which ky
// passes on): a fetch of one's own that ignores the signal (a test double) kept an aborted call
// waiting for its timeout, or for ever without one. Settled here, ky clears its timeout's timer.
function untilAborted<T>(sending: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return sending;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    sending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Sends attempts over HTTP with ky, running the client's hooks around each. */
export class KyTransport implements Transport {
  readonly #ky: KyInstance;

  constructor(fetch: typeof globalThis.fetch | undefined, hooks: ClientHooks | undefined) {
    this.#ky = ky.create({
      retry: 0,
      throwHttpErrors: false,
      // The service never redirects: a redirect is refused, not followed (fetch would send the
      // body, and headers other than Authorization, to wherever it points).
      redirect: 'manual',
      fetch: releasingBody(fetch),
      hooks: {
        beforeRequest: hooks?.beforeRequest ? [(request) => hooks.beforeRequest!(request)] : [],
        afterResponse: hooks?.afterResponse
          ? [
              async (request, _options, response) => {
                await hooks.afterResponse!(request, response);
              },
            ]
          : [],
      },
    });
  }

  async send(attempt: Attempt): Promise<Response> {
    try {
      return await this.#ky(attempt.url, {
        method: attempt.method,
        headers: attempt.headers,
        ...(attempt.body === undefined ? {} : { body: attempt.body }),
        timeout: attempt.timeout,
        ...(attempt.signal ? { signal: attempt.signal } : {}),
      });
    } catch (error) {
      if (error instanceof KyTimeoutError) throw new AttemptTimedOut(error.message, { cause: error });
      throw error;
    }
  }

  /** @inheritdoc */
  read(response: Response, limits: BodyLimits): Promise<string> {
    return readBody(response, limits);
  }
}
