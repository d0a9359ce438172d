import { lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliProcess, cliCommand, runCli, startCli } from '../standalone/cli-process.js';

// What a team sharing a mock with --state relies on: no crash, kill or second server loses or
// overwrites its changes, and a state file it cannot use is refused at start, never replaced.

const running: CliProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((cli) => cli.stop('SIGKILL')));
});

const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-state-'));
async function start(args: string[], options: Parameters<typeof startCli>[1] = {}) {
  const cli = await startCli(['--quiet', ...args], options);
  running.push(cli);
  return cli;
}
const seedOrg = (url: string, id: string) =>
  fetch(`${url}/__mock/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orgs: [{ _id: id }] }),
  });
const orgIds = (path: string) =>
  (JSON.parse(readFileSync(path, 'utf8')).world.orgs as { _id: string }[]).map((org) => org._id);

describe('the standalone server keeping a --state file', () => {
  it('saves a change within --save-interval, so a kill -9 loses nothing saved before it', async () => {
    const path = join(tempDir(), 'state.json');
    const first = await start(['--state', path, '--save-interval', '0.2']);
    expect((await seedOrg(first.url, 'org_kept')).status).toBe(200);
    await expect
      .poll(() => readdirSync(join(path, '..')).includes('state.json') && orgIds(path))
      .toContain('org_kept');
    await first.stop('SIGKILL');
    const second = await start(['--state', path]);
    const state = await (await fetch(`${second.url}/__mock/state`)).json();
    expect(state.data.orgs.map((org: { _id: string }) => org._id)).toContain('org_kept');
  });

  it('saves at once on POST /__mock/state/save, and says it has no file without --state', async () => {
    const path = join(tempDir(), 'state.json');
    const cli = await start(['--state', path, '--save-interval', '3600']);
    await seedOrg(cli.url, 'org_now');
    const saved = await fetch(`${cli.url}/__mock/state/save`, { method: 'POST' });
    expect(await saved.json()).toMatchObject({ ok: true, data: { path } });
    expect(orgIds(path)).toContain('org_now');
    const plain = await start([]);
    const refused = await fetch(`${plain.url}/__mock/state/save`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ ok: false, error: expect.stringContaining('--state') });
  });

  it('refuses a second server on the same state file (exit 2), and takes over the lock of a killed one', async () => {
    const dir = tempDir();
    const path = join(dir, 'state.json');
    const first = await start(['--state', path]);
    const second = await runCli(['--port', '0', '--state', path]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(
      `State file ${path} is in use by another marketing-mock (process ${first.child.pid}`,
    );
    await first.stop('SIGKILL');
    writeFileSync(join(dir, 'state.json.4242.tmp'), 'half a save');
    await start(['--state', path]);
    expect(readdirSync(dir).sort()).toEqual(['state.json.lock']);
  });

  it('saves through a symbolic link to the file it points to, and refuses a second server on either name', async () => {
    const dir = tempDir();
    const real = join(dir, 'real.json');
    const link = join(dir, 'link.json');
    symlinkSync('real.json', link);
    const first = await start(['--state', link, '--save-interval', '0.2']);
    expect((await seedOrg(first.url, 'org_linked')).status).toBe(200);
    await expect.poll(() => readdirSync(dir).includes('real.json') && orgIds(real)).toContain('org_linked');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const [byFile, byDirectory] = await Promise.all([
      runCli(['--port', '0', '--state', real]),
      runCli(['--port', '0', '--state', dir]),
    ]);
    expect(byFile.code).toBe(2);
    expect(byFile.stderr).toContain(
      `State file ${real} is in use by another marketing-mock (process ${first.child.pid}`,
    );
    expect(byDirectory.code).toBe(2);
    expect(byDirectory.stderr).toContain(`State file ${dir} is a directory`);
  });

  it('refuses at start a --state it could never save (exit 2 naming the path)', async () => {
    const dir = tempDir();
    const missing = join(dir, 'no-such-dir', 'state.json');
    writeFileSync(join(dir, 'a-file'), '');
    const [result, underFile] = await Promise.all([
      runCli(['--port', '0', '--state', missing]),
      runCli(['--port', '0', '--state', join(dir, 'a-file', 'state.json')]),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `Cannot save state file ${missing}: its directory ${join(dir, 'no-such-dir')} does not exist`,
    );
    expect(underFile.code).toBe(2);
    expect(underFile.stderr).toContain(`Cannot save state file ${join(dir, 'a-file', 'state.json')}`);
  });

  it('refuses a state file with no world or a bad clock in one line (exit 2), leaving it as it was', async () => {
    const files = [
      ['null', 'holds null'],
      ['{"format":"marketing-mock-state","version":2,"hash":"x"}', 'has no world'],
      [
        '{"format":"marketing-mock-state","version":2,"clock":{"now":"2026-13-45T99:00:00Z","fixed":true},"world":{}}',
        'has clock.now "2026-13-45T99:00:00Z", not an ISO time',
      ],
      [
        '{"format":"marketing-mock-state","version":2,"clock":{"now":"2026-01-01T00:00:00Z","fixed":"yes"},"world":{}}',
        'has clock.fixed "yes", not true or false',
      ],
    ] as const;
    const dir = tempDir();
    const results = await Promise.all(
      files.map(([text], n) => {
        const path = join(dir, `state-${n}.json`);
        writeFileSync(path, text);
        return runCli(['--port', '0', '--state', path]);
      }),
    );
    files.forEach(([text, reason], n) => {
      const path = join(dir, `state-${n}.json`);
      expect(results[n]!.code).toBe(2);
      expect(results[n]!.stderr).toMatch(
        new RegExp(`^marketing-mock: State file ${path} .*; it was not changed\\n$`),
      );
      expect(results[n]!.stderr).toContain(reason);
      expect(readFileSync(path, 'utf8')).toBe(text);
    });
  }, 60_000);

  it('saves the state and exits non-zero when an error escapes everything', async () => {
    const path = join(tempDir(), 'state.json');
    // A stand-in for a bug: a module loaded with the server throws when the test signals it.
    const planted = fileURLToPath(new URL('./support/throw-on-signal.mjs', import.meta.url));
    const cli = await start(['--state', path, '--save-interval', '3600'], {
      command: [cliCommand[0]!, '--import', planted, ...cliCommand.slice(1)],
    });
    await seedOrg(cli.url, 'org_before_crash');
    const code = await cli.stop('SIGUSR2');
    expect(code).toBe(1);
    expect(cli.stderr()).toContain('marketing-mock: internal error, stopping: Error: planted bug');
    expect(orgIds(path)).toContain('org_before_crash');
  });
});
