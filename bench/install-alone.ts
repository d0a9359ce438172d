import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from './scratch.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The environment a user's shell has: without the npm_* settings pnpm passes to the scripts it
 * runs, which npm warns about (and a user's npm would not read).
 */
export const userEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/**
 * The environment a timed start runs in: a user's shell ({@link userEnv}) without
 * `NODE_EXTRA_CA_CERTS`. A machine that sets it (these do, for their network proxy) makes every
 * Node process read and parse that file of certificates before its first line runs: 144 of them
 * took 57 ms of `node -e 0`'s 82 here. That is the machine's cost, paid alike by every Node
 * command and by none of this mock's code; the bench times it in a row of its own, and each
 * start of this mock with it set beside the start without.
 */
export const startEnv = (): NodeJS.ProcessEnv => {
  const { NODE_EXTRA_CA_CERTS: _machineCertificates, ...env } = userEnv();
  return env;
};

/** Runs a command to its end and answers its standard output. */
export const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: userEnv() });

type PackageName = 'sdk' | 'mock-server';

/**
 * Builds and packs `packages/<name>`, and installs its tarball alone with npm in a fresh project
 * outside the workspace, as a user does. Answers the project's directory.
 */
export function installAlone(name: PackageName): string {
  return installTogether([name]);
}

/**
 * Builds and packs each of `packages/<names>`, and installs their tarballs with npm in one fresh
 * project outside the workspace, with any `others` from npm's registry (`msw@2.9.0`), as a user
 * does. Answers the project's directory.
 */
export function installTogether(names: PackageName[], others: string[] = []): string {
  const tarballs = names.map((name) => {
    // pnpm bench builds every package before it starts (BENCH_PACKAGES_BUILT).
    if (process.env.BENCH_PACKAGES_BUILT !== '1')
      run('pnpm', ['--filter', `@marketing/${name}`, 'build'], root);
    const packed = scratchDir(`bench-${name}-tarball-`);
    run('pnpm', ['pack', '--pack-destination', packed], join(root, 'packages', name));
    return join(packed, readdirSync(packed)[0]!);
  });
  const label = names.join('-');
  const project = scratchDir(`bench-${label}-user-`);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: `bench-${label}-user`, private: true }),
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, ...others], project);
  return project;
}
