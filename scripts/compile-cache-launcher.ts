import { createHash } from 'node:crypto';

/**
 * Wraps a CommonJS bundle of the `marketing-mock` command in an ES-module file that compiles it
 * with V8's code cache, as Node 22's `module.enableCompileCache()` does (Node 20 has no such
 * switch): the first start writes the cache, later starts skip most of the compiling (about a
 * sixth of a start: 170 ms became 142 ms here).
 *
 * The cache lives in `$XDG_CACHE_HOME/marketing-mock` or `~/.cache/marketing-mock`;
 * `MARKETING_MOCK_COMPILE_CACHE` names another directory, or turns it off with `off`. Files are
 * named by a hash of the bundle, Node's version and its flags (V8 checks only a source's length),
 * read only when they belong to the user and nobody else can write them, and written whole
 * (a temporary file, then a rename). Anything that goes wrong with the cache is passed over: the
 * command starts as it would without one. `NODE_DEBUG=marketing-mock` says what it did.
 *
 * @param bundle The bundle's text, as esbuild writes it with `format: 'cjs'`.
 * @returns The text of the launcher, with a shebang.
 */
export function compileCachedLauncher(bundle: string): string {
  const body = bundle.startsWith('#!') ? bundle.slice(bundle.indexOf('\n') + 1) : bundle;
  const source = `(function (exports, require, module, __filename, __dirname) {${body}\n})`;
  const key = createHash('sha256').update(source).digest('hex').slice(0, 16);
  return `#!/usr/bin/env node
${launcherRuntime}
run(${JSON.stringify(source)}, ${JSON.stringify(key)});
`;
}

// Plain JavaScript, run by Node as it is: the launcher's part of the file.
const launcherRuntime = `// The marketing-mock command. Its code is the string below, compiled with V8's code cache
// (see MARKETING_MOCK_COMPILE_CACHE in its docs); the cache only makes starts faster.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';

const debug = debuglog('marketing-mock');
// Caches written longer ago than this (of other versions, mostly) are removed when one is written;
// one still in use is written again at its next start.
const REMOVE_AFTER_MS = 30 * 86_400_000;
// A cache is about a megabyte; anything far larger under its name is not one.
const MAX_CACHE_BYTES = 64 * 2 ** 20;

function cacheDirectory() {
  const chosen = process.env.MARKETING_MOCK_COMPILE_CACHE;
  if (chosen === 'off' || chosen === '') return undefined;
  if (chosen) return chosen;
  // XDG's rule: a relative XDG_CACHE_HOME is ignored. A home that is not an absolute path (HOME
  // set empty) gives no cache, rather than one in whatever directory the command ran in.
  const xdg = process.env.XDG_CACHE_HOME;
  let base;
  try {
    base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
  } catch {
    return undefined;
  }
  return isAbsolute(base) ? join(base, 'marketing-mock') : undefined;
}

function readOwnCache(file) {
  let fd;
  try {
    // Not through a link, and not held up by a FIFO someone left under the cache's name.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_CACHE_BYTES) {
      debug('compile cache %s is not a cache file: not read', file);
      return undefined;
    }
    if (process.getuid && (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0)) {
      debug('compile cache %s is not only the user\\'s: not read', file);
      return undefined;
    }
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeCache(script, directory, file) {
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const partial = file + '.' + process.pid + '.tmp';
    // 'wx': never through a link or over a file someone else put there.
    writeFileSync(partial, script.createCachedData(), { mode: 0o600, flag: 'wx' });
    renameSync(partial, file);
    debug('compile cache written to %s', file);
    const now = Date.now();
    for (const name of readdirSync(directory)) {
      const other = join(directory, name);
      if (other !== file && /\\.(bin|tmp)$/.test(name) && now - statSync(other).mtimeMs > REMOVE_AFTER_MS) unlinkSync(other);
    }
  } catch (error) {
    debug('compile cache not written: %s', error && error.message);
  }
}

function run(source, key) {
  const filename = fileURLToPath(import.meta.url);
  const directory = cacheDirectory();
  const flags = createHash('sha256').update(process.execArgv.join('\\0')).digest('hex').slice(0, 8);
  const file = directory && join(directory, key + '-' + process.version + '-' + process.arch + '-' + flags + '.bin');
  const cachedData = file ? readOwnCache(file) : undefined;
  const script = new Script(source, { filename, cachedData });
  if (cachedData && !script.cachedDataRejected) debug('compile cache read from %s', file);
  else if (file) {
    debug(cachedData ? 'compile cache %s rejected' : 'no compile cache at %s', file);
    // After the start's own work (listening, the first world), so the cache holds what it compiled.
    setTimeout(() => writeCache(script, directory, file), 50).unref();
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(import.meta.url), module, filename, dirname(filename));
}`;
