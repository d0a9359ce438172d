import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SeedDocument } from '../store/seed-schema.js';

/** A state file that cannot be used; the message names the file and it is left untouched. */
export class StateFileError extends Error {
  override name = 'StateFileError' as const;
}

/** Reads a saved state, or `undefined` when the file does not exist yet. */
export function loadStateFile(path: string): SeedDocument | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text) as SeedDocument;
  } catch (error) {
    throw new StateFileError(
      `State file ${path} is not valid JSON (${error instanceof Error ? error.message : String(error)}); it was not changed`,
    );
  }
}

/**
 * Saves a state atomically: written to a temporary file beside it, then renamed over it, so an
 * interrupted save leaves the previous file whole.
 */
export function saveStateFile(path: string, state: unknown): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, path);
}
