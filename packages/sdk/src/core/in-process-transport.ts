import { type Attempt, AttemptTimedOut, type BodyLimits, BodyTooLarge, type Transport } from './transport.js';

/**
 * Calls an in-process `fetch` (the mock's `mock.fetch`) with the URL and init as they are: no
 * `Request` is built, since that costs more than the mock's answer. The timeout rejects without
 * aborting: in process there is no connection to free.
 */
export class InProcessTransport implements Transport {
  constructor(readonly fetch: typeof globalThis.fetch) {}

  async send(attempt: Attempt): Promise<Response> {
    const answer = this.fetch(attempt.url, {
      method: attempt.method,
      headers: attempt.headers,
      ...(attempt.body === undefined ? {} : { body: attempt.body }),
      ...(attempt.signal ? { signal: attempt.signal } : {}),
    });
    if (attempt.timeout === false) return answer;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AttemptTimedOut()), attempt.timeout as number);
    });
    try {
      return await Promise.race([answer, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The mock made the text whole before it answered: it is handed over as it is, within
   * `maxResponseBytes` as over a connection, so that a test in process sees a large answer refused.
   * Its bytes are counted only when its length says it could pass the limit (at most 3 a unit).
   */
  async read(response: Response, { maxBytes }: BodyLimits): Promise<string> {
    const text = await response.text();
    if (text.length * 3 > maxBytes && new TextEncoder().encode(text).byteLength > maxBytes)
      throw new BodyTooLarge(maxBytes);
    return text;
  }
}
