import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SeedDocument } from '../index.js';
import { parseJsonBytes } from './json-bytes.js';
import { documentSource, type WorldSource, worldText } from './state-text.js';

/** A state file that cannot be used; the message names the file and it is left untouched. */
export class StateFileError extends Error {
  override name = 'StateFileError' as const;
}

/** What a state file keeps: the world (a seed document) and the clock. */
export interface SavedState {
  world: SeedDocument;
  /**
   * The mock's clock when saved: `fixed` when it had left real time, so it resumes at `now`, and
   * its mode, so a running (`offset`) clock runs on (files without a mode resume frozen).
   */
  clock?: { now: string; fixed: boolean; mode?: 'real' | 'frozen' | 'offset' | undefined } | undefined;
  /**
   * On load: whether the world is exactly what this mock wrote (its content hash matched), so its
   * cells need not be validated again. An edited or hand-written file is never trusted.
   */
  trusted?: boolean;
}

/** The `format` field that marks a state file written by the mock. */
export const STATE_FILE_FORMAT = 'marketing-mock-state';
// Version 2 saves contacts as columns, version 3 columns of text as text columns (see
// `ContactColumn`); files of versions 1 (contacts as rows) and 2 are still read.
const VERSION = 3;
const READABLE_VERSIONS: readonly unknown[] = [1, 2, 3];
const WORLD_KEY = '"world":';
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Reads a saved state, or `undefined` when the file does not exist yet. A plain seed document (as
 * `GET /__mock/state` answers, or as older versions saved) is read as an untrusted world. Anything
 * else (`null`, a list, a state file without its world, a clock that is not a time) is refused
 * with a `StateFileError`, so the file is never replaced by a world it did not hold. A file longer
 * than `pieceBytes` (448 MiB) is parsed a part at a time (see {@link parseJsonBytes}).
 */
export function loadStateFile(path: string, options: { pieceBytes?: number } = {}): SavedState | undefined {
  if (!existsSync(path)) return undefined;
  // Read as bytes: the hash is taken over them, which spares encoding 200 MB of text again.
  const bytes = readFileSync(path);
  let parsed: unknown;
  try {
    // Not as one string: a world of millions of sends saves a file longer than V8's longest.
    parsed = parseJsonBytes(bytes, options.pieceBytes);
  } catch (error) {
    throw new StateFileError(
      `State file ${path} is not valid JSON (${error instanceof Error ? error.message : String(error)}); it was not changed`,
    );
  }
  const refuse = (why: string) => new StateFileError(`State file ${path} ${why}; it was not changed`);
  if (!isObject(parsed))
    throw refuse(`holds ${describe(parsed)}, not a state file or a seed document (a JSON object)`);
  const file = parsed as {
    format?: unknown;
    version?: unknown;
    hash?: unknown;
    world?: unknown;
    clock?: unknown;
  };
  if (file.format !== STATE_FILE_FORMAT) return { world: parsed as SeedDocument, trusted: false };
  if (!READABLE_VERSIONS.includes(file.version))
    throw refuse(
      `has version ${typeof file.version === 'string' ? `${JSON.stringify(file.version)} (text, not a number)` : String(file.version)}; this mock reads versions ${READABLE_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_VERSIONS.at(-1)}`,
    );
  if (!isObject(file.world)) throw refuse(`has no world (its "world" is ${describe(file.world)})`);
  const clock = readClock(file.clock, refuse);
  // The world is written last, so its text is everything after its key but the closing brace.
  const at = bytes.indexOf(WORLD_KEY);
  const trusted =
    at >= 0 &&
    typeof file.hash === 'string' &&
    sha256(bytes.subarray(at + WORLD_KEY.length, bytes.length - 1)) === file.hash;
  return { world: file.world as SeedDocument, clock, trusted };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const describe = (value: unknown) =>
  value === undefined ? 'missing' : Array.isArray(value) ? 'a list' : value === null ? 'null' : typeof value;

function readClock(clock: unknown, refuse: (why: string) => StateFileError): SavedState['clock'] {
  if (clock === undefined) return undefined;
  if (!isObject(clock)) throw refuse(`has a clock that is ${describe(clock)}, not {now, fixed}`);
  const { now, fixed } = clock;
  if (typeof now !== 'string' || !/^\d{4}-\d\d-\d\dT/.test(now) || Number.isNaN(Date.parse(now)))
    throw refuse(
      `has clock.now ${JSON.stringify(now) ?? 'missing'}, not an ISO time (2026-11-22T08:00:00.000Z)`,
    );
  if (typeof fixed !== 'boolean')
    throw refuse(`has clock.fixed ${JSON.stringify(fixed) ?? 'missing'}, not true or false`);
  const { mode } = clock;
  if (mode === undefined) return { now, fixed };
  if (mode !== 'real' && mode !== 'frozen' && mode !== 'offset')
    throw refuse(`has clock.mode ${JSON.stringify(mode)}, not real, frozen or offset`);
  return { now, fixed, mode };
}

// The head of a state file, up to its world: its hash is written over the zeros once known.
function headOf(clock: SavedState['clock']): { head: string; hashAt: number } {
  const placeholder = '0'.repeat(64);
  const json = JSON.stringify({ format: STATE_FILE_FORMAT, version: VERSION, clock, hash: placeholder });
  return { head: `${json.slice(0, -1)},${WORLD_KEY}`, hashAt: json.indexOf(placeholder) };
}

/** The temporary file a save writes before it renames it over the state file. */
const temporaryOf = (path: string) => `${path}.${process.pid}.tmp`;

/**
 * Saves a state atomically: written to a temporary file beside it, then renamed over it, so an
 * interrupted save leaves the previous file whole. The world's content hash goes with it, and its
 * contacts are written as columns (a tenth of the objects to parse when it is loaded again).
 *
 * @example
 * ```ts
 * saveStateFile('state.json', { world: mock.state(), clock: { now: mock.clock.now().toISOString(), fixed: false } });
 * ```
 */
export function saveStateFile(path: string, state: Omit<SavedState, 'trusted'>): void {
  const world = [...worldText(documentSource(state.world as Record<string, unknown>))].join('');
  const { head, hashAt } = headOf(state.clock);
  const hash = sha256(world);
  const temporary = temporaryOf(path);
  writeFileSync(temporary, `${head.slice(0, hashAt)}${hash}${head.slice(hashAt + 64)}${world}}`);
  renameSync(temporary, path);
}

// Text is encoded into a buffer of this size and written when it is full; the event loop runs
// after this long.
const WRITE_BYTES = 1 << 21;
const SLICE_MS = 10;

/**
 * Saves a world the way {@link saveStateFile} does, without holding up the process: its text is
 * made a little at a time, the event loop running between pieces, and written as it is made
 * (a million contacts take about a second, no piece more than a few milliseconds). The source is
 * read as it is written, so it must not change meanwhile: the standalone server gives it a
 * snapshot (see `world-snapshot.ts`). A failed save removes its temporary file and rejects.
 */
export async function writeStateFile(
  path: string,
  source: WorldSource,
  clock: SavedState['clock'],
): Promise<void> {
  const temporary = temporaryOf(path);
  const file = await open(temporary, 'w');
  try {
    const { head, hashAt } = headOf(clock);
    const hash = createHash('sha256');
    await file.write(head, null, 'utf8');
    // The world's pieces are encoded into one reused buffer, and the same bytes hashed and
    // written: a buffer made for each piece costs more than making its text.
    const buffer = Buffer.allocUnsafe(WRITE_BYTES);
    let used = 0;
    let sliceStart = performance.now();
    const write = async (bytes: Buffer) => {
      hash.update(bytes);
      await file.write(bytes);
    };
    const flush = async () => {
      if (used > 0) await write(buffer.subarray(0, used));
      used = 0;
      sliceStart = performance.now();
    };
    for (const piece of worldText(source)) {
      // UTF-8 takes at most 3 bytes for each UTF-16 unit.
      if (used + piece.length * 3 > WRITE_BYTES) await flush();
      if (piece.length * 3 > WRITE_BYTES) await write(Buffer.from(piece, 'utf8'));
      else used += buffer.write(piece, used, 'utf8');
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    await flush();
    await file.write('}', null, 'utf8');
    await file.write(hash.digest('hex'), hashAt, 'utf8');
    await file.close();
    // Off the thread: renaming over a large file can wait for its data to reach the disk (330 ms
    // for 1.25 GB here).
    await rename(temporary, path);
  } catch (error) {
    await file.close().catch(() => undefined);
    try {
      unlinkSync(temporary);
    } catch {}
    throw error;
  }
}

/**
 * Removes the temporary files saves of this state file left behind (a save killed midway), as
 * `state.json.<pid>.tmp`. Run while holding the state file's lock: no other save is under way.
 */
export function removeStaleTemporaries(path: string): string[] {
  const name = basename(path);
  const folder = dirname(path);
  const removed: string[] = [];
  for (const entry of readdirSync(folder)) {
    if (!entry.startsWith(`${name}.`) || !/^\.\d+\.tmp$/.test(entry.slice(name.length))) continue;
    unlinkSync(join(folder, entry));
    removed.push(entry);
  }
  return removed;
}
