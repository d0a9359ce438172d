import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';
import { packageEntries } from '../../package-entries.js';
import { commandBundlePlugins } from '../../scripts/command-bundle.js';
import { compileCachedLauncher } from '../../scripts/compile-cache-launcher.js';
import { buildDashboardPage } from './ui/build-ui.js';

// @marketing/domain is built into the mock's files (code and declarations), so the mock's tarball
// installs alone; the domain's own dependencies are the mock's dependencies.
const bundled = { noExternal: ['@marketing/domain'] };

export default defineConfig([
  {
    entry: { ...packageEntries['@marketing/mock-server'].entries },
    format: ['esm', 'cjs'],
    dts: { resolve: ['@marketing/domain'] },
    clean: true,
    sourcemap: true,
    target: 'node20',
    ...bundled,
  },
  // The command is one file with its dependencies in it, as the release file is: importing
  // date-fns, zod and libphonenumber-js from node_modules took 280 ms of each start (date-fns's
  // index alone loads 250 modules), against 150 ms for the whole bundled start. Built as CommonJS,
  // then wrapped in the launcher that compiles it with V8's code cache (dist/cli.js).
  {
    entry: { 'cli-bundle': 'src/standalone/cli.ts' },
    define: { __MARKETING_MOCK_DASHBOARD__: JSON.stringify(buildDashboardPage()) },
    format: ['cjs'],
    platform: 'node',
    target: 'node20',
    noExternal: [/./],
    esbuildPlugins: commandBundlePlugins,
    minify: true,
    async onSuccess() {
      const bundle = join(import.meta.dirname, 'dist/cli-bundle.cjs');
      writeFileSync(
        join(import.meta.dirname, 'dist/cli.js'),
        compileCachedLauncher(readFileSync(bundle, 'utf8')),
        {
          mode: 0o755,
        },
      );
      rmSync(bundle);
    },
  },
]);
