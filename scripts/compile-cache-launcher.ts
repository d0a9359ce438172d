import { readFileSync } from 'node:fs';

const runtime = readFileSync(new URL('./compile-cache-runtime.mjs', import.meta.url), 'utf8');

/**
 * Wraps a CommonJS bundle of the `marketing-mock` command in an ES-module file that compiles it
 * with V8's code cache, as Node 22's `module.enableCompileCache()` does (Node 20 has no such
 * switch): the first start writes the cache, later starts skip most of the compiling (about a
 * sixth of a start: 170 ms became 140 ms here). The launcher's code is
 * scripts/compile-cache-runtime.mjs, with the bundle as a string after it.
 *
 * The cache lives in `$XDG_CACHE_HOME/marketing-mock` or `~/.cache/marketing-mock`;
 * `MARKETING_MOCK_COMPILE_CACHE` names another directory, or turns it off with `off`. Files are
 * named by a hash of the code as it runs, Node's version and its flags, carry a checksum (V8
 * checks little of what it is given), are read only from a directory and a file of the user's
 * alone, and are written whole (a temporary file, then a rename). Anything that goes wrong with
 * the cache is passed over: the command starts as it would without one.
 * `NODE_DEBUG=marketing-mock` says what it did.
 *
 * @param bundle The bundle's text, as esbuild writes it with `format: 'cjs'`.
 * @returns The text of the launcher, with a shebang.
 */
export function compileCachedLauncher(bundle: string): string {
  const body = bundle.startsWith('#!') ? bundle.slice(bundle.indexOf('\n') + 1) : bundle;
  const source = `(function (exports, require, module, __filename, __dirname) {${body}\n})`;
  return `#!/usr/bin/env node\n${runtime}\nrun(${JSON.stringify(source)});\n`;
}
