import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from '../packages/mock-server/test/standalone/cli-process.js';

// Runs the parallel-CI guide's files as written, against a real standalone server: its Python
// workers (standard library only) and its shell workers, several at once.
const root = fileURLToPath(new URL('..', import.meta.url));
const guide = readFileSync(join(root, 'docs/parallel-ci.md'), 'utf8');
const files = Object.fromEntries(
  [...guide.matchAll(/<!-- (?:tested|compiled): parallel-ci (\S+) -->\n```\w+\n([\s\S]*?)```/g)].map(
    ([, name, code]) => [name!, code!],
  ),
);
const run = promisify(execFile);

let cli: CliProcess;
let dir: string;
beforeAll(async () => {
  cli = await startCli(['--quiet']);
  dir = mkdtempSync(join(tmpdir(), 'parallel-ci-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
}, 60_000);
afterAll(async () => {
  await cli?.stop('SIGKILL');
});

async function worlds() {
  return ((await (await fetch(`${cli.url}/__mock/worlds`)).json()) as { data: unknown[] }).data;
}
const contactReadsAtRoot = async () =>
  (
    (await (await fetch(`${cli.url}/__mock/requests/count?path=/contacts/:cell`)).json()) as {
      data: { count: number };
    }
  ).data.count;

describe('the parallel-CI guide', () => {
  it('has its files', () => {
    expect(Object.keys(files).sort()).toEqual([
      'conftest.py',
      'mock_world.py',
      'run-workers.sh',
      'run_parallel.py',
      'test_opt_outs.py',
      'worker.sh',
    ]);
  });

  it('runs four Python workers at once, each in its own world, and they all pass', async () => {
    const result = await run('python3', ['run_parallel.py'], {
      cwd: dir,
      env: { ...process.env, MOCK_URL: cli.url, WORKERS: '4' },
    });
    expect(result.stderr.match(/Ran 2 tests/g)).toHaveLength(4);
    expect(result.stderr).not.toContain('FAILED');
    expect(await worlds()).toEqual([]);
    expect(await contactReadsAtRoot()).toBe(0);
  }, 60_000);

  it('fails a Python worker whose world is shared, so the passing run shows isolation', async () => {
    // The same tests against the root world, which every worker shares: the journal counts mix.
    const shared = readFileSync(join(dir, 'test_opt_outs.py'), 'utf8').replace(
      'cls.base = mock_world.create_world(cls.name)',
      'cls.base = mock_world.MOCK_URL',
    );
    writeFileSync(join(dir, 'test_opt_outs.py'), shared);
    try {
      await expect(
        run('python3', ['run_parallel.py'], {
          cwd: dir,
          env: { ...process.env, MOCK_URL: cli.url, WORKERS: '4' },
        }),
      ).rejects.toThrow();
    } finally {
      writeFileSync(join(dir, 'test_opt_outs.py'), files['test_opt_outs.py']!);
    }
  }, 60_000);

  it('compiles the pytest-xdist fixture', async () => {
    await run('python3', ['-m', 'py_compile', 'conftest.py'], { cwd: dir });
  });

  it('runs four shell workers at once, each checking its own journal', async () => {
    const result = await run('bash', ['run-workers.sh'], {
      cwd: dir,
      env: { ...process.env, MOCK_URL: cli.url },
    });
    expect(result.stdout.match(/^worker sh-\d-\d+: ok$/gm)).toHaveLength(4);
    expect(await worlds()).toEqual([]);
  }, 60_000);
});
