/**
 * Builds the standalone mock for use without an install:
 * - release/marketing-mock.mjs: the whole server bundled into one file, run with `node` (20+)
 *   through V8's code cache (scripts/compile-cache-launcher.ts);
 * - release/marketing-mock-linux-x64: a single executable application (Node's SEA, injected with
 *   postject) that runs without Node installed (built on Linux x64 only).
 *
 * Run it with `pnpm release:mock`. release/ is not committed.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { buildDashboardPage } from '../packages/mock-server/ui/build-ui.js';
import { commandBundlePlugins } from './command-bundle.js';
import { compileCachedLauncher } from './compile-cache-launcher.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'release');
const entry = join(root, 'packages/mock-server/src/standalone/cli.ts');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const common: BuildOptions = {
  entryPoints: [entry],
  plugins: commandBundlePlugins,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __MARKETING_MOCK_DASHBOARD__: JSON.stringify(buildDashboardPage()) },
};

// One CommonJS bundle of the command: run by the single file through V8's code cache, and by
// the executable (Node 20's SEA runs one CommonJS script).
const [bundled] = (await build({ ...common, format: 'cjs', write: false, outfile: join(out, 'bundle.cjs') }))
  .outputFiles;
const bundle = bundled!.text;

// The single file: ESM, with a shebang so it can be run directly.
writeFileSync(join(out, 'marketing-mock.mjs'), compileCachedLauncher(bundle));
chmodSync(join(out, 'marketing-mock.mjs'), 0o755);

const sizes: Record<string, number> = {
  'marketing-mock.mjs': statSync(join(out, 'marketing-mock.mjs')).size,
};

// The executable: Node 20's SEA runs one CommonJS script, so the same bundle is built as CJS.
if (platform() === 'linux' && arch() === 'x64') {
  const script = join(out, 'sea-main.cjs');
  writeFileSync(script, bundle);
  const blob = join(out, 'sea-prep.blob');
  const config = join(out, 'sea-config.json');
  writeFileSync(
    config,
    JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });
  const executable = join(out, 'marketing-mock-linux-x64');
  copyFileSync(process.execPath, executable);
  chmodSync(executable, 0o755);
  const postject = createRequire(import.meta.url).resolve('postject/dist/cli.js');
  execFileSync(
    process.execPath,
    [
      postject,
      executable,
      'NODE_SEA_BLOB',
      blob,
      '--sentinel-fuse',
      'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
    ],
    { stdio: 'ignore' },
  );
  for (const file of [script, blob, config]) rmSync(file);
  sizes['marketing-mock-linux-x64'] = statSync(executable).size;
}

for (const [file, bytes] of Object.entries(sizes))
  process.stdout.write(`release/${file}  ${(bytes / 1024 / 1024).toFixed(1)} MiB\n`);
