import { defineConfig } from 'tsup';
import { packageEntries } from '../../package-entries.js';
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
  {
    entry: { cli: 'src/standalone/cli.ts' },
    define: { __MARKETING_MOCK_DASHBOARD__: JSON.stringify(buildDashboardPage()) },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    ...bundled,
  },
]);
