import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SeedDocument } from '../index.js';
import { isContactColumns, toContactColumns } from '../store/contact-columns.js';

/** A state file that cannot be used; the message names the file and it is left untouched. */
export class StateFileError extends Error {
  override name = 'StateFileError' as const;
}

/** What a state file keeps: the world (a seed document) and the clock. */
export interface SavedState {
  world: SeedDocument;
  /** The mock's clock when saved: `fixed` when it had been set, so it resumes at `now`. */
  clock?: { now: string; fixed: boolean } | undefined;
  /**
   * On load: whether the world is exactly what this mock wrote (its content hash matched), so its
   * cells need not be validated again. An edited or hand-written file is never trusted.
   */
  trusted?: boolean;
}

/** The `format` field that marks a state file written by the mock. */
export const STATE_FILE_FORMAT = 'marketing-mock-state';
// Version 2 saves contacts as columns; version 1 files (contacts as rows) are still read.
const VERSION = 2;
const READABLE_VERSIONS: readonly unknown[] = [1, 2];
const WORLD_KEY = '"world":';
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Reads a saved state, or `undefined` when the file does not exist yet. A plain seed document (as
 * `GET /__mock/state` answers, or as older versions saved) is read as an untrusted world.
 */
export function loadStateFile(path: string): SavedState | undefined {
  if (!existsSync(path)) return undefined;
  // Read as bytes: the hash is taken over them, which spares encoding 200 MB of text again.
  const bytes = readFileSync(path);
  const text = bytes.toString('utf8');
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
    hash?: unknown;
    world?: unknown;
    clock?: SavedState['clock'];
  };
  if (file?.format !== STATE_FILE_FORMAT) return { world: parsed as SeedDocument, trusted: false };
  if (!READABLE_VERSIONS.includes(file.version))
    throw new StateFileError(
      `State file ${path} has version ${String(file.version)}; this mock reads versions ${READABLE_VERSIONS.join(' and ')}; it was not changed`,
    );
  // The world is written last, so its text is everything after its key but the closing brace.
  const at = bytes.indexOf(WORLD_KEY);
  const trusted =
    at >= 0 &&
    typeof file.hash === 'string' &&
    sha256(bytes.subarray(at + WORLD_KEY.length, bytes.length - 1)) === file.hash;
  return { world: file.world as SeedDocument, clock: file.clock, trusted };
}

/**
 * Saves a state atomically: written to a temporary file beside it, then renamed over it, so an
 * interrupted save leaves the previous file whole. The world's content hash goes with it, and its
 * contacts are written as columns (a tenth of the objects to parse when it is loaded again).
 */
export function saveStateFile(path: string, state: Omit<SavedState, 'trusted'>): void {
  const { contacts } = state.world;
  const world = JSON.stringify(
    contacts === undefined || isContactColumns(contacts)
      ? state.world
      : { ...state.world, contacts: toContactColumns(contacts as Record<string, unknown>[]) },
  );
  const head = JSON.stringify({
    format: STATE_FILE_FORMAT,
    version: VERSION,
    clock: state.clock,
    hash: sha256(world),
  });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${head.slice(0, -1)},${WORLD_KEY}${world}}`);
  renameSync(temporary, path);
}
