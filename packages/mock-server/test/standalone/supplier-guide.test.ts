import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, startCli } from './cli-process.js';

const guide = readFileSync(
  fileURLToPath(new URL('../../../../docs/supplier-guide.md', import.meta.url)),
  'utf8',
);
const commands = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)]
  .map((m) => m[1]!.trim())
  .filter((c) => c.startsWith('curl'));
const hasCurl = spawnSync('curl', ['--version']).status === 0;
// The guide shows a step in Python and again with jq: each runs where its tool is installed.
const tools = ['python3', 'jq'].filter((tool) => spawnSync(tool, ['--version']).status !== 0);
const runnable = commands.filter((command) => !tools.some((tool) => command.includes(`| ${tool} `)));

describe.skipIf(!hasCurl)('the supplier guide', () => {
  let cli: CliProcess;
  beforeAll(async () => {
    cli = await startCli(['--quiet']);
  });
  afterAll(async () => {
    await cli.stop('SIGKILL');
  });

  it('has curl commands to run', () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
  });

  it('runs every curl command in order, each answered ok', () => {
    for (const command of runnable) {
      const output = execFileSync('sh', ['-c', command.replaceAll('http://127.0.0.1:4010', cli.url)], {
        encoding: 'utf8',
      });
      expect(JSON.parse(output), command).toMatchObject({ ok: true });
    }
  }, 60_000);
});
