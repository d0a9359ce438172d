import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type CurlEntry, curlOf, shellQuote } from '../../ui/curl.js';

// A stub `curl` first on PATH: it writes each argument it was given, NUL-separated, and runs nothing.
function runInShell(command: string) {
  const dir = mkdtempSync(join(tmpdir(), 'curl-stub-'));
  const out = join(dir, 'args');
  writeFileSync(join(dir, 'curl'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\0' "$a"; done > '${out}'\n`);
  chmodSync(join(dir, 'curl'), 0o755);
  execFileSync('sh', ['-c', command], {
    cwd: dir,
    env: { PATH: `${dir}:/usr/bin:/bin`, API_KEY: 'key_from_env', USER: 'someone', HOME: dir },
  });
  const args = readFileSync(out, 'utf8').split('\0').slice(0, -1);
  return { args, dir };
}

const hostile = [
  '$(touch planted)',
  '`touch planted`',
  "'; touch planted; '",
  '"; touch planted; "',
  'line\ntouch planted',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, on purpose
  '$USER ${HOME} \\ !',
];

describe('curlOf', () => {
  it('quotes hostile paths, headers and bodies so the shell runs curl and nothing else', () => {
    for (const text of hostile) {
      const entry: CurlEntry = {
        method: 'POST',
        path: `/contacts/${text}`,
        query: { q: text, key: 'k…abcd' },
        headers: { authorization: 'Bearer …dmin', 'x-trace': text, 'content-type': 'application/json' },
        body: text,
      };
      const { args, dir } = runInShell(curlOf(entry, 'http://127.0.0.1:4010'));
      expect(existsSync(join(dir, 'planted'))).toBe(false);
      const query = new URLSearchParams({ q: text }).toString();
      expect(args).toEqual([
        '-s',
        '-g',
        '-X',
        'POST',
        `http://127.0.0.1:4010/contacts/${text}?${query}&key=key_from_env`,
        '-H',
        'Authorization: Bearer key_from_env',
        '-H',
        `x-trace: ${text}`,
        '-H',
        'content-type: application/json',
        '--data-raw',
        text,
      ]);
    }
  });

  it('reads a body the journal cut from request-body.json rather than sending it cut', () => {
    const cut = '{"contacts":[{"cell":"2782';
    const entry: CurlEntry = {
      method: 'POST',
      path: '/contacts',
      headers: { 'content-type': 'application/json' },
      body: cut,
      body_truncated: true,
    };
    const { args } = runInShell(curlOf(entry, 'http://127.0.0.1:4010'));
    expect(args.slice(-2)).toEqual(['--data-binary', '@request-body.json']);
    expect(args).not.toContain(cut);
  });

  it.runIf(spawnSync('curl', ['--version']).status === 0)(
    'sends one request for a path with brackets and braces, which curl would otherwise expand',
    async () => {
      const paths: string[] = [];
      const server = createServer((req, res) => {
        paths.push(req.url ?? '');
        res.end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const command = curlOf({ method: 'GET', path: '/contacts/[1-3]{a,b}' }, `http://127.0.0.1:${port}`);
        await promisify(execFile)('sh', ['-c', command]);
      } finally {
        server.close();
      }
      expect(paths).toEqual(['/contacts/[1-3]{a,b}']);
    },
  );

  it('sends a JSON body as its text, and leaves headers curl sets itself out', () => {
    const { args } = runInShell(
      curlOf(
        { method: 'PUT', path: '/t', headers: { host: 'x', 'content-length': '9' }, body: { a: "it's" } },
        'http://h',
      ),
    );
    expect(args).toEqual([
      '-s',
      '-g',
      '-X',
      'PUT',
      'http://h/t',
      '-H',
      'content-type: application/json',
      '--data-raw',
      '{"a":"it\'s"}',
    ]);
  });

  it('quotes a single quote by closing, escaping and reopening', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});
