import { AttemptTimedOut, type BodyLimits, BodyTooLarge } from './transport.js';

/**
 * Reads a response's body as UTF-8 text, a piece at a time, within limits: ky's timeout ends once
 * the headers arrive, so a server that sent them and then a byte a second held a call for ever,
 * and an answer of gigabytes (or a gzip bomb) was held whole. On a timeout, an abort or too many
 * bytes the body is cancelled, which closes its connection, and the reason is thrown.
 *
 * @example
 * ```ts
 * const text = await readBody(response, { timeout: 5_000, signal: undefined, maxBytes: 1 << 20 });
 * ```
 */
export async function readBody(
  response: Response,
  { timeout, signal, maxBytes }: BodyLimits,
): Promise<string> {
  const reader = response.body?.getReader();
  // Cancelling settles the read waiting on the stream (done), and the reason is thrown after it.
  let failure: unknown;
  const fail = (why: unknown) => {
    failure ??= why ?? new Error('aborted');
    reader?.cancel().catch(() => {});
  };
  const tooLarge = () => fail(new BodyTooLarge(maxBytes));
  // A length announced past the limit fails at once, rather than once that much has come.
  if (!response.headers.has('content-encoding') && Number(response.headers.get('content-length')) > maxBytes)
    tooLarge();
  const timer = timeout === false ? undefined : setTimeout(fail, timeout, new AttemptTimedOut());
  const onAbort = () => fail(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (let bytes = 0; reader && failure === undefined; ) {
      const piece = await reader.read();
      if (piece.done) break;
      bytes += piece.value.byteLength;
      if (bytes > maxBytes) tooLarge();
      else text += decoder.decode(piece.value, { stream: true });
    }
  } catch (error) {
    // A body broken off (a reset, a short content-length) rejects the read.
    fail(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (failure !== undefined) throw failure;
  return text + decoder.decode();
}
