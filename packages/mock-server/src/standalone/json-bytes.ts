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
} from '../core/json-chars.js';
import { setMember } from '../core/json-in-slices.js';

// Under V8's longest string (2^29 - 24 characters; a byte is at most a character), with room for
// the brackets of a run. A file up to this long is parsed in one call, as fast as parsing goes:
// split, a 292 MB file took 3.2 s to parse rather than about 1.
const DEFAULT_PIECE_BYTES = 448 * 2 ** 20;

/**
 * Parses JSON held as UTF-8 bytes, of any length: what `JSON.parse(bytes.toString())` gives, for
 * texts too long to be one string. V8's strings stop at 2^29 - 24 characters (about 512 MiB of
 * ASCII), and a state file of a world with millions of sends is longer: read as one string, the
 * mock could not start from a file it had saved. A text of at most `pieceBytes` is parsed in one
 * call; a longer list or object is split into runs of members of at most that many bytes, each
 * parsed in one call, and a member longer than that is split the same way in turn.
 *
 * @example
 * ```ts
 * const state = parseJsonBytes(readFileSync('state.json')); // a 1 GB file too
 * ```
 */
export function parseJsonBytes(bytes: Buffer, pieceBytes = DEFAULT_PIECE_BYTES): unknown {
  return parseRange(bytes, 0, bytes.length, pieceBytes);
}

function parseRange(bytes: Buffer, start: number, end: number, pieceBytes: number): unknown {
  while (start < end && isSpace(bytes[start])) start++;
  while (end > start && isSpace(bytes[end - 1])) end--;
  const open = bytes[start];
  const list = open === OPEN_LIST;
  if (end - start <= pieceBytes || (!list && open !== OPEN_OBJECT))
    return parsePiece(bytes, start, end, '', '');
  if (bytes[end - 1] !== (list ? CLOSE_LIST : CLOSE_OBJECT))
    throw new SyntaxError(
      `Not valid JSON: the ${list ? 'list' : 'object'} at byte ${start} does not end where the text does`,
    );
  const value: unknown[] | Record<string, unknown> = list ? [] : {};
  let runStart = start + 1;
  // Adds the members from runStart up to `to` (a comma or the closing bracket), parsed in one call.
  const flush = (to: number) => {
    if (to <= runStart) return;
    if (list)
      for (const item of parsePiece(bytes, runStart, to, '[', ']') as unknown[])
        (value as unknown[]).push(item);
    else {
      const members = parsePiece(bytes, runStart, to, '{', '}') as Record<string, unknown>;
      for (const key of Object.keys(members)) setMember(value as Record<string, unknown>, key, members[key]);
    }
  };
  // Whole members are gathered into runs; one too long for a run is split in turn.
  const addMember = (from: number, to: number) => {
    let first = from;
    while (first < to && isSpace(bytes[first])) first++;
    if (first === to && !(from === start + 1 && to === end - 1))
      throw new SyntaxError(`Not valid JSON: an empty member at byte ${from}`);
    if (to - runStart <= pieceBytes) return;
    flush(from - 1);
    if (to - from <= pieceBytes) {
      runStart = from;
      return;
    }
    if (list) (value as unknown[]).push(parseRange(bytes, from, to, pieceBytes));
    else {
      const colon = keyEnd(bytes, from, to);
      const key = parsePiece(bytes, from, colon, '', '');
      if (typeof key !== 'string')
        throw new SyntaxError(`Not valid JSON: a key that is not text at byte ${from}`);
      setMember(value as Record<string, unknown>, key, parseRange(bytes, colon + 1, to, pieceBytes));
    }
    runStart = to + 1;
  };
  let memberStart = start + 1;
  let depth = 0;
  for (let i = start + 1; i < end - 1; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) i = stringEnd(bytes, i, end);
    else if (c === OPEN_LIST || c === OPEN_OBJECT) depth++;
    else if (c === CLOSE_LIST || c === CLOSE_OBJECT) depth--;
    else if (c === COMMA && depth === 0) {
      addMember(memberStart, i);
      memberStart = i + 1;
    }
  }
  addMember(memberStart, end - 1);
  flush(end - 1);
  return value;
}

// The index of the quote that closes the string opened at `at`. Most of a file is text: found
// with indexOf (memchr), a quote escaped when an odd run of backslashes stands before it.
function stringEnd(bytes: Buffer, at: number, end: number): number {
  for (let from = at + 1; ; ) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0 || quote >= end)
      throw new SyntaxError(`Not valid JSON: the text opened at byte ${at} is not closed`);
    let slash = quote - 1;
    while (slash > at && bytes[slash] === BACKSLASH) slash--;
    if ((quote - 1 - slash) % 2 === 0) return quote;
    from = quote + 1;
  }
}

// The index of the colon after a member's key.
function keyEnd(bytes: Buffer, from: number, to: number): number {
  let i = from;
  while (i < to && isSpace(bytes[i])) i++;
  if (bytes[i] !== QUOTE) throw new SyntaxError(`Not valid JSON: a member without a key at byte ${from}`);
  i = stringEnd(bytes, i, to) + 1;
  while (i < to && isSpace(bytes[i])) i++;
  if (bytes[i] !== COLON) throw new SyntaxError(`Not valid JSON: a key without a colon at byte ${from}`);
  return i;
}

function parsePiece(bytes: Buffer, from: number, to: number, before: string, after: string): unknown {
  try {
    return JSON.parse(before + bytes.toString('utf8', from, to) + after);
  } catch (error) {
    if (from === 0 && to === bytes.length) throw error;
    throw new SyntaxError(`${(error as Error).message} (in the part from byte ${from})`);
  }
}
