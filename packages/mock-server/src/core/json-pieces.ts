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
  const pieces = [outline.slice(0, at)];
  // Small elements share a piece: a piece is a write and a turn for the server.
  let piece = '';
  for (const [index, element] of list.entries()) {
    if (index % ELEMENTS_PER_STEP === ELEMENTS_PER_STEP - 1) yield;
    piece += `${index === 0 ? '' : ','}${JSON.stringify(element)}`;
    if (piece.length >= PIECE_CHARS) {
      pieces.push(piece);
      piece = '';
    }
  }
  pieces.push(piece + outline.slice(at));
  return pieces;
}
