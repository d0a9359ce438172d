// Builds the page into dist/: the bundled app, the HTML, and msw's worker script (copied from the
// installed msw, so it always matches its version).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));

/** Builds the page into `outDir` (default `dist/`) and answers the directory. */
export async function buildPage(outDir = join(exampleDir, 'dist')): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [join(exampleDir, 'src/app.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: join(outDir, 'app.js'),
    tsconfig: join(exampleDir, 'tsconfig.json'),
    logLevel: 'warning',
  });
  copyFileSync(join(exampleDir, 'index.html'), join(outDir, 'index.html'));
  const msw = dirname(createRequire(import.meta.url).resolve('msw/package.json'));
  copyFileSync(join(msw, 'lib/mockServiceWorker.js'), join(outDir, 'mockServiceWorker.js'));
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`built ${await buildPage()}`);
