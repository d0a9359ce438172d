// The marketing-mock command's launcher: its code is the string passed to run(), compiled with
// V8's code cache (see "Start-up and its compile cache" in docs/standalone-server.md). The cache
// only makes starts faster; anything wrong with it is passed over. scripts/compile-cache-launcher.ts
// writes this file's text, then the call of run() with the bundle, into one ES module.
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  futimesSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';

const debug = debuglog('marketing-mock');
const DAY_MS = 86_400_000;
// Caches written longer ago than this (of other versions, mostly) are removed when one is
// written; one in use has its time renewed, at most daily, when it is read.
const REMOVE_AFTER_MS = 30 * DAY_MS;
// A temporary file older than this belongs to no start still writing it.
const STRAY_AFTER_MS = 10 * 60_000;
// A cache is about a megabyte; anything far larger under its name is not one.
const MAX_CACHE_BYTES = 64 * 2 ** 20;
// Each file starts with the SHA-256 of the rest: V8 checks little of what it is given, and one
// changed byte crashed Node, hung it, or changed what the mock answered.
const CHECKSUM_BYTES = 32;

const sha256 = (data) => createHash('sha256').update(data).digest();
const isOff = (value) => /^(off|0|false|no|none|disabled)$/i.test(value.trim());
// The mock's own files, the only ones its clean-up removes from a directory it is given.
const CACHE_NAME = /^[0-9a-f]{16}-v\d+\.\d+\.\d+-[a-z0-9]+-[0-9a-f]{8}\.cache$/;
const PARTIAL_NAME = /^[0-9a-f]{16}-v\d+\.\d+\.\d+-[a-z0-9]+-[0-9a-f]{8}\.cache\.\d+\.tmp$/;

function cacheDirectory() {
  const chosen = process.env.MARKETING_MOCK_COMPILE_CACHE;
  if (chosen && isOff(chosen)) return undefined;
  // Absolute and without a trailing slash: "link/" would be looked at through the link.
  if (chosen) return resolve(chosen);
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

// Whether a file or directory is the user's own and no one else can write it (always, where
// there are no user IDs).
const ownedAlone = (stat) => !process.getuid || (stat.uid === process.getuid() && (stat.mode & 0o022) === 0);

// The directory, when it is a real one of the user's alone: another user's, a link to one, or
// one others can write could hand over a cache, or take the clean-up elsewhere.
function usableDirectory(directory, make) {
  try {
    if (make) mkdirSync(directory, { recursive: true, mode: 0o700 });
    const stat = lstatSync(directory);
    if (stat.isDirectory() && ownedAlone(stat)) return true;
    debug("compile cache directory %s is not the user's alone: no cache", directory);
  } catch (error) {
    if (make) debug('compile cache directory %s cannot be used: %s', directory, error?.message);
  }
  return false;
}

function readCache(file) {
  let fd;
  try {
    // Not through a link, and not held up by a FIFO someone left under the cache's name.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_CACHE_BYTES || stat.size <= CHECKSUM_BYTES) {
      debug('compile cache %s is not a cache file: not read', file);
      return undefined;
    }
    if (!ownedAlone(stat)) {
      debug("compile cache %s is not only the user's: not read", file);
      return undefined;
    }
    const bytes = readFileSync(fd);
    const data = bytes.subarray(CHECKSUM_BYTES);
    if (!sha256(data).equals(bytes.subarray(0, CHECKSUM_BYTES))) {
      debug('compile cache %s is damaged: not used', file);
      return undefined;
    }
    const now = Date.now();
    if (now - stat.mtimeMs > DAY_MS) {
      try {
        futimesSync(fd, now / 1000, now / 1000);
      } catch {
        // A read-only directory: the cache is still good to use.
      }
    }
    return data;
  } catch (error) {
    if (error?.code !== 'ENOENT') debug('compile cache %s cannot be read: %s', file, error?.message);
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeCache(script, directory, file) {
  const partial = `${file}.${process.pid}.tmp`;
  let created = false;
  try {
    // Something else under the cache's name (a directory, say) is left as it is.
    const existing = lstatSync(file, { throwIfNoEntry: false });
    if (existing && !existing.isFile()) {
      debug('compile cache %s is not a file: not written', file);
      return;
    }
    const data = script.createCachedData();
    // 'wx': never through a link or over a file someone else put there.
    const fd = openSync(partial, 'wx', 0o600);
    created = true;
    try {
      writeFileSync(fd, Buffer.concat([sha256(data), data]));
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
    created = false;
    debug('compile cache written to %s', file);
  } catch (error) {
    debug('compile cache not written: %s', error?.message);
  } finally {
    // A full disk or a file-size limit leaves no part of a cache behind.
    if (created) unlinkQuietly(partial);
  }
  removeOld(directory, file);
}

function removeOld(directory, current) {
  const now = Date.now();
  let names;
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(directory, name);
    const limit = PARTIAL_NAME.test(name) ? STRAY_AFTER_MS : CACHE_NAME.test(name) ? REMOVE_AFTER_MS : -1;
    if (path === current || limit < 0) continue;
    try {
      const stat = lstatSync(path);
      if (stat.isFile() && now - stat.mtimeMs > limit) unlinkSync(path);
    } catch {}
  }
}

function unlinkQuietly(path) {
  try {
    unlinkSync(path);
  } catch {}
}

/**
 * Compiles `source` (a function of exports, require, module, __filename and __dirname) with the
 * code cache, writes the cache after the start's own work when there was none, and runs it.
 */
export function run(source) {
  const filename = fileURLToPath(import.meta.url);
  const directory = cacheDirectory();
  let file;
  if (directory && usableDirectory(directory, false)) file = cacheFile(directory, source);
  else if (directory) debug('no compile cache directory at %s', directory);
  const cachedData = file ? readCache(file) : undefined;
  const script = new Script(source, { filename, cachedData });
  if (cachedData && !script.cachedDataRejected) debug('compile cache read from %s', file);
  else if (directory) {
    if (cachedData) debug('compile cache %s rejected', file);
    else if (file) debug('no compile cache at %s', file);
    // After the start's own work (listening, the first world), so the cache holds what it compiled.
    setTimeout(() => {
      if (!usableDirectory(directory, true)) return;
      writeCache(script, directory, file ?? cacheFile(directory, source));
    }, 50).unref();
  }
  const module = { exports: {} };
  script.runInThisContext()(
    module.exports,
    createRequire(import.meta.url),
    module,
    filename,
    dirname(filename),
  );
}

// Named by the code as it is (an edited copy never shares a cache with the file it came from),
// Node's version and architecture, and the flags V8 was started with.
function cacheFile(directory, source) {
  const code = sha256(source).toString('hex').slice(0, 16);
  const flags = sha256([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\0'))
    .toString('hex')
    .slice(0, 8);
  return join(directory, `${code}-${process.version}-${process.arch}-${flags}.cache`);
}
