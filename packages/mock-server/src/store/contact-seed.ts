import {
  type Contact,
  contactDefaultFields,
  customFieldIds,
  IsoDateTime,
  toIsoInstant,
} from '@marketing/domain';
import { ContactSeedSchema } from './seed-schema.js';

const stringFields = new Set<string>([...contactDefaultFields, 'cell', 'country']);
const customFields = new Set<string>(customFieldIds);
const listFields = new Set(['tag_ids', 'deduped_campaign_ids']);

/** A seeded contact, checked: its organisation, its cell as given, and the fields to store. */
export type CheckedContactSeed =
  | { ok: true; orgId: string; cell: string; country: string | undefined; fields: Record<string, unknown> }
  | { ok: false; issues: { path: (string | number)[]; message: string }[] };

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

// The common seed row (plain known fields of the right types) is taken as it is, in one
// allocation: at a million contacts, a zod parse and spreads per row cost seconds of GC. Anything
// else goes through the schema, which stays the definition of a valid row.
function simpleRow(raw: unknown): CheckedContactSeed | undefined {
  if (
    raw === null ||
    typeof raw !== 'object' ||
    Array.isArray(raw) ||
    Object.getPrototypeOf(raw) !== Object.prototype
  )
    return undefined;
  const row = raw as Record<string, unknown>;
  if (!nonEmptyString(row.org_id) || typeof row.cell !== 'string') return undefined;
  const fields: Record<string, unknown> = { tag_ids: [], deduped_campaign_ids: [] };
  for (const key in row) {
    const value = row[key];
    if (key === 'org_id' || key === 'country') {
      if (typeof value !== 'string') return undefined;
    } else if (stringFields.has(key)) {
      if (typeof value !== 'string') return undefined;
      fields[key] = value;
    } else if (customFields.has(key)) {
      if (
        !(
          typeof value === 'string' ||
          typeof value === 'boolean' ||
          (typeof value === 'number' && Number.isFinite(value))
        )
      )
        return undefined;
      fields[key] = value;
    } else if (listFields.has(key)) {
      if (!Array.isArray(value) || !value.every(nonEmptyString)) return undefined;
      fields[key] = value;
    } else if (key === '_id') {
      if (!nonEmptyString(value)) return undefined;
      fields[key] = value;
    } else if (key === 'createdAt' || key === 'updatedAt') {
      if (typeof value !== 'string' || !IsoDateTime.safeParse(value).success) return undefined;
      fields[key] = value;
    } else if (key === 'global_opt_out') {
      if (typeof value !== 'boolean') return undefined;
      fields[key] = value;
    } else {
      return undefined;
    }
  }
  return { ok: true, orgId: row.org_id, cell: row.cell, country: row.country as string | undefined, fields };
}

/**
 * Checks one seeded contact against the seed schema, answering its organisation and the fields to
 * store (without `org_id` and `country`), or the schema's issues.
 */
export function checkContactSeed(raw: unknown): CheckedContactSeed {
  const simple = simpleRow(raw);
  if (simple) return simple;
  const parsed = ContactSeedSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })),
    };
  const { org_id, country, ...fields } = parsed.data;
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
