import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Workspace packages resolve to their sources, so tests never need a build first.
export default defineConfig({
  resolve: {
    alias: {
      '@marketing/domain': source('./packages/domain/src/index.ts'),
      '@marketing/sdk': source('./packages/sdk/src/index.ts'),
      '@marketing/mock-server': source('./packages/mock-server/src/index.ts'),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts', 'packages/*/test/**/*.test-d.ts'],
    },
    testTimeout: 20_000,
  },
});
