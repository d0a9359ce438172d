import { readFileSync, statSync } from 'node:fs';

/**
 * A file's text, once it is known to be a regular file: `/dev/zero` given as a seed was read until
 * the memory ran out, and a FIFO would hold the start for ever. Throws an `Error` whose message
 * says what the path is instead (as `readFileSync` does for a missing file).
 *
 * @example
 * ```ts
 * const seed = JSON.parse(readRegularFile('seed.json'));
 * ```
 */
export function readRegularFile(path: string): string {
  if (!statSync(path).isFile())
    throw new Error(`${path} is not a regular file (it is a directory, a device, a FIFO or a socket)`);
  return readFileSync(path, 'utf8');
}
