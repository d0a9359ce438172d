import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', routes: 'src/routes.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
