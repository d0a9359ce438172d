import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from './cli-process.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cli-pact-states-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('marketing-mock --pact-states', () => {
  it('reads the file relative to the directory the user ran `pnpm mock` in', async () => {
    writeFileSync(
      join(dir, 'states.json'),
      JSON.stringify({ 'an empty organisation': { orgs: [{ _id: 'org_a' }] } }),
    );
    const cli = await startCli(['--quiet', '--pact-states', 'states.json'], {
      command: ['pnpm', '--silent', '--dir', repositoryRoot, 'mock'],
      cwd: dir,
    });
    try {
      const response = await fetch(`${cli.url}/__mock/pact/states`);
      expect(await response.json()).toEqual({
        ok: true,
        data: { states: ['an empty organisation'], active: null },
      });
    } finally {
      await cli.stop('SIGKILL');
    }
  });

  it('exits 2 naming a file that does not exist', async () => {
    const result = await runCli(['--pact-states', join(dir, 'missing.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`marketing-mock: --pact-states ${join(dir, 'missing.json')}: no such file\n`);
  });

  it('exits 2 naming the state whose seed the mock cannot apply', async () => {
    const file = join(dir, 'invalid.json');
    writeFileSync(
      file,
      JSON.stringify({ 'a contact exists': { contacts: [{ org_id: 'org_x', cell: '1' }] } }),
    );
    const result = await runCli(['--pact-states', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `marketing-mock: --pact-states ${file}: state "a contact exists" is not a valid seed document:`,
    );
    expect(result.stderr).toContain('contacts.0.org_id: Unknown organisation org_x');
  });
});
