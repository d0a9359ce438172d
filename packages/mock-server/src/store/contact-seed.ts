import { type Contact, contactDefaultFields, customFieldIds, toIsoInstant } from '@marketing/domain';
import { type FieldCheck, fieldChecks, isPlainRow } from './plain-row.js';
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
  ['createdAt', fieldChecks.instant],
  ['updatedAt', fieldChecks.instant],
  ['global_opt_out', fieldChecks.boolean],
]);

/**
 * Keeps one copy of each ID a seed repeats: a million contacts name the same few tags and
 * campaigns, and each row (built in code or parsed from JSON) brings its own copy of the text.
 */
export class IdPool {
  readonly #ids = new Map<string, string>();

  /** A copy of a list of IDs, each the pool's one copy of it. */
  copy(list: readonly string[]): string[] {
    const out = new Array<string>(list.length);
    for (let i = 0; i < list.length; i++) {
      const id = list[i]!;
      const pooled = this.#ids.get(id);
      if (pooled === undefined) this.#ids.set(id, id);
      out[i] = pooled ?? id;
    }
    return out;
  }
}

// The common seed row is stored in one allocation: its fields, without org_id and country.
function simpleRow(raw: unknown, ids: IdPool): CheckedContactSeed | undefined {
  if (!isPlainRow(raw, seedRowChecks) || raw.org_id === undefined || raw.cell === undefined) return undefined;
  const fields: Record<string, unknown> = { tag_ids: [], deduped_campaign_ids: [] };
  // Lists are copied: the caller's seed document must not be able to change the store later.
  for (const key in raw) {
    if (key === 'org_id' || key === 'country') continue;
    const value = raw[key];
    fields[key] = Array.isArray(value) ? ids.copy(value) : value;
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
 * `ids`, which a whole seed shares.
 */
export function checkContactSeed(raw: unknown, ids: IdPool = new IdPool()): CheckedContactSeed {
  const simple = simpleRow(raw, ids);
  if (simple) return simple;
  const parsed = ContactSeedSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })),
    };
  const { org_id, country, ...fields } = parsed.data;
  fields.tag_ids = ids.copy(fields.tag_ids);
  fields.deduped_campaign_ids = ids.copy(fields.deduped_campaign_ids);
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
