import ky, { type KyInstance, TimeoutError as KyTimeoutError } from 'ky';
import type { ClientHooks } from './options.js';
import { type Attempt, AttemptTimedOut, type Transport } from './transport.js';

/** Sends attempts over HTTP with ky, running the client's hooks around each. */
export class KyTransport implements Transport {
  readonly #ky: KyInstance;

  constructor(fetch: typeof globalThis.fetch | undefined, hooks: ClientHooks | undefined) {
    this.#ky = ky.create({
      retry: 0,
      throwHttpErrors: false,
      ...(fetch ? { fetch } : {}),
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
}
