import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileCachedLauncher } from './compile-cache-launcher.js';

// A CommonJS bundle as esbuild writes one: it prints what the launcher gave it, and stays alive
// long enough (80 ms) for the cache to be written, as a server does.
const bundle = (label: string) => `#!/usr/bin/env node
"use strict";
const { basename } = require("node:path");
module.exports.ran = true;
console.log(JSON.stringify({ label: ${JSON.stringify(label)}, file: basename(__filename), args: process.argv.slice(2), exports: typeof exports }));
setTimeout(() => { process.exitCode = Number(process.argv[2] ?? 0); }, 80);
`;

let dir: string;
let cache: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
  cache = join(dir, 'cache');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function launch(label: string, args: string[] = [], env: Record<string, string | undefined> = {}) {
  const file = join(dir, 'command.mjs');
  writeFileSync(file, compileCachedLauncher(bundle(label)));
  const result = spawnSync(process.execPath, [file, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 10_000,
    env: { ...process.env, MARKETING_MOCK_COMPILE_CACHE: cache, NODE_DEBUG: 'marketing-mock', ...env },
  });
  return { ...result, printed: JSON.parse(result.stdout) as Record<string, unknown> };
}
const cacheFiles = () => readdirSync(cache).filter((name) => name.endsWith('.cache'));

describe('the launcher of a bundled command', () => {
  it('runs the bundle with require, its own file name, the arguments and the exit code', () => {
    const run = launch('a', ['3']);
    expect(run.printed).toEqual({ label: 'a', file: 'command.mjs', args: ['3'], exports: 'object' });
    expect(run.status).toBe(3);
  });

  it('writes the compile cache at the first start and reads it at the next', () => {
    expect(launch('a').stderr).toMatch(/no compile cache directory at .*\n.*compile cache written to/);
    expect(cacheFiles()).toHaveLength(1);
    const second = launch('a');
    expect(second.stderr).toContain('compile cache read from');
    expect(second.printed.label).toBe('a');
  });

  it('keeps the caches of bundles of the same length apart', () => {
    launch('a');
    const other = launch('b');
    expect(other.printed.label).toBe('b');
    expect(other.stderr).toMatch(/no compile cache at .*\n.*compile cache written to/);
    expect(cacheFiles()).toHaveLength(2);
  });

  it('runs past a damaged cache file (one byte changed) and writes a good one over it', () => {
    launch('a');
    const file = join(cache, cacheFiles()[0]!);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(file, bytes, { mode: 0o600 });
    const damaged = launch('a');
    expect(damaged.status).toBe(0);
    expect(damaged.printed.label).toBe('a');
    expect(damaged.stderr).toMatch(/compile cache .* is damaged: not used/);
    expect(damaged.stderr).toContain('compile cache written to');
    expect(launch('a').stderr).toContain('compile cache read from');
  });

  it('never runs an edited copy with the cache of the file it came from, nor the other way round', () => {
    const original = join(dir, 'command.mjs');
    const copy = join(dir, 'copy.mjs');
    const run = (file: string) =>
      JSON.parse(
        spawnSync(process.execPath, [file], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, MARKETING_MOCK_COMPILE_CACHE: cache },
        }).stdout,
      ).label;
    writeFileSync(original, compileCachedLauncher(bundle('a')));
    // The same length, another label: V8 itself tells sources apart by their length alone.
    writeFileSync(copy, readFileSync(original, 'utf8').replace('label: \\"a\\"', 'label: \\"z\\"'));
    expect(run(copy)).toBe('z');
    expect(run(original)).toBe('a');
    expect(run(original)).toBe('a');
    expect(run(copy)).toBe('z');
    expect(cacheFiles()).toHaveLength(2);
  });

  it('keeps a cache for each set of Node flags, NODE_OPTIONS included', () => {
    launch('a');
    expect(launch('a', [], { NODE_OPTIONS: '--stack-trace-limit=5' }).stderr).toContain(
      'no compile cache at',
    );
    expect(launch('a').stderr).toContain('compile cache read from');
    expect(launch('a', [], { NODE_OPTIONS: '--stack-trace-limit=5' }).stderr).toContain(
      'compile cache read from',
    );
  });

  it('renews the time of a cache in use, so the 30-day clean-up keeps it', () => {
    launch('a');
    const file = join(cache, cacheFiles()[0]!);
    const fortyDaysAgo = (Date.now() - 40 * 86_400_000) / 1000;
    utimesSync(file, fortyDaysAgo, fortyDaysAgo);
    launch('a');
    expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(60_000);
  });

  it('does not read a cache file others can write', () => {
    launch('a');
    chmodSync(join(cache, cacheFiles()[0]!), 0o666);
    const run = launch('a');
    expect(run.stderr).toContain("is not only the user's: not read");
    expect(run.printed.label).toBe('a');
  });

  it('starts at once past a FIFO or a link left under the cache file’s name', () => {
    launch('a');
    const [name] = cacheFiles();
    rmSync(join(cache, name!));
    execFileSync('mkfifo', [join(cache, name!)]);
    const fifo = launch('a');
    expect(fifo.status).toBe(0);
    expect(fifo.stderr).toContain('is not a cache file: not read');
    rmSync(join(cache, name!));
    writeFileSync(join(dir, 'elsewhere.cache'), 'x', { mode: 0o600 });
    symlinkSync(join(dir, 'elsewhere.cache'), join(cache, name!));
    const linked = launch('a');
    expect(linked.printed.label).toBe('a');
    expect(linked.stderr).toContain('no compile cache at');
  });

  it('keeps its cache under XDG_CACHE_HOME, or ~/.cache when that is not an absolute path', () => {
    const home = join(dir, 'home');
    const xdg = join(dir, 'xdg');
    const unset = { MARKETING_MOCK_COMPILE_CACHE: undefined };
    expect(launch('a', [], { ...unset, HOME: home, XDG_CACHE_HOME: xdg }).stderr).toContain(
      `compile cache written to ${xdg}/marketing-mock/`,
    );
    expect(launch('a', [], { ...unset, HOME: home, XDG_CACHE_HOME: 'relative' }).stderr).toContain(
      `compile cache written to ${home}/.cache/marketing-mock/`,
    );
  });

  it('keeps no cache when HOME is empty, rather than one in the directory it ran in', () => {
    const run = launch('a', [], {
      MARKETING_MOCK_COMPILE_CACHE: undefined,
      XDG_CACHE_HOME: undefined,
      HOME: '',
    });
    expect(run.printed.label).toBe('a');
    expect(run.stderr).toBe('');
    expect(readdirSync(dir)).toEqual(['command.mjs']);
  });

  it('writes no cache when turned off', () => {
    const run = launch('a', [], { MARKETING_MOCK_COMPILE_CACHE: 'off' });
    expect(run.printed.label).toBe('a');
    expect(readdirSync(dir)).toEqual(['command.mjs']);
  });

  it('starts without a cache when its directory cannot be made', () => {
    writeFileSync(cache, 'a file where the directory would be');
    const run = launch('a');
    expect(run.status).toBe(0);
    expect(run.printed.label).toBe('a');
    expect(run.stderr).toMatch(/compile cache directory .* cannot be used/);
  });

  it('uses no directory that is a link, or that others can write', () => {
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, cache);
    expect(launch('a').stderr).toContain("is not the user's alone: no cache");
    expect(readdirSync(elsewhere)).toEqual([]);
    rmSync(cache);
    mkdirSync(cache, { mode: 0o777 });
    chmodSync(cache, 0o777);
    expect(launch('a').stderr).toContain("is not the user's alone: no cache");
    expect(readdirSync(cache)).toEqual([]);
  });

  it('leaves no temporary file behind, and removes strays of starts long gone', () => {
    launch('a');
    const [name] = cacheFiles();
    const stray = join(cache, `${name}.99999.tmp`);
    writeFileSync(stray, 'x');
    const hourAgo = (Date.now() - 3_600_000) / 1000;
    utimesSync(stray, hourAgo, hourAgo);
    rmSync(join(cache, name!));
    mkdirSync(join(cache, name!));
    launch('a');
    launch('b');
    expect(readdirSync(cache).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('takes OFF, 0, false, no, none and disabled as off too', () => {
    for (const off of ['OFF', '0', 'false', 'no', ' off ', 'none', 'Disabled']) {
      const run = launch('a', [], { MARKETING_MOCK_COMPILE_CACHE: off });
      expect(run.printed.label).toBe('a');
    }
    expect(readdirSync(dir)).toEqual(['command.mjs']);
  });

  it('refuses a directory that is a link also when named with a trailing slash', () => {
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, cache);
    for (const named of [`${cache}/`, `${cache}/.`])
      expect(launch('a', [], { MARKETING_MOCK_COMPILE_CACHE: named }).stderr).toContain(
        "is not the user's alone: no cache",
      );
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('leaves no part of a cache behind when the write fails (a file-size limit)', () => {
    const file = join(dir, 'command.mjs');
    writeFileSync(file, compileCachedLauncher(bundle('a')));
    const run = spawnSync('sh', ['-c', `ulimit -f 1; exec "${process.execPath}" "${file}"`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 10_000,
      env: { ...process.env, MARKETING_MOCK_COMPILE_CACHE: cache, NODE_DEBUG: 'marketing-mock' },
    });
    expect(JSON.parse(run.stdout).label).toBe('a');
    expect(run.stderr).toContain('compile cache not written');
    expect(readdirSync(cache)).toEqual([]);
  });

  it('removes its own caches written over 30 days ago when it writes one, and nothing else', () => {
    mkdirSync(cache);
    const name = (code: string) => `${code}-v18.0.0-x64-00000000.cache`;
    const old = join(cache, name('0'.repeat(16)));
    const recent = join(cache, name('1'.repeat(16)));
    const oldPartial = join(cache, `${name('2'.repeat(16))}.123.tmp`);
    const others = ['firmware.bin', 'notes.tmp', 'report.cache'].map((file) => join(cache, file));
    const fortyDaysAgo = (Date.now() - 40 * 86_400_000) / 1000;
    for (const file of [old, recent, oldPartial, ...others]) {
      writeFileSync(file, 'x');
      if (file !== recent) utimesSync(file, fortyDaysAgo, fortyDaysAgo);
    }
    launch('a');
    const left = readdirSync(cache);
    expect(left).toEqual(
      expect.arrayContaining(['firmware.bin', 'notes.tmp', 'report.cache', name('1'.repeat(16))]),
    );
    expect(left).not.toContain(name('0'.repeat(16)));
    expect(left).not.toContain(`${name('2'.repeat(16))}.123.tmp`);
    // The four kept, and the cache this start wrote.
    expect(left).toHaveLength(5);
  });
});
