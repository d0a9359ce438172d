// Strings a long-lived structure keeps for a while, stored as UTF-8 bytes outside the JS heap.
// Each kept string the young-generation collector sees is copied on every collection until it
// dies or is promoted; bytes in an ArrayBuffer are never copied. The request journal keeps a
// thousand answers this way, which was most of a GET's garbage-collection time.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The bytes of a run of strings; freed (or reused) once none of them is kept. */
interface Chunk {
  bytes: Uint8Array;
  used: number;
  live: number;
  /** False for the bytes of one large string. */
  shared: boolean;
}

/**
 * A fixed number of slots, each holding one string or nothing, with the strings stored as UTF-8
 * in shared chunks outside the JS heap. Strings are appended to the current chunk; a chunk is
 * reused once every string in it has been replaced, so memory follows what is kept. A string too
 * large for a quarter of a chunk gets bytes of its own.
 *
 * A string reads back exactly as it was set, except that a lone surrogate (which UTF-8 cannot
 * hold) reads back as U+FFFD.
 *
 * @example
 * ```ts
 * const texts = new OffHeapTexts(2);
 * texts.set(0, '{"ok":true}');
 * texts.get(0); // '{"ok":true}'
 * texts.get(1); // undefined
 * ```
 */
export class OffHeapTexts {
  readonly #chunkBytes: number;
  #chunks: (Chunk | undefined)[];
  #start: Int32Array;
  #end: Int32Array;
  #current: Chunk | undefined;
  #spare: Chunk | undefined;

  /** @param chunkBytes Bytes per shared chunk (tests use small ones). @default 1 MiB */
  constructor(
    readonly size: number,
    chunkBytes = 1 << 20,
  ) {
    this.#chunkBytes = chunkBytes;
    this.#chunks = new Array<Chunk | undefined>(size).fill(undefined);
    this.#start = new Int32Array(size);
    this.#end = new Int32Array(size);
  }

  /** Keeps `text` in `slot`, replacing what it held. */
  set(slot: number, text: string): void {
    this.delete(slot);
    // UTF-8 needs at most 3 bytes for each UTF-16 code unit.
    const most = text.length * 3;
    let chunk: Chunk;
    if (most > this.#chunkBytes / 4) {
      const bytes = encoder.encode(text);
      chunk = { bytes, used: bytes.length, live: 0, shared: false };
      this.#start[slot] = 0;
      this.#end[slot] = bytes.length;
    } else {
      let current = this.#current;
      if (!current || current.used + most > current.bytes.length) current = this.#current = this.#fresh();
      chunk = current;
      const { written } = encoder.encodeInto(text, chunk.bytes.subarray(chunk.used));
      this.#start[slot] = chunk.used;
      chunk.used += written;
      this.#end[slot] = chunk.used;
    }
    chunk.live++;
    this.#chunks[slot] = chunk;
  }

  /** The string in `slot`, or `undefined` when it holds none. */
  get(slot: number): string | undefined {
    const chunk = this.#chunks[slot];
    return chunk && decoder.decode(chunk.bytes.subarray(this.#start[slot], this.#end[slot]));
  }

  /**
   * The start of the string in `slot`, decoding only the bytes that can hold `chars` characters:
   * `whole` says whether that is the whole string. `undefined` when the slot holds none.
   */
  getStart(slot: number, chars: number): { text: string; whole: boolean } | undefined {
    const chunk = this.#chunks[slot];
    if (!chunk) return undefined;
    const start = this.#start[slot]!;
    const end = this.#end[slot]!;
    // A character takes at most 3 bytes in UTF-8 (4 for a pair that is 2 characters).
    const most = chars * 3 + 3;
    if (end - start <= most) return { text: decoder.decode(chunk.bytes.subarray(start, end)), whole: true };
    return { text: decoder.decode(chunk.bytes.subarray(start, start + most)), whole: false };
  }

  /** How many bytes the string in `slot` takes (0 when it holds none). */
  byteLength(slot: number): number {
    return this.#chunks[slot] ? this.#end[slot]! - this.#start[slot]! : 0;
  }

  /** Empties `slot`. */
  delete(slot: number): void {
    const chunk = this.#chunks[slot];
    if (!chunk) return;
    this.#chunks[slot] = undefined;
    if (--chunk.live > 0 || !chunk.shared) return;
    // Nothing in it is kept any more: the current chunk starts over, another becomes the spare.
    chunk.used = 0;
    if (chunk !== this.#current) this.#spare = chunk;
  }

  /** Empties every slot. */
  clear(): void {
    this.#chunks.fill(undefined);
    this.#current = undefined;
    this.#spare = undefined;
  }

  /** The bytes held outside the JS heap: every chunk some slot still uses, and the spare. */
  get bytesHeld(): number {
    const held = new Set(this.#chunks);
    if (this.#current) held.add(this.#current);
    if (this.#spare) held.add(this.#spare);
    let bytes = 0;
    for (const chunk of held) bytes += chunk?.bytes.length ?? 0;
    return bytes;
  }

  #fresh(): Chunk {
    const spare = this.#spare;
    if (spare) {
      this.#spare = undefined;
      return spare;
    }
    return { bytes: new Uint8Array(this.#chunkBytes), used: 0, live: 0, shared: true };
  }
}
