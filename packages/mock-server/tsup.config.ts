import { defineConfig } from 'tsup';
import { buildDashboardPage } from './ui/build-ui.js';

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      node: 'src/node/index.ts',
      msw: 'src/msw/index.ts',
      demo: 'src/standalone/demo-world.ts',
    },
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
