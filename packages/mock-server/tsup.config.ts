import { defineConfig } from 'tsup';
import { packageEntries } from '../../package-entries.js';
import { buildDashboardPage } from './ui/build-ui.js';

export default defineConfig([
  {
    entry: { ...packageEntries['@marketing/mock-server'].entries },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
  },
  {
    entry: { cli: 'src/standalone/cli.ts' },
    define: { __MARKETING_MOCK_DASHBOARD__: JSON.stringify(buildDashboardPage()) },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
  },
]);
