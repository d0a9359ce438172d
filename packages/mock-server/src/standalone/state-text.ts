import { isContactColumns } from '../store/contact-columns.js';
import { jsonListPieces, type RecordJsonPieces } from '../store/json-list-pieces.js';

/**
 * Contacts to save, in groups that share an organisation: the rows of a state document (each with
 * its `org_id`, `orgId` left out), or one organisation's stored contacts (`orgId` given).
 */
export interface ContactGroup {
  orgId?: string;
  contacts: readonly Record<string, unknown>[];
}

/** A world to save: its collections in order, contacts as groups of rows. */
export interface WorldSource {
  /** Each collection's name and records, in the order they are written. */
  collections: readonly (readonly [name: string, records: unknown, jsonPieces?: RecordJsonPieces])[];
  /** The name under which the contacts are written, as columns. */
  contacts: { name: string; groups: readonly ContactGroup[] } | undefined;
}

// How many records one piece of text covers: a piece is made between two turns of the event
// loop, so it stays well under a few milliseconds. A separator is a piece of its own: joined to
// a long piece it would make a rope that the writer copies whole to encode it.
const RECORDS_PER_PIECE = 20_000;
// A column whose first entries repeat (tag lists, organisations, time stamps) is written as a
// dictionary; one whose sample is mostly distinct values (cells, names, IDs) as a plain list.
const SAMPLE = 2_048;

/**
 * The JSON text of a world, in pieces, contacts as columns (see `ContactColumns`): the text
 * `JSON.stringify` would give of the same document with its contacts so written, made a bounded
 * amount at a time so that a caller can let the event loop run between pieces.
 */
export function* worldText(source: WorldSource): Generator<string> {
  yield '{';
  let first = true;
  for (const [name, records, jsonPieces] of source.collections) {
    if (records === undefined) continue;
    yield `${first ? '' : ','}${JSON.stringify(name)}:`;
    first = false;
    if (name === source.contacts?.name) yield* contactsText(source.contacts.groups);
    else if (isList(records)) yield* jsonListPieces(records, jsonPieces);
    else yield JSON.stringify(records);
  }
  yield '}';
}

const isList = (records: unknown): records is Iterable<unknown> =>
  typeof records === 'object' && records !== null && Symbol.iterator in records;

// The contacts as `{count, columns}`: `org_id` first, then every other field in the order found.
function* contactsText(groups: readonly ContactGroup[]): Generator<string> {
  const count = groups.reduce((sum, group) => sum + group.contacts.length, 0);
  if (count === 0) {
    yield '[]';
    return;
  }
  const names = new Set<string>(['org_id']);
  let seen = 0;
  for (const { contacts } of groups) {
    for (let i = 0; i < contacts.length; i++) {
      for (const name in contacts[i]) if (!names.has(name)) names.add(name);
      if (++seen % RECORDS_PER_PIECE === 0) yield '';
    }
  }
  yield `{"count":${count},"columns":{`;
  let firstColumn = true;
  for (const name of names) {
    yield `${firstColumn ? '' : ','}${JSON.stringify(name)}:`;
    firstColumn = false;
    const entry = entryReader(groups, name);
    yield* isRepetitive(entry, count) ? dictionaryText(entry, count) : listText(entry, count);
  }
  yield '}}';
}

/** Fills `out` with entries `start` to `end` of a column, across the groups, in one tight loop. */
type EntryReader = (start: number, end: number, out: unknown[]) => void;

function entryReader(groups: readonly ContactGroup[], name: string): EntryReader {
  const offsets: number[] = [];
  let total = 0;
  for (const group of groups) {
    offsets.push(total);
    total += group.contacts.length;
  }
  return (start, end, out) => {
    out.length = end - start;
    for (let g = 0; g < groups.length; g++) {
      const { orgId, contacts } = groups[g]!;
      const from = Math.max(start, offsets[g]!);
      const to = Math.min(end, offsets[g]! + contacts.length);
      if (from >= to) continue;
      const base = offsets[g]!;
      if (name === 'org_id' && orgId !== undefined) for (let i = from; i < to; i++) out[i - start] = orgId;
      else for (let i = from; i < to; i++) out[i - start] = contacts[i - base]![name];
    }
  };
}

const keyOf = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : value);

/**
 * Codes for a column's distinct values. Lists of strings and numbers (tag lists), the common
 * repeated objects, are found in a tree of maps by their items, with no text made for each;
 * other objects by their JSON text.
 */
class ValueCodes {
  readonly values: unknown[] = [];
  readonly #byKey = new Map<unknown, number>();
  readonly #lists: ListNode = { next: new Map() };

  /** The code of a value, added if new. */
  codeOf(value: unknown): number {
    if (Array.isArray(value)) {
      let node = this.#lists;
      for (let i = 0; i < value.length && node; i++) {
        const item = value[i];
        if (typeof item !== 'string' && typeof item !== 'number') return this.#byText(value);
        let next = node.next.get(item);
        if (!next) {
          next = { next: new Map() };
          node.next.set(item, next);
        }
        node = next;
      }
      if (node.code === undefined) {
        node.code = this.values.length;
        this.values.push(value);
      }
      return node.code;
    }
    return typeof value === 'object'
      ? this.#byText(value)
      : (this.#byKey.get(value) ?? this.#add(value, value));
  }

  #byText(value: unknown): number {
    const key = JSON.stringify(value);
    return this.#byKey.get(key) ?? this.#add(key, value);
  }

  #add(key: unknown, value: unknown): number {
    const code = this.values.length;
    this.#byKey.set(key, code);
    this.values.push(value);
    return code;
  }
}
// A list's items as a path, numbers and strings told apart by the map (1 and "1" differ).
interface ListNode {
  next: Map<unknown, ListNode>;
  code?: number;
}

function isRepetitive(entry: EntryReader, count: number): boolean {
  const sample: unknown[] = [];
  entry(0, Math.min(count, SAMPLE), sample);
  const distinct = new Set<unknown>();
  for (const value of sample) if (value !== undefined && value !== null) distinct.add(keyOf(value));
  return distinct.size * 2 <= sample.length;
}

// A column of mostly distinct values: a text column when they are all text (cells, names, IDs),
// which loads several times as fast as a list of short texts (see `ContactColumn`), else a list.
function listText(entry: EntryReader, count: number): Generator<string> {
  return isAllText(entry, count) ? textColumnText(entry, count) : plainText(entry, count);
}

// The column's entries a piece of RECORDS_PER_PIECE at a time, in one array filled again for each.
function* piecesOf(entry: EntryReader, count: number): Generator<unknown[]> {
  const piece: unknown[] = [];
  for (let start = 0; start < count; start += RECORDS_PER_PIECE) {
    entry(start, Math.min(count, start + RECORDS_PER_PIECE), piece);
    yield piece;
  }
}

// Texts with a comma between each two, as the members of a list.
function* commaSeparated(texts: readonly string[]): Generator<string> {
  for (let n = 0; n < texts.length; n++) {
    if (n > 0) yield ',';
    yield texts[n]!;
  }
}

function isAllText(entry: EntryReader, count: number): boolean {
  for (const piece of piecesOf(entry, count))
    for (let i = 0; i < piece.length; i++) {
      const value = piece[i];
      if (typeof value !== 'string' && value !== undefined && value !== null) return false;
    }
  return true;
}

// `{"text": ..., "lengths": [...]}`: the values one after another, and each one's length (null
// for none). Each piece's values are joined and written as one JSON text, without its quotes.
function* textColumnText(entry: EntryReader, count: number): Generator<string> {
  yield '{"text":"';
  const lengths: string[] = [];
  for (const piece of piecesOf(entry, count)) {
    let joined = '';
    const pieceLengths = new Array<number | 'null'>(piece.length);
    for (let i = 0; i < piece.length; i++) {
      const value = piece[i];
      if (typeof value === 'string') {
        joined += value;
        pieceLengths[i] = value.length;
      } else pieceLengths[i] = 'null';
    }
    lengths.push(pieceLengths.join(','));
    yield JSON.stringify(joined).slice(1, -1);
  }
  yield '","lengths":[';
  yield* commaSeparated(lengths);
  yield ']}';
}

function* plainText(entry: EntryReader, count: number): Generator<string> {
  yield '[';
  let first = true;
  for (const piece of piecesOf(entry, count)) {
    for (let i = 0; i < piece.length; i++) if (piece[i] === undefined) piece[i] = null;
    const text = JSON.stringify(piece);
    if (!first) yield ',';
    first = false;
    yield text.slice(1, -1);
  }
  yield ']';
}

// A dictionary: each distinct value once, and per contact the index of its value (-1 for none).
// Should the values prove mostly distinct after all, the column is written as a plain list.
function* dictionaryText(entry: EntryReader, count: number): Generator<string> {
  const dictionary = new ValueCodes();
  const codes: string[] = [];
  for (const piece of piecesOf(entry, count)) {
    const numbers = new Array<number>(piece.length);
    for (let i = 0; i < piece.length; i++) {
      const value = piece[i];
      numbers[i] = value === undefined || value === null ? -1 : dictionary.codeOf(value);
    }
    if (dictionary.values.length * 2 > count) {
      yield* listText(entry, count);
      return;
    }
    codes.push(numbers.join(','));
    yield '';
  }
  // The values in pieces too: a column of half a million distinct times is one long text.
  yield '{"values":[';
  for (let start = 0; start < dictionary.values.length; start += RECORDS_PER_PIECE) {
    const text = JSON.stringify(dictionary.values.slice(start, start + RECORDS_PER_PIECE));
    if (start > 0) yield ',';
    yield text.slice(1, -1);
  }
  yield '],"codes":[';
  yield* commaSeparated(codes);
  yield ']}';
}

/** A state document's world as a source: its contacts, rows or columns, as they are given. */
export function documentSource(world: Record<string, unknown>): WorldSource {
  const contacts = world.contacts;
  const rows = Array.isArray(contacts) && !isContactColumns(contacts);
  return {
    collections: Object.entries(world),
    contacts: rows
      ? { name: 'contacts', groups: [{ contacts: contacts as Record<string, unknown>[] }] }
      : undefined,
  };
}
