import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

it('runs every benchmark once at a tiny size, so pnpm bench keeps working', async () => {
  // Run without blocking this worker: test files share workers, and a worker stalled for the
  // bench's minute cannot report to vitest meanwhile.
  const run = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/run.ts'],
    {
      cwd: root,
      env: { ...process.env, BENCH_SIZE: 'tiny' },
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 1 << 24,
    },
  );
  for (const name of [
    'Seed',
    'Heap per contact',
    'POST /contacts',
    'PUT /contacts',
    'Search: tag of 1%',
    'Search: $all',
    'Bulk update $addToSet over',
    'contacts of 100 tags each',
    'daily recurring campaigns in a world of',
    'Bare node:http',
    'Standalone GET',
    'max-semi-space-size',
    'Standalone POST',
    'SDK contacts.get',
    'GET /openapi.json',
    'SDK bundle from the installed package',
    'SDK installed alone from its tarball',
    'Type-check a file using the SDK',
    'through mock.fetch',
    'core alone',
    'Node’s own start: node -e 0',
    'Cold start',
    'from a 2,000-contact seed file',
    'Save the 2,000-contact --state file',
    'after an edit',
    'with the 2,000-contact state file',
    'World from a 1,000-contact seed',
    'worlds of 1,000 contacts, held',
  ]) {
    expect(run.stdout).toContain(name);
  }
}, 150_000);
