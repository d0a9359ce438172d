import { withoutRepeats } from '@marketing/domain';
import * as z from 'zod';
import { LiteralRows, MOST_LITERAL_FIELDS } from './literal-rows.js';

/**
 * One field of every contact, in one of three forms:
 * - a list with each contact's value (`null` where a contact has none);
 * - a dictionary, where `values` holds each distinct value once and `codes` holds, per contact,
 *   the index of its value in `values` (`-1` where it has none);
 * - a text column, for a field of text: `text` holds every contact's value one after another, and
 *   `lengths` holds, per contact, the length of its value as JavaScript counts a string's
 *   `length` (UTF-16 code units), or `null` where it has none.
 *
 * @example
 * ```ts
 * const firstname: ContactColumn = { text: 'AdaGrace', lengths: [3, null, 5] };
 * // the same as ['Ada', null, 'Grace']
 * ```
 */
export type ContactColumn =
  | unknown[]
  | { values: unknown[]; codes: number[]; text?: never; lengths?: never }
  | TextColumn;

/** A {@link ContactColumn} of text: every contact's value in one `text`, cut by `lengths`. */
export interface TextColumn {
  text: string;
  lengths: readonly (number | null)[];
  values?: never;
  codes?: never;
}

const isTextColumn = (column: unknown): column is TextColumn =>
  typeof column === 'object' &&
  column !== null &&
  typeof (column as TextColumn).text === 'string' &&
  Array.isArray((column as TextColumn).lengths);

/**
 * Contacts written as columns instead of rows: `count` contacts, and per field one
 * {@link ContactColumn} of `count` entries. Contact `i` is made of entry `i` of every column, so
 * `org_id` is a column like any other and must be present. State files save contacts this way
 * (their repeated tag lists, organisations and time stamps are written once), and a seed document
 * may give its `contacts` so too.
 *
 * @example
 * ```json
 * {
 *   "count": 3,
 *   "columns": {
 *     "org_id": { "values": ["org_seller"], "codes": [0, 0, 0] },
 *     "cell": ["27821000000", "27821000001", "27821000002"],
 *     "firstname": ["Ada", null, "Grace"],
 *     "tag_ids": { "values": [["tag_all"], ["tag_all", "tag_vip"]], "codes": [0, 1, -1] }
 *   }
 * }
 * ```
 */
export interface ContactColumns {
  count: number;
  columns: Record<string, ContactColumn>;
}

// Columns are arrays of up to millions of entries: checked as arrays, not entry by entry, since
// every entry is checked where the rows they make are (their codes below, their values as rows).
// Either form, each named in the message when neither fits (a union said only "Invalid input").
const column = z.custom<ContactColumn>().superRefine((value, context) => {
  if (Array.isArray(value)) return;
  const problem = columnShapeProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

// What keeps a column that is not a list from being a dictionary or a text column, if anything.
function columnShapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null)
    return `Expected a list of each contact's value, a dictionary {"values": [...], "codes": [...]} or a text column {"text": "...", "lengths": [...]}; got ${value === null ? 'null' : typeof value}`;
  const parts = value as Record<string, unknown>;
  const quoted = (keys: readonly string[], between: string) =>
    keys.map((key) => JSON.stringify(key)).join(between);
  const notOwn = (form: string, own: readonly string[]) => {
    const others = Object.keys(parts).filter((key) => !own.includes(key));
    return others.length === 0
      ? undefined
      : `A ${form} has only ${quoted(own, ' and ')}, not ${quoted(others, ', ')}`;
  };
  if ('text' in parts || 'lengths' in parts)
    return typeof parts.text !== 'string'
      ? 'A text column needs "text", every contact\'s value one after another'
      : !Array.isArray(parts.lengths)
        ? 'A text column needs "lengths", a list of the length of each contact\'s value'
        : notOwn('text column', ['text', 'lengths']);
  return !Array.isArray(parts.values)
    ? 'A dictionary needs "values", a list of each distinct value'
    : !Array.isArray(parts.codes)
      ? 'A dictionary needs "codes", a list of each contact\'s index into "values"'
      : notOwn('dictionary', ['values', 'codes']);
}

/** The shape of {@link ContactColumns}: every column `count` long, valid codes, an `org_id` column. */
export const ContactColumnsSchema = z
  .strictObject({
    count: z.number().int().nonnegative(),
    columns: z.record(z.string(), column),
  })
  .superRefine(({ count, columns }, context) => {
    // A count that is not one has its own issue; lengths measured against it would only add noise.
    if (!Number.isInteger(count) || count < 0) return;
    if (!('org_id' in columns))
      context.addIssue({
        code: 'custom',
        path: ['columns', 'org_id'],
        message: 'Every contact needs an org_id',
      });
    for (const [name, column] of Object.entries(columns)) {
      // A column of no form has its own issue above.
      if (!Array.isArray(column) && columnShapeProblem(column) !== undefined) continue;
      const text = isTextColumn(column);
      const entries = Array.isArray(column) ? column : text ? column.lengths : column.codes;
      const path = Array.isArray(column) ? ['columns', name] : ['columns', name, text ? 'lengths' : 'codes'];
      if (entries.length !== count) {
        context.addIssue({
          code: 'custom',
          path,
          message: `Expected ${count} entries, got ${entries.length}`,
        });
        continue;
      }
      if (Array.isArray(column)) continue;
      if (text) {
        const problem = textLengthsProblem(column);
        if (problem)
          context.addIssue({
            code: 'custom',
            path: ['columns', name, ...problem.path],
            message: problem.message,
          });
        continue;
      }
      const at = firstBadCode(column.codes, column.values.length);
      if (at >= 0)
        context.addIssue({
          code: 'custom',
          path: [...path, at],
          message: `Expected -1 or the index of one of the ${column.values.length} values`,
        });
    }
  });

// The index of the first code that is not -1 or an index into `size` values, or -1. A loop, not
// findIndex: a callback for each of a state file's 5,000,000 codes took 50 ms of its start.
function firstBadCode(codes: readonly unknown[], size: number): number {
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (typeof code !== 'number' || !Number.isInteger(code) || code < -1 || code >= size) return i;
  }
  return -1;
}

// What is wrong with a text column's lengths, and where in the column: one that is not null or a
// whole number of at least 0, or lengths that do not add up to the text's.
function textLengthsProblem({
  text,
  lengths,
}: TextColumn): { path: (string | number)[]; message: string } | undefined {
  let sum = 0;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i];
    if (length === null) continue;
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0)
      return { path: ['lengths', i], message: 'Expected null or a length (a whole number of at least 0)' };
    sum += length;
  }
  return sum === text.length
    ? undefined
    : {
        path: ['text'],
        message: `Expected ${sum} characters (the lengths added up), got ${text.length}`,
      };
}

/** Whether a seed document's `contacts` are given as columns rather than rows. */
export const isContactColumns = (contacts: unknown): contacts is ContactColumns =>
  contacts !== null && typeof contacts === 'object' && !Array.isArray(contacts);

/**
 * Writes contact rows as columns. A field whose values repeat (at most one distinct value for
 * every two contacts, such as organisations, tag lists and time stamps) becomes a dictionary.
 */
export function toContactColumns(rows: readonly Record<string, unknown>[]): ContactColumns {
  const names = new Set<string>();
  for (const row of rows) for (const name in row) names.add(name);
  const columns: Record<string, ContactColumn> = {};
  for (const name of names) columns[name] = toColumn(rows, name);
  return { count: rows.length, columns };
}

function toColumn(rows: readonly Record<string, unknown>[], name: string): ContactColumn {
  const codeOf = new Map<unknown, number>();
  const values: unknown[] = [];
  const codes = new Array<number>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const value = rows[i]![name];
    if (value === undefined) {
      codes[i] = -1;
      continue;
    }
    // Lists and objects are told apart by their text: two contacts' equal tag lists are two arrays.
    const key = typeof value === 'object' ? JSON.stringify(value) : value;
    let code = codeOf.get(key);
    if (code === undefined) {
      code = values.length;
      codeOf.set(key, code);
      values.push(value);
      if (values.length * 2 > rows.length) return rows.map((row) => row[name] ?? null);
    }
    codes[i] = code;
  }
  return { values, codes };
}

/**
 * Reads contacts back from columns (checked by {@link ContactColumnsSchema}). Dictionary values
 * are shared by the contacts that have them, so lists and objects among them are frozen.
 */
export class ContactColumnReader {
  readonly count: number;
  readonly #orgIds: ColumnEntries;
  readonly #all: ColumnView;
  readonly #stored: ColumnView;
  readonly #byName: Map<string, ColumnEntries>;

  constructor({ count, columns }: ContactColumns) {
    this.count = count;
    const names = Object.keys(columns);
    const entries = names.map((name) => entryOf(columns[name]!, ID_LISTS.has(name)));
    this.#byName = new Map(names.map((name, c) => [name, entries[c]!]));
    this.#all = new ColumnView(names, entries);
    this.#stored = new ColumnView(
      names.filter((name) => !storedOnly.has(name)),
      entries.filter((_, c) => !storedOnly.has(names[c]!)),
    );
    this.#orgIds = entryOf(columns.org_id ?? [], false);
  }

  /** Contact `i` as a seed row: every field it has, `org_id` included. */
  row(i: number): Record<string, unknown> {
    return this.#all.row(i);
  }

  /** Contact `i`'s organisation. */
  orgId(i: number): unknown {
    return entryAt(this.#orgIds, i);
  }

  /**
   * Each column by name, as the reader holds it: a dictionary's `values` and `codes`, or a list
   * of each contact's value (`codes` null), a text column's cut from its text.
   */
  columns(): ReadonlyMap<string, ColumnEntries> {
    return this.#byName;
  }

  /** Contact `i`'s fields as the store keeps them: without `org_id` and `country`. */
  storedFields(i: number): Record<string, unknown> {
    return this.#stored.row(i);
  }
}

// Some of the columns, read into rows of the fields each contact has (a null is no field).
class ColumnView {
  readonly #rows: LiteralRows;
  readonly #values: unknown[] = [];

  constructor(
    names: readonly string[],
    readonly entries: readonly ColumnEntries[],
  ) {
    this.#rows = new LiteralRows(names);
  }

  row(i: number): Record<string, unknown> {
    // More columns than a presence mask holds are read a field at a time.
    if (this.entries.length > MOST_LITERAL_FIELDS) return this.#rowByField(i);
    const values = this.#values;
    let present = 0;
    let count = 0;
    for (let c = 0; c < this.entries.length; c++) {
      const value = entryAt(this.entries[c]!, i);
      if (value === null || value === undefined) continue;
      present |= 1 << c;
      values[count++] = value;
    }
    return this.#rows.make(present, values);
  }

  #rowByField(i: number): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < this.entries.length; c++) {
      const value = entryAt(this.entries[c]!, i);
      if (value !== null && value !== undefined) row[this.#rows.names[c]!] = value;
    }
    return row;
  }
}

const storedOnly = new Set(['org_id', 'country']);

/**
 * A column as one shape for every form, read without a call per entry: a closure per column made
 * every entry of a million contacts an indirect call (a sixth of a state file's start).
 */
export interface ColumnEntries {
  readonly values: readonly unknown[];
  /** A dictionary's codes; `null` for a list of each contact's value. */
  readonly codes: readonly number[] | null;
}

const entryAt = (entries: ColumnEntries, i: number): unknown =>
  entries.codes === null ? entries.values[i] : entries.values[entries.codes[i]!];

// A dictionary's lists of IDs lose their repeats: the mock never saves one, but anyone can
// write a state file, with its hash. Its lists and objects are frozen copies, shared by the
// contacts that have them: the caller's stay theirs to change (a fixture reused between tests
// threw once the mock had frozen it).
function entryOf(column: ContactColumn, idLists: boolean): ColumnEntries {
  if (Array.isArray(column)) return { values: column, codes: null };
  if (isTextColumn(column)) return { values: textValues(column), codes: null };
  const values = column.values.map((value) =>
    typeof value !== 'object' || value === null
      ? value
      : deepFreeze(idLists && isTextList(value) ? [...withoutRepeats(value)] : structuredClone(value)),
  );
  return { values, codes: column.codes };
}

// A text column's values, cut from its text. A list of short texts costs more to parse: V8 interns
// each string of up to 10 characters JSON.parse makes (a lookup in a table of millions), and a
// column of a million such names took 350-500 ms to parse, against 130-150 ms to cut so.
function textValues({ text, lengths }: TextColumn): (string | null)[] {
  const values = new Array<string | null>(lengths.length);
  let at = 0;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    if (length === null) values[i] = null;
    else {
      values[i] = text.slice(at, at + length);
      at += length;
    }
  }
  return values;
}

const ID_LISTS = new Set(['tag_ids', 'deduped_campaign_ids']);
const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
