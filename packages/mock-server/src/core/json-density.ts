import { messages } from '@marketing/domain';
import { runToEnd, type Steps } from './slices.js';

/** Bodies up to this size are parsed as they are: at worst a few milliseconds of JSON.parse. */
const CHECKED_FROM_CHARS = 1 << 20;
/** A larger body may hold at most one list or object per this many characters. */
const CHARS_PER_CONTAINER = 8;

/**
 * Whether a JSON text over 1 MiB holds more lists and objects than one per 8 characters. Parsing
 * is done in one go on the server's one thread: 60 MB of empty lists (`[[],[],...]`) kept every
 * other request waiting about 10 s and 1.9 GB of memory, where 60 MB of ordinary contacts parse
 * in about half a second. The densest real seed found, columns of cells and empty tag lists, holds
 * one list per 10 characters. Counting takes a
 * fraction of a millisecond a megabyte, and stops at the limit.
 *
 * @example
 * ```ts
 * tooDenseToParse('[]'.repeat(1_000_000)); // true
 * ```
 */
export function tooDenseToParse(text: string): boolean {
  return runToEnd(tooDenseSteps(text));
}

// How many brackets are counted between turns: a body of nothing else took 50 to 140 ms to count.
const BRACKETS_PER_STEP = 1 << 18;

/** {@link tooDenseToParse} as steps, to run a slice at a time. */
export function* tooDenseSteps(text: string): Steps<boolean> {
  if (text.length <= CHECKED_FROM_CHARS) return false;
  const allowed = text.length / CHARS_PER_CONTAINER;
  let containers = 0;
  // indexOf scans for one character far faster than a loop over every one (8 ms for 40 MB of
  // contacts, where charCodeAt took 100). Inside strings brackets count too, which only makes the
  // limit stricter for text made of brackets.
  for (const bracket of ['[', '{'])
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) {
      if (++containers > allowed) return true;
      if (containers % BRACKETS_PER_STEP === 0) yield;
    }
  return false;
}

/** The refusal's message. */
export const tooDenseMessage = `${messages.bodyTooComplexPrefix}more lists and objects than one per ${CHARS_PER_CONTAINER} characters (a body over 1 MiB may hold no more)`;
