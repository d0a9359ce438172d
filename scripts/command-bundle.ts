import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

// What the bundles of the `marketing-mock` command share: the release file
// (scripts/release-mock.ts), the package's bin (packages/mock-server/tsup.config.ts) and the
// bundle the tests start (test-support/cli-bundle.ts).

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

/**
 * An esbuild plugin for bundles of the `marketing-mock` command: libphonenumber-js's metadata (157
 * kB) is a JavaScript object literal, which V8 parses at each start several times slower than
 * `JSON.parse` reads the same text, so the bundle carries it as a JSON string.
 */
export const phoneMetadataAsJson: Plugin = {
  name: 'phone-metadata-as-json',
  setup(build) {
    build.onLoad({ filter: /[\\/]libphonenumber-js[\\/].*metadata\.max\.json\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const json = source.slice(source.indexOf('export default ') + 'export default '.length).trim();
      JSON.parse(json);
      return { contents: `export default JSON.parse(${JSON.stringify(json)});`, loader: 'js' };
    });
  },
};

/** The plugins every bundle of the `marketing-mock` command is built with. */
export const commandBundlePlugins: Plugin[] = [englishOnlyZod, phoneMetadataAsJson];
