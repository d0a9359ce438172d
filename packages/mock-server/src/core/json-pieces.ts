import type { Steps } from './slices.js';
import { utf8Length } from './utf8-length.js';

/** How many bytes of UTF-8 a text may grow to, and what to throw past it (see `exportBound`). */
export interface TextBound {
  most: number;
  tooLarge(): Error;
}

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
export function* jsonPiecesSteps<T extends object>(
  value: T,
  key: keyof T & string,
  bound?: TextBound,
): Steps<string[]> {
  const outline = JSON.stringify({ ...value, [key]: [] });
  // A key is written unescaped only where it is a key: inside a string its quotes are escaped.
  const at = outline.indexOf(`${JSON.stringify(key)}:[]`) + key.length + 4;
  return yield* listTextSteps(value[key] as unknown[], outline.slice(0, at), outline.slice(at), bound);
}

/**
 * The text `JSON.stringify(list)` gives, in pieces, made a few elements at a time (see
 * {@link jsonPiecesSteps}); `head` and `tail` replace its brackets when the list sits inside a
 * larger text.
 *
 * @example
 * ```ts
 * return okDataPieces<LeadTransaction[]>(yield* listTextSteps(found));
 * ```
 */
export function* listTextSteps(
  list: readonly unknown[],
  head = '[',
  tail = ']',
  bound?: TextBound,
): Steps<string[]> {
  const pieces = new ListPieces(head);
  // Counted as it is made, so that an export past its bound stops there rather than at the end.
  let length = bound ? utf8Length(head) + utf8Length(tail) : 0;
  // A step's elements in one text: one string a step, not one an element, for the collector
  // (twenty clients reading 10,000 contacts each spent a quarter of the time collecting). A step
  // takes as many as the last step's text says fit in a piece, at most ELEMENTS_PER_STEP.
  let batch = 1;
  for (let start = 0; start < list.length; ) {
    if (start > 0) yield;
    const json = JSON.stringify(list.slice(start, start + batch)).slice(1, -1);
    if (bound) {
      length += utf8Length(json) + (start > 0 ? 1 : 0);
      if (length > bound.most) throw bound.tooLarge();
    }
    pieces.add(json);
    start += batch;
    batch = Math.max(1, Math.min(ELEMENTS_PER_STEP, Math.floor((PIECE_CHARS * batch) / (json.length + 1))));
  }
  return pieces.end(tail);
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
