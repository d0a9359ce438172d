import { defineConfig } from 'vitest/config';

// The tests that use the packages as users outside this repository do: from packed tarballs
// installed with npm, and from the release files. They run after `pnpm build` and
// `pnpm release:mock` (see the `test:outside` script).
export default defineConfig({
  test: {
    include: ['test-outside/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
