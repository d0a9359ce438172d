import type * as z from 'zod';
import { runToEnd, type Steps } from '../core/slices.js';
import { type ParsedSeedDocument, SeedDocumentSchema } from './seed-schema.js';

/** How many issues a refused seed reports; checking stops once it has them. */
export const MAX_SEED_ISSUES = 50;

type Issue = { path: string; message: string };
type ParsedSeed = { doc: ParsedSeedDocument } | { issues: Issue[] };

/** How many records are checked between the turns a sliced seed gives other requests. */
export const RECORDS_PER_STEP = 512;

const issueOf = (path: (string | number | symbol)[], message: string): Issue => ({
  path: path.map(String).join('.'),
  message,
});

function whole(name: string, schema: z.ZodType, value: unknown, issues: Issue[]): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    for (const i of parsed.error.issues.slice(0, MAX_SEED_ISSUES))
      issues.push(issueOf([name, ...i.path], i.message));
  return parsed.data;
}

// A record schema's fields whose own schema (under optional, default and nullable) passes `test`,
// found once per schema and kept in `cache`.
function fieldsWhere(
  cache: WeakMap<z.ZodType, string[]>,
  schema: z.ZodType,
  test: (inner: z.ZodType) => boolean,
): string[] {
  let fields = cache.get(schema);
  if (fields) return fields;
  fields = [];
  const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType> | undefined;
  for (const [field, fieldSchema] of Object.entries(shape ?? {})) {
    let inner = fieldSchema as z.ZodType & { unwrap?: () => z.ZodType };
    while (inner.def.type === 'optional' || inner.def.type === 'default' || inner.def.type === 'nullable')
      inner = inner.unwrap!();
    if (test(inner)) fields.push(field);
  }
  cache.set(schema, fields);
  return fields;
}

const textListFields = new WeakMap<z.ZodType, string[]>();
/** A record schema's fields that are lists of text (a segment's cells, tag IDs), found once per schema. */
export function textListFieldsOf(schema: z.ZodType): string[] {
  return fieldsWhere(
    textListFields,
    schema,
    (inner) =>
      inner.def.type === 'array' && (inner as unknown as z.ZodArray<z.ZodType>).element.def.type === 'string',
  );
}

const keyedMapFields = new WeakMap<z.ZodType, string[]>();
/**
 * The fields of a record schema that map keys to values (`z.record`): an original campaign's
 * `lastSent`, `contactSendCounts` and the like, one entry for each contact it reached, which a
 * state file the mock wrote holds by the hundred thousand.
 */
export function keyedMapFieldsOf(schema: z.ZodType): string[] {
  return fieldsWhere(keyedMapFields, schema, (inner) => inner.def.type === 'record');
}

/**
 * How many values a record of a seed may hold beyond its lists of text (cells, tag IDs) and the
 * plain values of its keyed maps (a campaign's per-contact maps).
 */
export const MAX_RECORD_VALUES = 100_000;

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * What makes a seed record too costly to check with its schema, if anything: zod makes an issue for
 * every bad value and recurses into every level, so a list of 3 million numbers where text belongs
 * took seconds (or overflowed the stack). The first value of a list of text that is not text is
 * reported instead, and a record holding more than {@link MAX_RECORD_VALUES} other values, however
 * nested, is refused whole.
 */
export function recordProblem(
  record: unknown,
  textLists: readonly string[],
  keyedMaps: readonly string[] = [],
): { path: (string | number)[]; message: string } | undefined {
  if (record === null || typeof record !== 'object') return undefined;
  const fields = record as Record<string, unknown>;
  for (const field of textLists) {
    const list = fields[field];
    if (!Array.isArray(list)) continue;
    for (let at = 0; at < list.length; at++)
      if (typeof list[at] !== 'string')
        return { path: [field, at], message: `Invalid input: expected string, received ${kindOf(list[at])}` };
  }
  let values = 0;
  const pending: unknown[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (textLists.includes(field)) continue;
    if (keyedMaps.includes(field) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      // A map's plain entries are checked by its schema as cheaply as a list of text; what is
      // nested in an entry still counts.
      for (const entry of Object.values(value))
        if (entry !== null && typeof entry === 'object') pending.push(entry);
      continue;
    }
    pending.push(value);
  }
  while (pending.length > 0) {
    const value = pending.pop();
    if (++values > MAX_RECORD_VALUES)
      return {
        path: [],
        message: `Holds more than ${MAX_RECORD_VALUES.toLocaleString('en')} values: a record of a seed may hold at most that many, its lists of text and its maps' plain entries aside`,
      };
    if (value !== null && typeof value === 'object')
      for (const inner of Array.isArray(value) ? value : Object.values(value)) pending.push(inner);
  }
  return undefined;
}

// zod checks every element of a list and gathers every issue before it answers: a seed of
// millions of bad records took minutes and ran out of memory. Records are checked one by one
// here, and checking stops at the issues a refusal reports.
function* parseRecords(name: string, schema: z.ZodType, value: unknown, issues: Issue[]): Steps<unknown> {
  if (!Array.isArray(value)) return whole(name, schema, value, issues);
  const list = schema as z.ZodDefault<z.ZodArray<z.ZodType>>;
  const element = list.unwrap().element;
  const textLists = textListFieldsOf(element);
  const keyedMaps = keyedMapFieldsOf(element);
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length && issues.length < MAX_SEED_ISSUES; i++) {
    if (i % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const problem = recordProblem(value[i], textLists, keyedMaps);
    if (problem) {
      issues.push(issueOf([name, i, ...problem.path], problem.message));
      continue;
    }
    let parsed: z.ZodSafeParseResult<unknown>;
    try {
      parsed = element.safeParse(value[i]);
    } catch (error) {
      // zod recurses and spreads lists of issues: a record nested thousands deep, or holding
      // hundreds of thousands of bad values, overflows the stack.
      if (!(error instanceof RangeError)) throw error;
      issues.push(issueOf([name, i], 'Too deeply nested, or too many invalid values, to check'));
      continue;
    }
    if (parsed.success) out[i] = parsed.data;
    else
      for (const issue of parsed.error.issues) issues.push(issueOf([name, i, ...issue.path], issue.message));
  }
  return out;
}

/**
 * Checks a seed document's shape and fills in its defaults, as `SeedDocumentSchema` does, but a
 * record at a time, stopping at {@link MAX_SEED_ISSUES} issues. Answers the document, or the
 * issues (at most that many).
 *
 * @example
 * ```ts
 * const result = parseSeedDocument({ orgs: [{ _id: 'o' }] });
 * if ('issues' in result) console.log(result.issues);
 * ```
 */
export function parseSeedDocument(input: unknown): ParsedSeed {
  return runToEnd(parseSeedDocumentSteps(input));
}

// What happened (sends, messages, replies…): the longest lists of a saved world, millions after a
// long clock move, and written by the mock from records it had checked. Zod took 3 of the 7.7 s a
// state of 600,000 sends took to load.
const AS_WRITTEN = new Set([
  'sends',
  'clicks',
  'sales',
  'transactions',
  'replies',
  'outbox',
  'webhook_deliveries',
]);

/**
 * {@link parseSeedDocument} as steps, to run a slice at a time. A `trusted` document (a state file
 * this mock wrote, its hash intact) keeps its lists of what happened as they are, unchecked.
 */
export function* parseSeedDocumentSteps(
  input: unknown,
  options: { trusted?: boolean } = {},
): Steps<ParsedSeed> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    const parsed = SeedDocumentSchema.safeParse(input);
    return {
      issues: parsed.success
        ? []
        : parsed.error.issues.slice(0, MAX_SEED_ISSUES).map((i) => issueOf(i.path, i.message)),
    };
  }
  const issues: Issue[] = [];
  const shape = SeedDocumentSchema.shape as Record<string, z.ZodType>;
  const doc: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    if (issues.length >= MAX_SEED_ISSUES) break;
    const value = (input as Record<string, unknown>)[name];
    // Contacts are checked a row at a time by the seed check; here only that they are a list or columns.
    doc[name] =
      name === 'contacts'
        ? whole(name, schema, value, issues)
        : options.trusted && AS_WRITTEN.has(name) && Array.isArray(value)
          ? value
          : yield* parseRecords(name, schema, value, issues);
  }
  // Worded, and placed last, as zod does for a strict object; named ten at a time, since a million
  // of them made a 12.9 MB answer.
  const unknown = Object.keys(input).filter((key) => !Object.hasOwn(shape, key));
  if (unknown.length > 0 && issues.length < MAX_SEED_ISSUES) {
    const named = unknown.slice(0, 10).map((key) => JSON.stringify(key));
    const rest = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
    issues.push(issueOf([], `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${named.join(', ')}${rest}`));
  }
  return issues.length > 0
    ? { issues: issues.slice(0, MAX_SEED_ISSUES) }
    : { doc: doc as ParsedSeedDocument };
}
