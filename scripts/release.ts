/**
 * Writes everything a release ships into release/, for installing before (or without) the npm
 * registry:
 * - the three package tarballs (`marketing-domain-<v>.tgz`, `marketing-sdk-<v>.tgz`,
 *   `marketing-mock-server-<v>.tgz`), as `pnpm pack` makes them from the built packages;
 * - the standalone mock: `marketing-mock.mjs` (one file, run with Node 20+) and, on Linux x64,
 *   `marketing-mock-linux-x64` (no Node needed), from scripts/release-mock.ts;
 * - `SHA256SUMS`, in the format `sha256sum -c SHA256SUMS` checks.
 *
 * Run it with `pnpm release` (which builds the packages first). release/ is not committed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'release');

// Empties release/ and writes the standalone files.
await import('./release-mock.js');

for (const name of ['domain', 'sdk', 'mock-server'])
  execFileSync('pnpm', ['pack', '--pack-destination', out], {
    cwd: join(root, 'packages', name),
    stdio: 'ignore',
  });

const files = readdirSync(out)
  .filter((file) => file !== 'SHA256SUMS')
  .sort();
const sums = files.map(
  (file) =>
    `${createHash('sha256')
      .update(readFileSync(join(out, file)))
      .digest('hex')}  ${file}`,
);
writeFileSync(join(out, 'SHA256SUMS'), `${sums.join('\n')}\n`);
process.stdout.write(`release/SHA256SUMS  ${files.length} files\n`);
