import { readFileSync } from 'node:fs';
import { buildSync } from 'esbuild';

/**
 * Builds the dashboard into one HTML page: the styles, and the app (Preact and htm) bundled and
 * minified into an inline module script. No CDN: the page works offline.
 */
export function buildDashboardPage(): string {
  const result = buildSync({
    entryPoints: [new URL('./app.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    platform: 'browser',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]!.text.replaceAll('</script', '<\\/script');
  return readFileSync(new URL('./page.html', import.meta.url), 'utf8').replace('/*APP*/', () => script);
}
