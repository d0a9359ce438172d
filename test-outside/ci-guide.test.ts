import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const guide = readFileSync(join(root, 'docs/ci.md'), 'utf8');
const script = guide.match(/<!-- tested: ci script -->\n```sh\n([\s\S]*?)```/)?.[1];
const standIn =
  'curl -sf "$MOCK/contacts/27821000000" -H \'Authorization: Bearer demo_seller_admin\' > /dev/null\n';

/** A directory set up as the guide says: the release file and the script beside it. */
function pipelineDir(text = script!) {
  const dir = mkdtempSync(join(tmpdir(), 'marketing-ci-'));
  copyFileSync(join(root, 'release/marketing-mock.mjs'), join(dir, 'marketing-mock.mjs'));
  writeFileSync(join(dir, 'with-mock.sh'), text);
  return dir;
}

function runScript(dir: string, env: NodeJS.ProcessEnv = {}) {
  try {
    const stdout = execFileSync('bash', ['with-mock.sh'], {
      cwd: dir,
      env: { ...process.env, MARKETING_MOCK_PORT: undefined, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const journalIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'mock-journal.json'), 'utf8'));

describe('the CI guide', () => {
  it('has its script, and the script runs as written: start on a free port, wait, reset, call, verify, keep the journal, stop', async () => {
    expect(script).toBeDefined();
    const dir = pipelineDir();
    const run = runScript(dir);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const url = run.stdout.match(/mock at (http:\/\/\S+)/)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(journalIn(dir).data).toMatchObject([
      { method: 'GET', path: '/contacts/27821000000', status: 200 },
    ]);
    // The trap stopped the mock, and the mock removed its ready file.
    await expect(fetch(`${url}/__mock/health`)).rejects.toThrow();
    expect(existsSync(join(dir, 'mock.ready'))).toBe(false);
  });

  it('fails, and never calls the other server, when its pinned port is already taken', async () => {
    const seen: string[] = [];
    // A decoy that looks healthy and agrees with everything, as another mock would.
    const decoy = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, data: { status: 'ok', count: 1 } }));
    });
    await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
    const { port } = decoy.address() as AddressInfo;
    try {
      const dir = pipelineDir();
      const run = runScript(dir, { MARKETING_MOCK_PORT: String(port) });
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain('the mock exited before it was ready');
      expect(seen).toEqual([]);
      expect(existsSync(join(dir, 'mock-journal.json'))).toBe(false);
    } finally {
      decoy.close();
    }
  });

  it('keeps the journal when a test fails', () => {
    expect(script).toContain(standIn);
    const dir = pipelineDir(script!.replace(standIn, `${standIn}false # a failing test\n`));
    const run = runScript(dir);
    expect(run.code).toBe(1);
    expect(journalIn(dir).data).toMatchObject([
      { method: 'GET', path: '/contacts/27821000000', status: 200 },
    ]);
  });
});
