import type * as z from 'zod';
import { type ParsedSeedDocument, SeedDocumentSchema } from './seed-schema.js';

/** How many issues a refused seed reports; checking stops once it has them. */
export const MAX_SEED_ISSUES = 50;

type Issue = { path: string; message: string };

const issueOf = (path: (string | number | symbol)[], message: string): Issue => ({
  path: path.map(String).join('.'),
  message,
});

// zod checks every element of a list and gathers every issue before it answers: a seed of
// millions of bad records took minutes and ran out of memory. Records are checked one by one
// here, and checking stops at the issues a refusal reports.
function whole(name: string, schema: z.ZodType, value: unknown, issues: Issue[]): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    for (const i of parsed.error.issues.slice(0, MAX_SEED_ISSUES))
      issues.push(issueOf([name, ...i.path], i.message));
  return parsed.data;
}

// The record's list-of-text fields (a segment's cells, tag IDs), found once per schema.
const textListFields = new WeakMap<z.ZodType, string[]>();
function textListFieldsOf(schema: z.ZodType): string[] {
  let fields = textListFields.get(schema);
  if (fields) return fields;
  fields = [];
  const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType> | undefined;
  for (const [field, fieldSchema] of Object.entries(shape ?? {})) {
    let inner = fieldSchema as z.ZodType & { unwrap?: () => z.ZodType };
    while (inner.def.type === 'optional' || inner.def.type === 'default' || inner.def.type === 'nullable')
      inner = inner.unwrap!();
    if (
      inner.def.type === 'array' &&
      (inner as unknown as z.ZodArray<z.ZodType>).element.def.type === 'string'
    )
      fields.push(field);
  }
  textListFields.set(schema, fields);
  return fields;
}

// zod would make an issue for every bad value of a list inside a record (a segment of 30 million
// numbers for cells): the first one is reported instead, and the record is not parsed.
function badTextListValue(record: unknown, fields: string[]): { field: string; at: number } | undefined {
  if (record === null || typeof record !== 'object') return undefined;
  for (const field of fields) {
    const list = (record as Record<string, unknown>)[field];
    if (!Array.isArray(list)) continue;
    for (let at = 0; at < list.length; at++) if (typeof list[at] !== 'string') return { field, at };
  }
  return undefined;
}

function parseRecords(name: string, schema: z.ZodType, value: unknown, issues: Issue[]): unknown {
  if (!Array.isArray(value)) return whole(name, schema, value, issues);
  const list = schema as z.ZodDefault<z.ZodArray<z.ZodType>>;
  const element = list.unwrap().element;
  const textLists = textListFieldsOf(element);
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length && issues.length < MAX_SEED_ISSUES; i++) {
    const bad = textLists.length > 0 ? badTextListValue(value[i], textLists) : undefined;
    if (bad) {
      const got = (record: unknown) =>
        record === null ? 'null' : Array.isArray(record) ? 'array' : typeof record;
      const found = ((value[i] as Record<string, unknown[]>)[bad.field] as unknown[])[bad.at];
      issues.push(
        issueOf([name, i, bad.field, bad.at], `Invalid input: expected string, received ${got(found)}`),
      );
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
export function parseSeedDocument(input: unknown): { doc: ParsedSeedDocument } | { issues: Issue[] } {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    const whole = SeedDocumentSchema.safeParse(input);
    return {
      issues: whole.success
        ? []
        : whole.error.issues.slice(0, MAX_SEED_ISSUES).map((i) => issueOf(i.path, i.message)),
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
      name === 'contacts' ? whole(name, schema, value, issues) : parseRecords(name, schema, value, issues);
  }
  // Worded, and placed last, as zod does for a strict object.
  const unknown = Object.keys(input).filter((key) => !Object.hasOwn(shape, key));
  if (unknown.length > 0 && issues.length < MAX_SEED_ISSUES)
    issues.push(
      issueOf(
        [],
        `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${unknown.map((k) => JSON.stringify(k)).join(', ')}`,
      ),
    );
  return issues.length > 0
    ? { issues: issues.slice(0, MAX_SEED_ISSUES) }
    : { doc: doc as ParsedSeedDocument };
}
