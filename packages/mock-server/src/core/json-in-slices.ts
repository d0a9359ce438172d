import {
  BACKSLASH,
  CLOSE_LIST,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  isSpace,
  OPEN_LIST,
  OPEN_OBJECT,
  QUOTE,
} from './json-chars.js';
import type { Steps } from './slices.js';

// A list's or object's closing character is its opening one plus 2: '[' ']', '{' '}'.
const CLOSE_OFFSET = 2;

/** How much text one `JSON.parse` call takes, at most, where a value allows splitting. */
const DEFAULT_PIECE_CHARS = 256 * 1024;
/** How many characters the first pass looks at between turns. */
const SCAN_CHUNK_CHARS = 1 << 20;

const notJson = (at: number) => new SyntaxError(`Not valid JSON at position ${at}`);

/** Bounds on what a JSON text may hold, for {@link parseJsonSteps} to refuse early. */
export interface JsonLimits {
  /** Lists and objects inside each other. */
  depth: number;
  /** Members of one object (checked in objects longer than a piece; smaller ones are not). */
  members: number;
  /** Characters of one string or key, as written in the text. */
  stringChars: number;
  /**
   * Characters of one string that is not a key, when it may be longer than `stringChars` (a seed's
   * text column holds a field of every contact in one). Numbers and runs of white space stay
   * bounded by `stringChars`.
   */
  textChars?: number;
}

/**
 * A JSON text that goes past a {@link JsonLimits} bound; `what` says which, in words
 * (`an object of more than 10,000 members`).
 */
export class JsonLimitError extends Error {
  override name = 'JsonLimitError' as const;
  constructor(readonly what: string) {
    super(`JSON text holds ${what}`);
  }
}

const noLimits: JsonLimits = { depth: Infinity, members: Infinity, stringChars: Infinity };
const count = (n: number) => n.toLocaleString('en');
const tooDeep = (limits: JsonLimits) =>
  new JsonLimitError(`lists and objects nested more than ${count(limits.depth)} deep`);
/** The refusal of an object of more members than `limits` allow. */
export const tooManyMembers = (limits: JsonLimits) =>
  new JsonLimitError(`an object of more than ${count(limits.members)} members`);
const tooLongString = (chars: number) =>
  new JsonLimitError(`a string of more than ${count(chars)} characters`);

const tooLongBetweenMarks = (limits: JsonLimits, space: boolean) =>
  new JsonLimitError(
    space
      ? `white space of more than ${count(limits.stringChars)} characters in a row`
      : `a number of more than ${count(limits.stringChars)} characters`,
  );

function skipSpace(text: string, at: number): number {
  while (isSpace(text.charCodeAt(at))) at++;
  return at;
}

// The position of the quote that closes the string opening at `at`.
function stringEnd(text: string, at: number): number {
  let quote = text.indexOf('"', at + 1);
  for (;;) {
    if (quote === -1) throw notJson(at);
    let backslash = quote - 1;
    while (text.charCodeAt(backslash) === BACKSLASH) backslash--;
    if ((quote - 1 - backslash) % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
}

// Whether the string that ended just before `at` is a key (a colon follows it).
function isKey(text: string, at: number): boolean {
  return text.charCodeAt(skipSpace(text, at)) === COLON;
}

// Where the value starting at `at` ends. Lists and objects here are ones the first pass found
// balanced, so the count of brackets always comes back to zero.
function valueEnd(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at) + 1;
  if (first === OPEN_LIST || first === OPEN_OBJECT) {
    let depth = 0;
    for (let i = at; ; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) i = stringEnd(text, i);
      else if (c === OPEN_LIST || c === OPEN_OBJECT) depth++;
      else if ((c === CLOSE_LIST || c === CLOSE_OBJECT) && --depth === 0) return i + 1;
    }
  }
  let end = at;
  for (let c = first; end < text.length; c = text.charCodeAt(++end))
    if (c === COMMA || c === CLOSE_LIST || c === CLOSE_OBJECT || isSpace(c)) break;
  if (end === at) throw notJson(at);
  return end;
}

// First pass: every bracket matched (strings skipped), and where each list or object longer than
// a piece ends, by where it starts. Only those are taken apart; the rest are parsed whole.
function* largeContainers(text: string, pieceChars: number, limits: JsonLimits): Steps<Map<number, number>> {
  const ends = new Map<number, number>();
  const open: number[] = [];
  // Where the last of JSON's marks (a bracket, quote, comma or colon) was: what lies between two
  // is a number, a literal or white space, and a long one would be read later in one go (60 MB
  // of digits or of spaces held the server half a second).
  let mark = -1;
  for (let i = 0; i < text.length; ) {
    const stop = Math.min(text.length, i + SCAN_CHUNK_CHARS);
    for (; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const end = stringEnd(text, i);
        const chars = end - i - 1;
        if (chars > limits.stringChars) {
          const textChars = isKey(text, end + 1)
            ? limits.stringChars
            : (limits.textChars ?? limits.stringChars);
          if (chars > textChars) throw tooLongString(textChars);
        }
        i = mark = end;
      } else if (c === OPEN_LIST || c === OPEN_OBJECT) {
        mark = i;
        if (open.push(i) > limits.depth) throw tooDeep(limits);
      } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
        mark = i;
        const start = open.pop();
        if (start === undefined || text.charCodeAt(start) + CLOSE_OFFSET !== c) throw notJson(i);
        if (i + 1 - start > pieceChars) ends.set(start, i + 1);
      } else if (c === COMMA || c === COLON) mark = i;
      else if (i - mark > limits.stringChars) throw tooLongBetweenMarks(limits, isSpace(c));
    }
    yield;
  }
  if (open.length > 0) throw notJson(open.at(-1)!);
  return ends;
}

/** A large list or object being filled: members are gathered into runs parsed a piece at a time. */
interface Frame {
  value: unknown[] | Record<string, unknown>;
  list: boolean;
  close: number;
  /** The key of an object's member whose value is a large list or object being filled. */
  key: string;
  /** The run of members not parsed yet: from its first member's start to its last one's end. */
  runStart: number;
  runEnd: number;
  empty: boolean;
  /** How many members an object has been given. */
  members: number;
}

/** Sets a member as `JSON.parse` does: `"__proto__"` is a member like any other, not the prototype. */
export function setMember(object: Record<string, unknown>, key: string, value: unknown): void {
  // As JSON.parse does: "__proto__" is a member like any other, not the object's prototype.
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

// Parses the frame's run of members in one call and adds them; answers how many characters.
function flush(text: string, frame: Frame, limits: JsonLimits): number {
  if (frame.runStart < 0) return 0;
  const run = text.slice(frame.runStart, frame.runEnd);
  frame.runStart = -1;
  if (frame.list) {
    const values = JSON.parse(`[${run}]`) as unknown[];
    const list = frame.value as unknown[];
    for (const value of values) list.push(value);
  } else {
    const members = JSON.parse(`{${run}}`) as Record<string, unknown>;
    const object = frame.value as Record<string, unknown>;
    const keys = Object.keys(members);
    frame.members += keys.length;
    if (frame.members > limits.members) throw tooManyMembers(limits);
    for (const key of keys) setMember(object, key, members[key]);
  }
  return run.length;
}

// A string's content may be cut where no escape is cut: before a run of backslashes found in the
// six characters before `at` (an escape is at most six long, \uXXXX), else at `at`; never before
// `from`, the previous cut.
function safeCut(text: string, from: number, at: number): number {
  for (let i = at - 1; i >= Math.max(from, at - 6); i--)
    if (text.charCodeAt(i) === BACKSLASH) {
      while (i > from && text.charCodeAt(i - 1) === BACKSLASH) i--;
      return i;
    }
  return at;
}

// A long value on its own: a string a piece at a time (the pieces joined are the same code units
// JSON.parse gives), anything else whole.
function* parseLong(text: string, start: number, end: number, pieceChars: number): Steps<unknown> {
  // Not a string: a number or literal, which the first pass found no longer than a string may be.
  if (text.charCodeAt(start) !== QUOTE) return JSON.parse(text.slice(start, end));
  let value = '';
  for (let from = start + 1; from < end - 1; ) {
    let to = Math.min(end - 1, from + pieceChars);
    if (to < end - 1) {
      to = safeCut(text, from, to);
      // A piece shorter than an escape: the escape whole.
      if (to === from) to = from + (text.charCodeAt(from + 1) === 0x75 ? 6 : 2);
    }
    value += JSON.parse(`"${text.slice(from, to)}"`) as string;
    from = to;
    yield;
  }
  return value;
}

/**
 * Parses JSON text as `JSON.parse` does (the same value, and a `SyntaxError` for the same texts),
 * a piece at a time: lists and objects longer than `pieceChars` are taken apart and their members
 * parsed in runs of about that size, so that a 60 MB body does not hold the server's one thread
 * for a second. Run it with `runInSlices`, or `runToEnd` for all at once.
 *
 * @example
 * ```ts
 * const body = await runInSlices(parseJsonSteps(text));
 * ```
 */
export function* parseJsonSteps(
  text: string,
  pieceChars = DEFAULT_PIECE_CHARS,
  limits: JsonLimits = noLimits,
): Steps<unknown> {
  const large = yield* largeContainers(text, pieceChars, limits);
  const stack: Frame[] = [];
  let at = skipSpace(text, 0);
  let sinceTurn = 0;
  const open = (start: number) => {
    const list = text.charCodeAt(start) === OPEN_LIST;
    stack.push({
      value: list ? [] : {},
      list,
      close: text.charCodeAt(start) + CLOSE_OFFSET,
      key: '',
      runStart: -1,
      runEnd: -1,
      empty: true,
      members: 0,
    });
    at = skipSpace(text, start + 1);
  };
  let value: unknown;
  if (large.has(at)) open(at);
  else {
    const end = valueEnd(text, at);
    value = yield* parseLong(text, at, end, pieceChars);
    at = end;
  }
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    let closed = frame.empty && text.charCodeAt(at) === frame.close;
    if (!closed) {
      frame.empty = false;
      const memberStart = at;
      let keyEnd = at;
      if (!frame.list) {
        if (text.charCodeAt(at) !== QUOTE) throw notJson(at);
        keyEnd = stringEnd(text, at) + 1;
        at = skipSpace(text, keyEnd);
        if (text.charCodeAt(at) !== COLON) throw notJson(at);
        at = skipSpace(text, at + 1);
      }
      if (large.has(at)) {
        sinceTurn += flush(text, frame, limits);
        if (!frame.list) {
          frame.key = JSON.parse(text.slice(memberStart, keyEnd)) as string;
          if (++frame.members > limits.members) throw tooManyMembers(limits);
        }
        open(at);
        continue;
      }
      const end = valueEnd(text, at);
      if (end - at > pieceChars) {
        // A long string (or number) is parsed on its own, in pieces.
        sinceTurn += flush(text, frame, limits);
        const long = yield* parseLong(text, at, end, pieceChars);
        if (frame.list) (frame.value as unknown[]).push(long);
        else if (++frame.members > limits.members) throw tooManyMembers(limits);
        else
          setMember(
            frame.value as Record<string, unknown>,
            JSON.parse(text.slice(memberStart, keyEnd)) as string,
            long,
          );
      } else {
        if (frame.runStart < 0) frame.runStart = memberStart;
        frame.runEnd = end;
      }
      at = skipSpace(text, end);
      const next = text.charCodeAt(at);
      if (next === COMMA) {
        if (frame.runEnd - frame.runStart > pieceChars) sinceTurn += flush(text, frame, limits);
        at = skipSpace(text, at + 1);
      } else if (next === frame.close) closed = true;
      else throw notJson(at);
    }
    // Closing a frame hands its value to the one around it, which may close in turn.
    while (closed) {
      closed = false;
      const done = stack.pop()!;
      sinceTurn += flush(text, done, limits);
      at = skipSpace(text, at + 1);
      const outer = stack.at(-1);
      if (!outer) {
        value = done.value;
        break;
      }
      if (outer.list) (outer.value as unknown[]).push(done.value);
      else setMember(outer.value as Record<string, unknown>, outer.key, done.value);
      const next = text.charCodeAt(at);
      if (next === COMMA) at = skipSpace(text, at + 1);
      else if (next === outer.close) closed = true;
      else throw notJson(at);
    }
    if (sinceTurn > pieceChars) {
      sinceTurn = 0;
      yield;
    }
  }
  if (skipSpace(text, at) !== text.length) throw notJson(at);
  return value;
}
