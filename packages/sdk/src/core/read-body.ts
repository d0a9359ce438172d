import { AttemptTimedOut, type BodyLimits, BodyTooLarge } from './transport.js';

/**
 * Reads a response's body as UTF-8 text, a piece at a time, within limits: ky's timeout ends once
 * the headers arrive, so a server that sent them and then a byte a second held a call for ever,
 * and an answer of gigabytes (or a gzip bomb) was held whole. On a timeout, an abort or too many
 * bytes the body is cancelled, which closes its connection.
 *
 * @example
 * ```ts
 * const text = await readBody(response, { timeout: 5_000, signal: undefined, maxBytes: 1 << 20 });
 * ```
 */
export async function readBody(response: Response, limits: BodyLimits): Promise<string> {
  const body = response.body;
  if (!body) return '';
  // A length announced past the limit fails at once, rather than when that much has come.
  const announced = Number(response.headers.get('content-length'));
  if (!response.headers.has('content-encoding') && announced > limits.maxBytes) {
    body.cancel().catch(() => {});
    throw new BodyTooLarge(`the answer is larger than ${limits.maxBytes} bytes (maxResponseBytes)`);
  }
  const reader = body.getReader();
  // Cancelling settles the read waiting on the stream (done), and the loop throws why.
  let failure: unknown;
  const fail = (why: unknown) => {
    if (failure !== undefined) return;
    failure = why ?? new Error('the body could not be read');
    reader.cancel(why).catch(() => {});
  };
  const timer =
    limits.timeout === false ? undefined : setTimeout(() => fail(new AttemptTimedOut()), limits.timeout);
  const onAbort = () => fail(limits.signal?.reason);
  limits.signal?.addEventListener('abort', onAbort, { once: true });
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const piece = await reader.read();
      if (failure !== undefined) throw failure;
      if (piece.done) return text + decoder.decode();
      bytes += piece.value.byteLength;
      if (bytes > limits.maxBytes) {
        fail(new BodyTooLarge(`the answer is larger than ${limits.maxBytes} bytes (maxResponseBytes)`));
        throw failure;
      }
      text += decoder.decode(piece.value, { stream: true });
    }
  } catch (error) {
    // A body broken off (a reset, a short content-length) rejects the read: cancelled here too.
    fail(error);
    throw failure;
  } finally {
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onAbort);
  }
}
