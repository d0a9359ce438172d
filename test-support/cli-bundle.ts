import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { entrySources } from '../package-entries.js';
import { buildDashboardPage } from '../packages/mock-server/ui/build-ui.js';
import { compileCachedLauncher } from '../scripts/compile-cache-launcher.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const packageDir = join(root, 'packages/mock-server');

// The workspace's packages come from their sources, as in the tests.
const workspaceSources: Plugin = {
  name: 'workspace-sources',
  setup(esbuild) {
    const sources = entrySources();
    esbuild.onResolve({ filter: /^@marketing\// }, ({ path }) =>
      sources[path] ? { path: join(root, sources[path]) } : undefined,
    );
  },
};

/**
 * Builds the standalone CLI from sources into one file once, before any test file runs, as the
 * release's single file is built (a CommonJS bundle in the launcher that compiles it with V8's
 * code cache): tests that start the command as a user would then start it in
 * about half a second, where compiling it with tsx at every start takes three.
 */
export default async function setup(project: TestProject): Promise<void> {
  const dir = join(packageDir, 'test/.generated/cli-bundle');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'cli.mjs');
  // Another run in this checkout, or another project of this run, may be starting the file: it is
  // replaced whole, never rewritten.
  const partial = join(dir, `cli-${randomUUID()}.mjs`);
  const [bundle] = (
    await build({
      entryPoints: [join(packageDir, 'src/standalone/cli.ts')],
      write: false,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      plugins: [workspaceSources],
      define: { __MARKETING_MOCK_DASHBOARD__: JSON.stringify(buildDashboardPage()) },
      logLevel: 'warning',
    })
  ).outputFiles;
  writeFileSync(partial, compileCachedLauncher(bundle!.text));
  renameSync(partial, file);
  // The commands the tests start keep their compile cache here, made afresh each run, rather than
  // in the user's ~/.cache (a new bundle each run would leave a file there each time).
  const compileCache = join(dir, 'compile-cache');
  rmSync(compileCache, { recursive: true, force: true });
  process.env.MARKETING_MOCK_COMPILE_CACHE = compileCache;
  project.provide('cliBundle', file);
}
