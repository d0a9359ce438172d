/**
 * A `Response` that holds its body as the text the mock made, and hands it back as it is:
 * `text()` and `json()` read the string directly. A `Response` built on a string keeps it as a
 * byte stream, and reading it back costs more than the mock took to answer (15 to 25 µs a call
 * against 2 µs). The body becomes a real stream only when one is asked for (`body`,
 * `arrayBuffer()`, `blob()`, `bytes()`, `formData()`); before and after, it is used up once, as
 * any `Response`'s is, and `bodyUsed` says so.
 *
 * @example
 * ```ts
 * const response = textResponse('{"ok":true}', { status: 200 });
 * await response.json(); // { ok: true }
 * response.bodyUsed; // true
 * ```
 */
const makeTextResponse = () =>
  class TextResponse extends Response {
    readonly #text: string | null;
    readonly #init: ResponseInit;
    #used = false;
    // Made once a stream or bytes are asked for; from then on it holds the body and its state.
    #streamed: Response | undefined;

    constructor(text: string | null, init: ResponseInit) {
      super(null, init);
      this.#text = text;
      this.#init = init;
    }

    override get body(): Response['body'] {
      return this.#text === null ? null : this.#stream().body;
    }

    override get bodyUsed(): boolean {
      return this.#streamed ? this.#streamed.bodyUsed : this.#used;
    }

    override async text(): Promise<string> {
      return this.#streamed ? this.#streamed.text() : this.#take();
    }

    override async json(): Promise<unknown> {
      return this.#streamed ? this.#streamed.json() : JSON.parse(this.#take());
    }

    override async arrayBuffer(): Promise<ArrayBuffer> {
      return this.#stream().arrayBuffer();
    }

    override async blob(): Promise<Blob> {
      return this.#stream().blob();
    }

    override bytes(): ReturnType<Response['bytes']> {
      return this.#stream().bytes();
    }

    override async formData(): Promise<FormData> {
      return this.#stream().formData();
    }

    override clone(): Response {
      if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
      return this.#streamed ? this.#streamed.clone() : textResponse(this.#text, this.#init);
    }

    #take(): string {
      // A Response without a body reads as '' as often as asked, and is never used up.
      if (this.#text === null) return '';
      if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
      this.#used = true;
      return this.#text;
    }

    #stream(): Response {
      if (this.#streamed) return this.#streamed;
      this.#streamed = new Response(this.#text, this.#init);
      // A body already read as text is a used stream: reading begins, and its methods refuse.
      if (this.#used) void this.#streamed.body?.getReader().read();
      return this.#streamed;
    }
  };

// The class is made on first use: naming the global Response loads Node's fetch implementation
// (undici), 15 to 25 ms of a standalone server's start that answers no Response until asked.
let TextResponseClass: ReturnType<typeof makeTextResponse> | undefined;

/**
 * A `Response` that holds its body as the text the mock made; see the class notes above.
 *
 * @example
 * ```ts
 * await textResponse('{"ok":true}', { status: 200 }).json(); // { ok: true }
 * ```
 */
export function textResponse(text: string | null, init: ResponseInit): Response {
  TextResponseClass ??= makeTextResponse();
  return new TextResponseClass(text, init);
}
