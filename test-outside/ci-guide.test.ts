import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const guide = readFileSync(join(root, 'docs/ci.md'), 'utf8');
const script = guide.match(/<!-- tested: ci script -->\n```sh\n([\s\S]*?)```/)?.[1];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('the CI guide', () => {
  it('has its script, and the script runs as written: start, wait, reset, call, verify, stop', async () => {
    expect(script).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'marketing-ci-'));
    copyFileSync(join(root, 'release/marketing-mock.mjs'), join(dir, 'marketing-mock.mjs'));
    writeFileSync(join(dir, 'with-mock.sh'), script!);
    const port = await freePort();
    execFileSync('bash', ['with-mock.sh'], {
      cwd: dir,
      env: { ...process.env, MARKETING_MOCK_PORT: String(port) },
    });
    expect(existsSync(join(dir, 'mock-journal.json'))).toBe(true);
    const journal = JSON.parse(readFileSync(join(dir, 'mock-journal.json'), 'utf8'));
    expect(journal.data).toMatchObject([{ method: 'GET', path: '/contacts/27821000000', status: 200 }]);
    // The trap stopped the mock: the port is free again.
    await expect(fetch(`http://127.0.0.1:${port}/__mock/health`)).rejects.toThrow();
  });
});
