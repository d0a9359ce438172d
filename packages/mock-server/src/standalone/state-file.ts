import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SeedDocument } from '../index.js';

/** A state file that cannot be used; the message names the file and it is left untouched. */
export class StateFileError extends Error {
  override name = 'StateFileError' as const;
}

/** What a state file keeps: the world (a seed document) and the clock. */
export interface SavedState {
  world: SeedDocument;
  /** The mock's clock when saved: `fixed` when it had been set, so it resumes at `now`. */
  clock?: { now: string; fixed: boolean } | undefined;
}

/** The `format` field that marks a state file written by the mock. */
export const STATE_FILE_FORMAT = 'marketing-mock-state';
const VERSION = 1;

/**
 * Reads a saved state, or `undefined` when the file does not exist yet. A plain seed document (as
 * `GET /__mock/state` answers, or as older versions saved) is read as a world with no clock.
 */
export function loadStateFile(path: string): SavedState | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(
      `State file ${path} is not valid JSON (${error instanceof Error ? error.message : String(error)}); it was not changed`,
    );
  }
  const file = parsed as {
    format?: unknown;
    version?: unknown;
    world?: unknown;
    clock?: SavedState['clock'];
  };
  if (file?.format !== STATE_FILE_FORMAT) return { world: parsed as SeedDocument };
  if (file.version !== VERSION)
    throw new StateFileError(
      `State file ${path} has version ${String(file.version)}; this mock reads version ${VERSION}; it was not changed`,
    );
  return { world: file.world as SeedDocument, clock: file.clock };
}

/**
 * Saves a state atomically: written to a temporary file beside it, then renamed over it, so an
 * interrupted save leaves the previous file whole.
 */
export function saveStateFile(path: string, state: SavedState): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(
    temporary,
    JSON.stringify({ format: STATE_FILE_FORMAT, version: VERSION, clock: state.clock, world: state.world }),
  );
  renameSync(temporary, path);
}
