import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { entrySources } from './package-entries.js';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Workspace packages resolve to their sources, so tests never need a build first. Exact matches,
// so that a subpath such as @marketing/domain/routes is not taken for the package root.
const packages = Object.fromEntries(
  Object.entries(entrySources()).map(([specifier, path]) => [specifier, `./${path}`]),
);

export default defineConfig({
  resolve: {
    alias: Object.entries(packages).map(([name, path]) => ({
      find: new RegExp(`^${name.replace('/', '\\/')}$`),
      replacement: source(path),
    })),
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'docs/*.test.ts',
      'bench/*.test.ts',
      'package-entries.test.ts',
      'api-report.test.ts',
    ],
    // The type tests (`*.test-d.ts`) are checked by `pnpm typecheck` (tsc over the whole
    // workspace, which the test command runs first): a second tsc inside vitest only costs time.
    // `pnpm exec vitest run --typecheck` runs them here too.
    typecheck: {
      enabled: false,
      include: ['packages/*/src/**/*.test-d.ts', 'packages/*/test/**/*.test-d.ts'],
    },
    testTimeout: 20_000,
    // Checks every in-process mock answer against the served OpenAPI document (see the file).
    setupFiles: ['./test-support/openapi-conformance.ts'],
    globalSetup: ['./test-support/cli-bundle.ts'],
  },
});
