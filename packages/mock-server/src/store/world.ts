import { collections } from './collections.js';
import { checkSeed, SeedError } from './seed-check.js';
import { parseSeedDocument } from './seed-parse.js';
import type { ParsedSeedDocument, SeedDocument, StateDocument } from './seed-schema.js';
import { WorldRecords } from './world-records.js';

/** The IDs of the records a seed created, by collection. */
export type SeedResult = Record<keyof ParsedSeedDocument, string[]>;

type Ids = { next(prefix?: string): string };

/**
 * Everything the mock holds. One instance per mock; nothing is global. Seeding and saving go
 * through the table of collections (`collections.ts`), which lists each collection once.
 */
export class World extends WorldRecords {
  /**
   * Validates and applies a seed document: every record must name an organisation that exists
   * (in the world or the document) and IDs must be new. Nothing is applied when anything is wrong.
   */
  seed(input: SeedDocument, ids: Ids, now: Date, options: { trusted?: boolean } = {}): SeedResult {
    const parsed = parseSeedDocument(input);
    if ('issues' in parsed) throw new SeedError(parsed.issues);
    const { doc } = parsed;
    const stamp = now.toISOString();
    const plan = checkSeed(this, doc, stamp, options.trusted === true);
    const result = {} as SeedResult;
    for (const collection of collections)
      result[collection.name] = collection.apply(this, doc[collection.name] as never[], { stamp, ids, plan });
    return result;
  }

  /** The whole state as a seed document: seeding it into an empty mock gives the same state. */
  state(): StateDocument {
    return Object.fromEntries(collections.map((c) => [c.name, c.saved(this)])) as StateDocument;
  }
}
