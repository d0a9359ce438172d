import type { Steps } from './slices.js';

const ELEMENTS_PER_STEP = 50;
const PIECE_CHARS = 64 * 1024;

/**
 * The text `JSON.stringify(value)` gives, in pieces: the text around the list `value[key]`, and
 * its elements in pieces of at least 64 kB, made a few elements at a time. For answers of tens of MB (a pact of a full
 * journal) that the Node server then writes a piece a turn.
 *
 * @example
 * ```ts
 * const pieces = await runInSlices(jsonPiecesSteps(pactFile, 'interactions'));
 * ```
 */
export function* jsonPiecesSteps<T extends object>(value: T, key: keyof T & string): Steps<string[]> {
  const list = value[key] as unknown[];
  const outline = JSON.stringify({ ...value, [key]: [] });
  // A key is written unescaped only where it is a key: inside a string its quotes are escaped.
  const at = outline.indexOf(`${JSON.stringify(key)}:[]`) + key.length + 4;
  const pieces = new ListPieces(outline.slice(0, at));
  for (const [index, element] of list.entries()) {
    if (index % ELEMENTS_PER_STEP === ELEMENTS_PER_STEP - 1) yield;
    pieces.add(JSON.stringify(element));
  }
  return pieces.end(outline.slice(at));
}

/**
 * The text of a JSON list made in pieces: the text before its elements, the elements (commas put
 * between) gathered into pieces of at least 64 kB, and the text after. Small elements share a
 * piece because a piece is a write and a turn for the Node server.
 *
 * @example
 * ```ts
 * const list = new ListPieces('[');
 * for (const entry of entries) list.add(JSON.stringify(entry));
 * const pieces = list.end(']');
 * ```
 */
export class ListPieces {
  readonly #pieces: string[];
  #piece = '';
  #empty = true;

  constructor(head: string) {
    this.#pieces = [head];
  }

  /** Adds an element's JSON text. */
  add(json: string): void {
    this.#piece += this.#empty ? json : `,${json}`;
    this.#empty = false;
    if (this.#piece.length >= PIECE_CHARS) {
      this.#pieces.push(this.#piece);
      this.#piece = '';
    }
  }

  /** The pieces, the last one ending with `tail`. */
  end(tail: string): string[] {
    this.#pieces.push(this.#piece + tail);
    return this.#pieces;
  }
}
