/** A success, with the response that carried it and how many attempts it took. */
export interface RawResult<T> {
  data: T;
  response: Response;
  attempts: number;
}

/** A success with what carried it: the data, the raw response, and the service's request ID. */
export interface WithResponse<T> {
  data: T;
  /** The raw `Response` of the attempt that succeeded (its body has been read). */
  response: Response;
  /** The `x-request-id` header: the mock journals the request under this ID. */
  requestId: string | undefined;
}

/**
 * The promise every SDK method returns: await it for the data, or ask for more with
 * `.withResponse()` (data, raw response and request ID) or `.asResponse()` (the raw response).
 * Failures reject all three the same way.
 *
 * @example
 * ```ts
 * const tags = await client.tags.list();
 * const { data, requestId } = await client.tags.list().withResponse();
 * const response = await client.tags.list().asResponse();
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  readonly #raw: Promise<RawResult<unknown>>;
  #data: Promise<T> | undefined;

  constructor(raw: Promise<RawResult<unknown>>) {
    // The executor's value is never read: then/catch/finally read the raw result instead.
    super((resolve) => resolve(undefined as T));
    this.#raw = raw;
  }

  // Derived promises (from then/catch) are plain promises, not APIPromises.
  static override get [Symbol.species]() {
    return Promise;
  }

  #parsed(): Promise<T> {
    this.#data ??= this.#raw.then((result) => result.data as T);
    return this.#data;
  }

  /** The data with the raw response and the request ID. */
  async withResponse(): Promise<WithResponse<T>> {
    const result = await this.#raw;
    return {
      data: result.data as T,
      response: result.response,
      requestId: result.response.headers.get('x-request-id') ?? undefined,
    };
  }

  /** The raw `Response` of the attempt that succeeded (its body has been read). */
  async asResponse(): Promise<Response> {
    return (await this.#raw).response;
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a promise, as openai-node's is
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: the signature of Promise.prototype.then
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#parsed().then(onfulfilled, onrejected);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the signature of Promise.prototype.catch
  override catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#parsed().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#parsed().finally(onfinally);
  }
}
