import { defineConfig } from 'tsup';
import { packageEntries } from '../../package-entries.js';

export default defineConfig({
  entry: { ...packageEntries['@marketing/domain'].entries },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
