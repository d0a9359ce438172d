import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { entrySources } from './package-entries.js';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Workspace packages resolve to their sources, so tests never need a build first. Exact matches,
// so that a subpath such as @marketing/domain/routes is not taken for the package root.
const packages = Object.fromEntries(
  Object.entries(entrySources()).map(([specifier, path]) => [specifier, `./${path}`]),
);

// Test files run apart from the others: Pact's consumer test misses its requests after files
// that intercept fetch with msw have run in the same process, and the bench's run is long.
const apart = ['packages/mock-server/test/pact/**/*.test.ts', 'bench/*.test.ts'];

export default defineConfig({
  resolve: {
    alias: Object.entries(packages).map(([name, path]) => ({
      find: new RegExp(`^${name.replace('/', '\\/')}$`),
      replacement: source(path),
    })),
  },
  test: {
    // The type tests (`*.test-d.ts`) are checked by `pnpm typecheck` (tsc over the whole
    // workspace, which the test command runs first): a second tsc inside vitest only costs time.
    // `pnpm exec vitest run --typecheck` runs them here too.
    typecheck: {
      enabled: false,
      include: ['packages/*/src/**/*.test-d.ts', 'packages/*/test/**/*.test-d.ts'],
    },
    testTimeout: 20_000,
    // Most test files touch no global that outlives them (msw servers are closed, fake timers
    // restored), so a worker runs many, importing the sources once, where a process for each file
    // spent a third of the run importing them again. vitest reads this option for the whole run;
    // it still runs each project's files apart from the other projects'.
    poolOptions: { forks: { isolate: false } },
    // A worker for each core, where vitest's default leaves one for itself: most of a worker's
    // time is spent waiting on servers in child processes, so two workers on two cores took the
    // run from 186 s to 108 s here.
    maxWorkers: availableParallelism(),
    // Checks every in-process mock answer against the served OpenAPI document (see the file).
    setupFiles: ['./test-support/openapi-conformance.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'examples/*/test/**/*.test.ts',
            'docs/*.test.ts',
            'package-entries.test.ts',
            'scripts/*.test.ts',
            'api-report.test.ts',
          ],
          exclude: [...apart, '**/node_modules/**'],
          globalSetup: ['./test-support/cli-bundle.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'apart', include: apart, globalSetup: ['./test-support/cli-bundle.ts'] },
      },
    ],
  },
});
