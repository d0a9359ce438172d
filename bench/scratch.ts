import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];
let watching = false;

/**
 * A new directory under the system's temporary one, removed when this process exits, however it
 * ends (an interrupted bench left its million-contact seed file, 250 MB, and a project per run).
 *
 * @example
 * ```ts
 * const dir = scratchDir('bench-state-');
 * ```
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  if (!watching) {
    watching = true;
    process.once('exit', removeAll);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
      process.once(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
  }
  return dir;
}

function removeAll(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
