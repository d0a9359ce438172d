import { type Contact, contactDefaultFields, customFieldIds, toIsoInstant } from '@marketing/domain';
import { IdListPool, noIds } from './id-list-pool.js';
import { type FieldCheck, fieldChecks, isPlainRow } from './plain-row.js';
import { recordProblem, textListFieldsOf } from './seed-parse.js';
import { ContactSeedSchema } from './seed-schema.js';

/** A seeded contact, checked: its organisation, its cell as given, and the fields to store. */
export type CheckedContactSeed =
  | { ok: true; orgId: string; cell: string; country: string | undefined; fields: Record<string, unknown> }
  | { ok: false; issues: { path: (string | number)[]; message: string }[] };

const seedRowChecks = new Map<string, FieldCheck>([
  ['org_id', fieldChecks.nonEmptyString],
  ['cell', fieldChecks.string],
  ['country', fieldChecks.string],
  ['_id', fieldChecks.nonEmptyString],
  ...contactDefaultFields.map((f) => [f, fieldChecks.string] as const),
  ...customFieldIds.map((f) => [f, fieldChecks.customValue] as const),
  ['tag_ids', fieldChecks.nonEmptyStrings],
  ['deduped_campaign_ids', fieldChecks.nonEmptyStrings],
  // Times are checked through the seed's pool (see simpleRow), which remembers the ones it has seen.
  ['createdAt', fieldChecks.string],
  ['updatedAt', fieldChecks.string],
  ['global_opt_out', fieldChecks.boolean],
]);

/**
 * The check of one field of a seeded contact, by its name, or `undefined` for a name that is not
 * a contact field. Each accepts what the seed schema accepts of that field, times as any text.
 */
export function contactFieldCheck(name: string): FieldCheck | undefined {
  const check = seedRowChecks.get(name);
  if (check) return check;
  if (!Object.hasOwn(ContactSeedSchema.shape, name)) return undefined;
  const schema = ContactSeedSchema.shape[name as keyof typeof ContactSeedSchema.shape];
  return (value) => schema.safeParse(value).success;
}

// Past this many different times a seed's times are not worth remembering: each is its own.
const MAX_POOLED_INSTANTS = 4096;

/**
 * Keeps one copy of each ID, list of IDs and time a seed repeats: a million contacts name the
 * same few tags and campaigns, often carry the same few times, and each row (built in code or
 * parsed from JSON) brings its own copy of the text. A time it has seen is also not checked again.
 */
export class SeedValuePool {
  readonly #lists = new IdListPool();
  readonly #instants = new Map<string, string>();

  /**
   * A copy of a list of IDs (see {@link IdListPool.copy}): a list the pool has copied before is
   * answered as that copy, frozen and shared, as a state file's lists are.
   */
  copy(list: readonly string[]): string[] {
    return this.#lists.copy(list);
  }

  /** The pool's copy of an ISO time, or `undefined` when the text is not one. */
  instant(text: string): string | undefined {
    const pooled = this.#instants.get(text);
    if (pooled !== undefined) return pooled;
    if (!fieldChecks.instant(text)) return undefined;
    if (this.#instants.size < MAX_POOLED_INSTANTS) this.#instants.set(text, text);
    return text;
  }
}

// The common seed row is stored in one allocation: its fields, without org_id and country.
function simpleRow(raw: unknown, pool: SeedValuePool): CheckedContactSeed | undefined {
  if (!isPlainRow(raw, seedRowChecks) || raw.org_id === undefined || raw.cell === undefined) return undefined;
  const fields: Record<string, unknown> = { tag_ids: noIds, deduped_campaign_ids: noIds };
  // Lists are copied: the caller's seed document must not be able to change the store later.
  for (const key in raw) {
    if (key === 'org_id' || key === 'country') continue;
    const value = raw[key];
    if (key === 'createdAt' || key === 'updatedAt') {
      const instant = pool.instant(value as string);
      // Not a time: the schema words the issue.
      if (instant === undefined) return undefined;
      fields[key] = instant;
    } else fields[key] = Array.isArray(value) ? pool.copy(value) : value;
  }
  return {
    ok: true,
    orgId: raw.org_id as string,
    cell: raw.cell as string,
    country: raw.country as string | undefined,
    fields,
  };
}

/**
 * Checks one seeded contact against the seed schema, answering its organisation and the fields to
 * store (without `org_id` and `country`), or the schema's issues. List fields are copied through
 * `pool`, which a whole seed shares.
 */
export function checkContactSeed(raw: unknown, pool = new SeedValuePool()): CheckedContactSeed {
  const simple = simpleRow(raw, pool);
  if (simple) return simple;
  const problem = recordProblem(raw, textListFieldsOf(ContactSeedSchema));
  if (problem) return { ok: false, issues: [problem] };
  const parsed = ContactSeedSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })),
    };
  const { org_id, country, ...fields } = parsed.data;
  fields.tag_ids = pool.copy(fields.tag_ids);
  fields.deduped_campaign_ids = pool.copy(fields.deduped_campaign_ids);
  return { ok: true, orgId: org_id, cell: fields.cell, country, fields };
}

/** Completes checked fields into the stored contact. */
export function toStoredContact(fields: Record<string, unknown>, cell: string, stamp: string): Contact {
  fields.cell = cell;
  fields._id ??= '';
  fields.createdAt = typeof fields.createdAt === 'string' ? toIsoInstant(fields.createdAt) : stamp;
  fields.updatedAt = typeof fields.updatedAt === 'string' ? toIsoInstant(fields.updatedAt) : stamp;
  return fields as Contact;
}
