import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/** What `--ready-file` holds once the server listens: its URL and its process ID. */
export interface ReadyFile {
  url: string;
  pid: number;
}

/**
 * Writes `{url, pid}` to `path` in one step (a file beside it, then a rename), so a script that
 * polls for the file never reads half of it.
 */
export function writeReadyFile(path: string, url: string, pid = process.pid): void {
  const temporary = `${path}.${pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify({ url, pid } satisfies ReadyFile)}\n`);
    renameSync(temporary, path);
  } catch (error) {
    // A full disk, or a directory under the file's name: no temporary file is left behind.
    try {
      unlinkSync(temporary);
    } catch {}
    throw error;
  }
}

/** Removes the ready file if it is still this process's (another server may have written it since). */
export function removeReadyFile(path: string, pid = process.pid): void {
  try {
    if ((JSON.parse(readFileSync(path, 'utf8')) as ReadyFile).pid === pid) unlinkSync(path);
  } catch {
    // Already gone or not ours to read: nothing to clean up.
  }
}
