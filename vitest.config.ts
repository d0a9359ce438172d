import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Workspace packages resolve to their sources, so tests never need a build first. Exact matches,
// so that a subpath such as @marketing/domain/routes is not taken for the package root.
const packages: Record<string, string> = {
  '@marketing/domain': './packages/domain/src/index.ts',
  '@marketing/domain/routes': './packages/domain/src/routes.ts',
  '@marketing/sdk': './packages/sdk/src/index.ts',
  '@marketing/sdk/validation': './packages/sdk/src/validation.ts',
  '@marketing/sdk/webhooks': './packages/sdk/src/webhooks.ts',
  '@marketing/mock-server': './packages/mock-server/src/index.ts',
  '@marketing/mock-server/node': './packages/mock-server/src/node/index.ts',
  '@marketing/mock-server/msw': './packages/mock-server/src/msw/index.ts',
  '@marketing/mock-server/demo': './packages/mock-server/src/standalone/demo-world.ts',
};

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
    ],
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts', 'packages/*/test/**/*.test-d.ts'],
    },
    testTimeout: 20_000,
    // Checks every in-process mock answer against the served OpenAPI document (see the file).
    setupFiles: ['./test-support/openapi-conformance.ts'],
  },
});
