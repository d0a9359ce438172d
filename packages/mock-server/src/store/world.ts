import { runToEnd, type Steps } from '../core/slices.js';
import { collections } from './collections.js';
import { jsonListPieces } from './json-list-pieces.js';
import { checkSeed, SeedError } from './seed-check.js';
import { parseSeedDocumentSteps } from './seed-parse.js';
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
    return runToEnd(this.seedSteps(input, ids, now, options));
  }

  /**
   * {@link seed} as steps, to run a slice at a time: the world must not change until they are done.
   */
  *seedSteps(
    input: SeedDocument,
    ids: Ids,
    now: Date,
    options: { trusted?: boolean } = {},
  ): Steps<SeedResult> {
    const parsed = yield* parseSeedDocumentSteps(input, options);
    if ('issues' in parsed) throw new SeedError(parsed.issues);
    const { doc } = parsed;
    const stamp = now.toISOString();
    const plan = yield* checkSeed(this, doc, stamp, options.trusted === true);
    const result = {} as SeedResult;
    for (const collection of collections) {
      const records = doc[collection.name] as never[];
      result[collection.name] = collection.applySteps
        ? yield* collection.applySteps(this, records, { stamp, ids, plan })
        : collection.apply(this, records, { stamp, ids, plan });
    }
    return result;
  }

  /**
   * The JSON text of {@link state}, as `JSON.stringify` gives it, made a piece at a time and
   * answered as pieces to join: a million contacts took a second to copy and write at once. The
   * world must not change until it is done.
   */
  *stateTextSteps(): Steps<string[]> {
    const pieces: string[] = [];
    for (const [index, collection] of collections.entries()) {
      pieces.push(`${index === 0 ? '{' : ','}${JSON.stringify(collection.name)}:`);
      const records = collection.written?.(this) ?? collection.saved(this);
      for (const piece of jsonListPieces(records, collection.jsonPieces?.bind(collection)))
        if (piece) pieces.push(piece);
        else yield;
    }
    pieces.push('}');
    return pieces;
  }

  /** The whole state as a seed document: seeding it into an empty mock gives the same state. */
  state(): StateDocument {
    return Object.fromEntries(collections.map((c) => [c.name, c.saved(this)])) as StateDocument;
  }
}
