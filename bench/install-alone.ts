import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The environment a user's shell has: without the npm_* settings pnpm passes to the scripts it
 * runs, which npm warns about (and a user's npm would not read).
 */
export const userEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/** Runs a command to its end and answers its standard output. */
export const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: userEnv() });

/**
 * Builds and packs `packages/<name>`, and installs its tarball alone with npm in a fresh project
 * outside the workspace, as a user does. Answers the project's directory.
 */
export function installAlone(name: 'sdk' | 'mock-server'): string {
  run('pnpm', ['--filter', `@marketing/${name}`, 'build'], root);
  const packed = mkdtempSync(join(tmpdir(), `bench-${name}-tarball-`));
  run('pnpm', ['pack', '--pack-destination', packed], join(root, 'packages', name));
  const tarball = join(packed, readdirSync(packed)[0]!);
  const project = mkdtempSync(join(tmpdir(), `bench-${name}-user-`));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `bench-${name}-user`, private: true }));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], project);
  return project;
}
