import { defineConfig, type Options } from 'tsup';
import { packageEntries } from '../../package-entries.js';

const { index, ...helpers } = packageEntries['@marketing/sdk'].entries;

// The SDK installs alone: ky and the zod-free parts of @marketing/domain (routes, retry safety,
// the error-code table) are built into its files, code and declarations alike. zod is left out:
// only `@marketing/sdk/validation` loads it, as an optional peer. No source maps: the main entry
// is shipped unminified, so its stack traces read as they are; the helper entries carry the
// domain's phone-number and date code and are minified to keep the install small.
const common: Options = {
  format: ['esm', 'cjs'],
  dts: { resolve: ['@marketing/domain'] },
  target: 'es2022',
  platform: 'neutral',
  noExternal: ['ky', '@marketing/domain'],
  external: ['zod'],
};

// Each helper entry is built on its own: built together they shared a chunk that imported zod at
// its top, so `import '@marketing/sdk/webhooks'` failed as an ES module where zod was not installed.
export default defineConfig([
  { ...common, entry: { index } },
  ...Object.entries(helpers).map(([name, path]) => ({ ...common, entry: { [name]: path }, minify: true })),
]);
