/** One attempt of a call, fully built: the transport only carries it. */
export interface Attempt {
  method: string;
  /** The full URL, query included. */
  url: string;
  /** Every header, names in lower case. */
  headers: Record<string, string>;
  /** The JSON body, already serialised. */
  body: string | undefined;
  /** Milliseconds the attempt may take, or `false` for no limit. */
  timeout: number | false;
  signal: AbortSignal | undefined;
}

/**
 * How the SDK sends an attempt: over HTTP with ky, or straight into an in-process `fetch` (the
 * mock's). A transport answers the `Response`, rejects with {@link AttemptTimedOut} when the
 * timeout passes, and with the underlying error when no answer came.
 */
export interface Transport {
  send(attempt: Attempt): Promise<Response>;
  /**
   * Reads an answer's body as text within what is left of its attempt: rejects with
   * {@link AttemptTimedOut} when `timeout` passes, {@link BodyTooLarge} past `maxBytes`, and with
   * the underlying error when the body breaks off.
   */
  read(response: Response, limits: BodyLimits): Promise<string>;
}

/** What reading a body may take. */
export interface BodyLimits {
  /** Milliseconds left, or `false` for no limit. */
  timeout: number | false;
  signal: AbortSignal | undefined;
  maxBytes: number;
}

/** A body past the bytes a client reads (`maxResponseBytes`). */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge' as const;

  constructor(maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes (maxResponseBytes)`);
  }
}

/** An attempt that outlived its timeout. */
export class AttemptTimedOut extends Error {
  override name = 'AttemptTimedOut' as const;
}
