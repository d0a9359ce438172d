import { checkStateSeed } from '../core/pact-states.js';
import { SeedError } from '../store/seed-check.js';
import type { SeedDocument } from '../store/seed-schema.js';
import { readRegularFile } from './regular-file.js';

/** A `--pact-states` file the mock cannot use; the message says which file and why. */
export class PactStatesFileError extends Error {
  override name = 'PactStatesFileError' as const;
}

/**
 * Reads a `--pact-states` file: a JSON object of provider state name to seed document. Every
 * document is checked as a world of its own before the server starts. Throws
 * {@link PactStatesFileError} naming the file, and the state when one is wrong.
 *
 * @example
 * ```ts
 * const states = readPactStatesFile('/ci/pact-states.json');
 * // { 'contact 27821234567 exists': { orgs: [...], api_keys: [...], contacts: [...] } }
 * ```
 */
export function readPactStatesFile(path: string): Record<string, SeedDocument> {
  const problem = (message: string) => new PactStatesFileError(`--pact-states ${path}: ${message}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readRegularFile(path));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw problem(
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `cannot read it: ${reason}`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw problem('expected a JSON object of provider state name to seed document');
  for (const [state, seed] of Object.entries(parsed)) {
    if (seed === null || typeof seed !== 'object' || Array.isArray(seed))
      throw problem(`state ${JSON.stringify(state)}: expected a seed document (a JSON object)`);
    try {
      checkStateSeed(seed as SeedDocument);
    } catch (error) {
      if (!(error instanceof SeedError)) throw error;
      const issues = error.issues.map((i) => `${i.path || '(document)'}: ${i.message}`).join('\n    ');
      throw problem(`state ${JSON.stringify(state)} is not a valid seed document:\n    ${issues}`);
    }
  }
  return parsed as Record<string, SeedDocument>;
}
