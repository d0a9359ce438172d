import {
  closeSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { processStat } from './process-stat.js';
import { StateFileError } from './state-file.js';

/** The lock file of a state file: `state.json.lock`, holding the process ID of its server. */
export const lockPathOf = (path: string) => `${path}.lock`;

// Whether a process with this ID is running (a signal 0 checks without sending anything). A
// server killed with -9 stays a zombie until its parent reaps it, and a signal reaches a zombie:
// on Linux its state in /proc says it is gone.
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

const isZombie = (pid: number) => processStat(pid)?.state === 'Z';

/**
 * The file a `--state` path names, with its symbolic links (its own or its directories') resolved:
 * the lock is taken and saves are made there. Through a link, a second server took another lock
 * on the same file, and a save replaced the link with a file of its own, so the file it pointed
 * to was no longer updated. A directory, a loop of links and anything but a regular file (a
 * device, a FIFO) are refused with a `StateFileError`; a file with other hard links (which a lock
 * on this name does not cover, and a save leaves with the old state) is answered with a warning.
 *
 * @example
 * ```ts
 * const { path, warning } = stateFileTarget('./state.json'); // '/data/real/state.json' through a link
 * ```
 */
export function stateFileTarget(given: string): { path: string; warning?: string } {
  const path = resolveLinks(given);
  let stat: ReturnType<typeof statSync> | undefined;
  try {
    stat = statSync(path);
  } catch {}
  if (stat?.isDirectory())
    throw new StateFileError(
      `State file ${given} is a directory; give --state a file in it, such as ${join(given, 'state.json')}`,
    );
  // A FIFO held the start for ever; /dev/zero was read until the memory ran out.
  if (stat && !stat.isFile())
    throw new StateFileError(
      `State file ${given} is not a regular file (${path} is a device, a FIFO or a socket)`,
    );
  const warning =
    stat && stat.nlink > 1
      ? `State file ${given} has ${stat.nlink} hard links: the lock covers this name only, and a save replaces the file, so its other names keep the state as it was`
      : undefined;
  return warning ? { path, warning } : { path };
}

function resolveLinks(given: string, depth = 0): string {
  const loop = () => new StateFileError(`State file ${given} is a loop of symbolic links`);
  if (depth > 40) throw loop();
  try {
    return realpathSync(given);
  } catch (error) {
    // Through a loop of links the file is neither there nor makeable: the demo world was loaded,
    // and each name of the loop took a lock of its own.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw loop();
  }
  // A link to a file not made yet: where it points.
  let target: string | undefined;
  try {
    if (lstatSync(given).isSymbolicLink()) target = resolve(dirname(given), readlinkSync(given));
  } catch {}
  if (target !== undefined) return resolveLinks(target, depth + 1);
  // No file yet: its directory's links are resolved, if it exists (else the lock says so).
  try {
    return join(realpathSync(dirname(given)), basename(given));
  } catch {
    return given;
  }
}

/**
 * Takes the lock of a state file, so that two servers never save over each other's changes: a
 * lock file beside it names this process. A lock left by a process that is no longer running
 * (killed with -9) is taken over. Creating it also proves the directory can be written, so a
 * state file that could never be saved is refused at start, not at exit. Answers the function
 * that releases the lock; throws a `StateFileError` saying why it cannot be taken.
 *
 * @example
 * ```ts
 * const release = lockStateFile('/data/state.json');
 * process.on('exit', release);
 * ```
 */
export function lockStateFile(path: string): () => void {
  const lock = lockPathOf(path);
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' || attempt > 0) throw cannotWrite(path, error as NodeJS.ErrnoException);
      const holder = Number.parseInt(readLock(lock), 10);
      // 0 and negative numbers name process groups (or every process), which kill(pid, 0) finds alive.
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
        throw new StateFileError(
          `State file ${path} is in use by another marketing-mock (process ${holder}, lock file ${lock}); stop it or give this one another --state file`,
        );
      }
      // The process that held it is gone: its lock is stale.
      unlinkSync(lock);
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } catch (error) {
      // A full disk: the empty lock is removed, and the error names the file.
      closeSync(fd);
      try {
        unlinkSync(lock);
      } catch {}
      throw cannotWrite(path, error as NodeJS.ErrnoException);
    }
    closeSync(fd);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      try {
        if (Number.parseInt(readLock(lock), 10) === process.pid) unlinkSync(lock);
      } catch {}
    };
  }
}

function readLock(lock: string): string {
  try {
    return readFileSync(lock, 'utf8');
  } catch {
    return '';
  }
}

function cannotWrite(path: string, error: NodeJS.ErrnoException): StateFileError {
  const folder = dirname(path);
  const why =
    error.code === 'ENOENT'
      ? `its directory ${folder} does not exist`
      : error.code === 'EACCES' || error.code === 'EPERM' || error.code === 'EROFS'
        ? `its directory ${folder} cannot be written (${error.code})`
        : error.code === 'ENOSPC' || error.code === 'EDQUOT'
          ? `there is no space left where it is (${error.code})`
          : error.message;
  return new StateFileError(`Cannot save state file ${path}: ${why}`);
}
