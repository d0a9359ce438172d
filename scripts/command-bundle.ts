import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

// What the ES-module bundles of the `marketing-mock` command share: the release file
// (scripts/release-mock.ts), the package's bin (packages/mock-server/tsup.config.ts) and the
// bundle the tests start (test-support/cli-bundle.ts).

/** A banner giving the bundle `require`: some dependencies call it for Node's built-ins. */
export const esmRequireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * An esbuild plugin for bundles of the `marketing-mock` command: zod's index re-exports every
 * language's error messages (300 kB to parse at each start), and the mock words its errors in
 * English and never picks another, so the bundle keeps English alone.
 */
export const englishOnlyZod: Plugin = {
  name: 'english-only-zod',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]zod[\\/]v4[\\/]/.test(importer)
        ? { path: join(dirname(importer), '../locales/en.js'), namespace: 'zod-english' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english' }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(path)};`,
      resolveDir: dirname(path),
    }));
  },
};
