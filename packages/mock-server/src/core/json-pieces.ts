import type { Steps } from './slices.js';

const ELEMENTS_PER_STEP = 50;

/**
 * The text `JSON.stringify(value)` gives, in pieces: the text around the list `value[key]`, and
 * each of its elements, made a few at a time. For answers of tens of MB (a pact of a full
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
  for (const [index, element] of list.entries()) {
    if (index % ELEMENTS_PER_STEP === ELEMENTS_PER_STEP - 1) yield;
    pieces.push(`${index === 0 ? '' : ','}${JSON.stringify(element)}`);
  }
  pieces.push(outline.slice(at));
  return pieces;
}
