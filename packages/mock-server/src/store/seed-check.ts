import { type Contact, toMsisdn } from '@marketing/domain';
import type { Steps } from '../core/slices.js';
import { CellIndex } from './cell-index.js';
import { collections, type SeedPlan } from './collections.js';
import { ContactColumnReader, type ContactColumns, isContactColumns } from './contact-columns.js';
import { checkContactSeed, contactFieldCheck, SeedValuePool, toStoredContact } from './contact-seed.js';
import { noIds } from './id-list-pool.js';
import { MAX_SEED_ISSUES, RECORDS_PER_STEP } from './seed-parse.js';
import type { ParsedSeedDocument } from './seed-schema.js';
import type { WorldRecords as World } from './world-records.js';

// The most characters of an issue's path or message: a message names the value it refuses (an
// unknown organisation's ID), and a seed's text may be as long as its body.
const MAX_ISSUE_CHARS = 1_000;
const shortened = (text: string) =>
  text.length <= MAX_ISSUE_CHARS ? text : `${text.slice(0, MAX_ISSUE_CHARS)}… (${text.length} characters)`;

/**
 * A seed document the mock cannot apply; `issues` say what and where, each path and message cut
 * at 1,000 characters.
 */
export class SeedError extends Error {
  override name = 'SeedError' as const;
  readonly issues: { path: string; message: string }[];
  constructor(issues: { path: string; message: string }[]) {
    const cut = issues.map(({ path, message }) => ({ path: shortened(path), message: shortened(message) }));
    super(
      `Invalid seed document: ${cut.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`,
    );
    this.issues = cut;
  }
}

/**
 * Checks a parsed seed document against a world before anything is written, so a bad seed changes
 * nothing: IDs must be new (in the world and the document), organisations must exist, cells must
 * be valid. Throws {@link SeedError} with the first 50 issues.
 *
 * A trusted document (a state file this mock wrote, its hash intact, seeded into an empty world)
 * holds contacts the mock stored: valid MSISDNs, no repeats. Checking them again is most of a
 * large load, so only their shape and references are checked.
 */
export function* checkSeed(
  world: World,
  doc: ParsedSeedDocument,
  stamp: string,
  trusted: boolean,
): Steps<SeedPlan> {
  const issues: { path: string; message: string }[] = [];
  const orgIds = new Set([...world.orgs.keys(), ...doc.orgs.map((o) => o._id)]);
  const seenByGroup = new Map<string, Set<string>>();
  for (const collection of collections) {
    const records = doc[collection.name] as Record<string, unknown>[] | ContactColumns;
    // Contacts (rows or columns) are checked on their own below.
    if (!Array.isArray(records)) continue;
    const seen = collection.key ? idsSeen(seenByGroup, collection.idGroup ?? collection.name) : undefined;
    for (let i = 0; i < records.length && issues.length < MAX_SEED_ISSUES; i++) {
      if (i % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
      const record = records[i]!;
      if (collection.key && seen) {
        const id = collection.key(record as never);
        if (collection.has?.(world, id) || seen.has(id))
          issues.push({ path: `${collection.name}.${i}`, message: `Duplicate id ${id}` });
        seen.add(id);
      }
      for (const field of collection.orgFields) {
        const orgId = record[field] as string;
        if (!orgIds.has(orgId))
          issues.push({ path: `${collection.name}.${i}.${field}`, message: `Unknown organisation ${orgId}` });
      }
    }
  }
  const segmentCells: string[][] = [];
  for (const [i, segment] of doc.segments.entries()) {
    const cells: string[] = [];
    for (const [j, cell] of segment.cells.entries()) {
      if (j % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
      const msisdn = toMsisdn(cell);
      if (!msisdn) issues.push({ path: `segments.${i}.cells.${j}`, message: 'Invalid cell number' });
      cells.push(msisdn ?? cell);
    }
    segmentCells.push(cells);
  }
  const contacts =
    trusted && isContactColumns(doc.contacts)
      ? { contactsByOrg: yield* trustedContactColumns(doc.contacts, stamp, orgIds, issues) }
      : yield* checkContacts(world, doc.contacts, stamp, trusted, orgIds, issues);
  if (issues.length > 0) throw new SeedError(issues.slice(0, MAX_SEED_ISSUES));
  return { segmentCells, ...contacts };
}

function idsSeen(byGroup: Map<string, Set<string>>, group: string): Set<string> {
  let seen = byGroup.get(group);
  if (!seen) {
    seen = new Set();
    byGroup.set(group, seen);
  }
  return seen;
}

// Each contact checked (one at a time, to hold no parsed copy of them all) and grouped by organisation.
function* checkContacts(
  world: World,
  contacts: unknown[] | ContactColumns,
  stamp: string,
  trusted: boolean,
  orgIds: Set<string>,
  issues: { path: string; message: string }[],
): Steps<Pick<SeedPlan, 'contactsByOrg' | 'cellsByOrg'>> {
  // A cell index per organisation, not a Set of cells: at a million contacts a Set's growth and
  // hashing were a second of the seed, where the index grows by hashes it keeps.
  const cellsByOrg = new Map<string, CellIndex<Contact>>();
  const contactIds = new Set<string>();
  const contactsByOrg = new Map<string, Contact[]>();
  const pool = new SeedValuePool();
  const columns = isContactColumns(contacts) ? new ContactColumnReader(contacts) : undefined;
  // A column that is no contact field is named once, by its path, not on every row it is in.
  if (columns) {
    for (const name of Object.keys((contacts as ContactColumns).columns))
      if (!contactFieldCheck(name)) issues.push(notAField(name));
    if (issues.length > 0) return { contactsByOrg };
  }
  const count = columns ? columns.count : (contacts as unknown[]).length;
  // Checking stops at the issues a refusal reports: a seed of millions of bad rows is refused at once.
  for (let i = 0; i < count && issues.length < MAX_SEED_ISSUES; i++) {
    if (i % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const checked = checkContactSeed(columns ? columns.row(i) : (contacts as unknown[])[i], pool);
    if (!checked.ok) {
      for (const issue of checked.issues)
        issues.push({ path: ['contacts', i, ...issue.path].join('.'), message: issue.message });
      continue;
    }
    const { orgId: org_id, country, fields } = checked;
    if (!orgIds.has(org_id))
      issues.push({ path: `contacts.${i}.org_id`, message: `Unknown organisation ${org_id}` });
    const msisdn = trusted ? checked.cell : toMsisdn(checked.cell, country);
    if (!msisdn) {
      issues.push({ path: `contacts.${i}.cell`, message: 'Invalid cell number' });
      continue;
    }
    const contact = toStoredContact(fields, msisdn, stamp);
    if (!trusted) {
      let cells = cellsByOrg.get(org_id);
      if (!cells) {
        cells = new CellIndex<Contact>();
        cellsByOrg.set(org_id, cells);
      }
      if (world.contacts.get(org_id)?.hasCell(msisdn) || !cells.addIfAbsent(contact))
        issues.push({ path: `contacts.${i}.cell`, message: `Duplicate contact ${msisdn} in ${org_id}` });
      const id = fields._id as string | undefined;
      if (id) {
        if (contactIds.has(id) || world.contacts.get(org_id)?.get(id)) {
          issues.push({ path: `contacts.${i}._id`, message: `Duplicate id ${id}` });
        }
        contactIds.add(id);
      }
    }
    addTo(contactsByOrg, org_id, contact);
  }
  return trusted ? { contactsByOrg } : { contactsByOrg, cellsByOrg };
}

/**
 * The contacts of a trusted document given as columns (a state file this mock wrote): each
 * contact is made once, straight from its columns, as the mock stored it. Only organisations are
 * checked, as for trusted rows.
 */
function* trustedContactColumns(
  contacts: ContactColumns,
  stamp: string,
  orgIds: Set<string>,
  issues: { path: string; message: string }[],
): Steps<Map<string, Contact[]>> {
  const contactsByOrg = new Map<string, Contact[]>();
  const columns = new ContactColumnReader(contacts);
  yield* checkTrustedColumns(contacts.count, columns, issues);
  if (issues.length > 0) return contactsByOrg;
  for (let i = 0; i < columns.count; i++) {
    if (i % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const orgId = columns.orgId(i) as string;
    if (!orgIds.has(orgId))
      issues.push({ path: `contacts.${i}.org_id`, message: `Unknown organisation ${orgId}` });
    const fields = columns.storedFields(i);
    fields._id ??= '';
    fields.tag_ids ??= noIds;
    fields.deduped_campaign_ids ??= noIds;
    fields.createdAt ??= stamp;
    fields.updatedAt ??= stamp;
    addTo(contactsByOrg, orgId, fields as Contact);
  }
  return contactsByOrg;
}

// A name as a path shows it: quoted when it is not a plain word, so a line break cannot split it.
const pathName = (name: string) => (/^[\w$]+$/.test(name) ? name : JSON.stringify(name));
const columnPath = (name: string) => `contacts.columns.${pathName(name)}`;
// The issue of a column named for no contact field, trusted or not.
const notAField = (name: string) => ({ path: columnPath(name), message: 'Not a contact field' });

/**
 * The checks a trusted file's contacts still get, a column at a time: the hash proves the file is
 * as a mock wrote it, not that a mock wrote it (anyone can hash a file), so every column must be a
 * contact field holding values of its type, and every contact needs a cell. A dictionary's values
 * are checked once each. What is skipped is the cost: cells are not parsed as phone numbers again.
 */
function* checkTrustedColumns(
  count: number,
  columns: ContactColumnReader,
  issues: { path: string; message: string }[],
): Steps<void> {
  if (count > 0 && !columns.columns().has('cell'))
    issues.push({ path: 'contacts.columns.cell', message: 'Every contact needs a cell' });
  for (const [name, { values: entries, codes }] of columns.columns()) {
    const check = contactFieldCheck(name);
    const path = columnPath(name);
    if (!check) {
      issues.push(notAField(name));
      continue;
    }
    const required = name === 'cell' || name === 'org_id';
    const dictionary = codes !== null;
    for (let i = 0; i < entries.length && issues.length < MAX_SEED_ISSUES; i++) {
      if (i % (RECORDS_PER_STEP * 8) === RECORDS_PER_STEP * 8 - 1) yield;
      const value = entries[i];
      const absent = value === null || value === undefined;
      if ((absent && required) || (!absent && !check(value)))
        issues.push({
          path: dictionary ? `${path}.values.${i}` : `contacts.${i}.${pathName(name)}`,
          message: absent ? `Every contact needs a ${name}` : `Not a valid ${name}`,
        });
    }
    const without = dictionary && required ? codes.indexOf(-1) : -1;
    if (without >= 0)
      issues.push({ path: `${path}.codes.${without}`, message: `Every contact needs a ${name}` });
    if (issues.length >= MAX_SEED_ISSUES) return;
  }
}

function addTo(contactsByOrg: Map<string, Contact[]>, orgId: string, contact: Contact): void {
  const list = contactsByOrg.get(orgId);
  if (list) list.push(contact);
  else contactsByOrg.set(orgId, [contact]);
}
