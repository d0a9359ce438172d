import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectEnglishRefusal } from '../test-support/english-refusal.js';
import { listeningUrl } from '../test-support/listening.js';

const release = fileURLToPath(new URL('../release/', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Starts a release file in an empty directory with no node_modules, and answers its URL. */
function startIn(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'marketing-release-'));
  const child = spawn(command, [...args, '--port', '0', '--quiet'], { cwd: dir, env });
  children.push(child);
  return listeningUrl(child);
}

describe('the release files', () => {
  it('are the three tarballs, the single file and the executable, each as SHA256SUMS says', () => {
    const listed = readFileSync(join(release, 'SHA256SUMS'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('  ')[1]);
    expect(listed).toEqual(
      expect.arrayContaining([
        'marketing-domain-0.2.0.tgz',
        'marketing-mock-server-0.2.0.tgz',
        'marketing-mock.mjs',
        'marketing-sdk-0.2.0.tgz',
      ]),
    );
    expect(readdirSync(release).sort()).toEqual([...listed, 'SHA256SUMS'].sort());
    // sha256sum exits non-zero when any file differs from its line.
    execFileSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: release });
  });

  it('the single file runs with plain node from an empty directory and answers /__mock/health', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marketing-single-'));
    copyFileSync(join(release, 'marketing-mock.mjs'), join(dir, 'marketing-mock.mjs'));
    const url = await startIn(process.execPath, [join(dir, 'marketing-mock.mjs')], { PATH: '/usr/bin:/bin' });
    const health = await (await fetch(`${url}/__mock/health`)).json();
    expect(health).toMatchObject({ ok: true, data: { status: 'ok', version: '0.2.0' } });
    process.stdout.write(
      `release/marketing-mock.mjs: ${(statSync(join(release, 'marketing-mock.mjs')).size / 1024).toFixed(0)} kB\n`,
    );
  });

  it('the single file writes its compile cache under the user’s home at its first start and reads it at the next', async () => {
    const home = mkdtempSync(join(tmpdir(), 'marketing-home-'));
    const cache = join(home, '.cache/marketing-mock');
    const env = { PATH: '/usr/bin:/bin', HOME: home, NODE_DEBUG: 'marketing-mock' };
    const start = async () => {
      const child = spawn(process.execPath, [join(release, 'marketing-mock.mjs'), '--port', '0', '--quiet'], {
        cwd: home,
        env,
      });
      children.push(child);
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const url = await listeningUrl(child);
      expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
      await vi.waitFor(() => expect(stderr).toMatch(/compile cache (read|written)/), { timeout: 5_000 });
      child.kill('SIGKILL');
      return stderr;
    };
    expect(await start()).toContain(`compile cache written to ${cache}/`);
    expect(readdirSync(cache).filter((name) => name.endsWith('.cache'))).toHaveLength(1);
    expect(await start()).toContain(`compile cache read from ${cache}/`);
  });

  it('the single file words a refused request in English (it carries zod’s English messages alone)', async () => {
    const url = await startIn(process.execPath, [join(release, 'marketing-mock.mjs')], {
      PATH: '/usr/bin:/bin',
    });
    await expectEnglishRefusal(url);
  });

  it('the single file tells valid cells from invalid ones in several countries (it carries the phone metadata as JSON)', async () => {
    const url = await startIn(process.execPath, [join(release, 'marketing-mock.mjs')], {
      PATH: '/usr/bin:/bin',
    });
    const upload = await fetch(`${url}/contacts`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo_seller_admin', 'content-type': 'application/json' },
      body: JSON.stringify({
        contacts: ['+44 7911 123456', '+1 415 555 2671', '27831234567', '+44 7911 12', '+1 212 555'].map(
          (cell) => ({ cell }),
        ),
      }),
    });
    const { data } = await upload.json();
    expect(data.validContacts).toBe(3);
    expect(data.invalidContacts.map((c: { row: number }) => c.row)).toEqual([3, 4]);
  });

  it('the single file’s zod compiles no function from a string, at start or on a request', async () => {
    // A spy on the Function constructor, loaded before the file: zod's compiled parsers cost a
    // start 8 ms and were no faster afterwards, so the command turns them off.
    const spy = join(mkdtempSync(join(tmpdir(), 'marketing-spy-')), 'function-spy.mjs');
    writeFileSync(
      spy,
      `process.stderr.write('the spy is loaded\\n');
      globalThis.Function = new Proxy(Function, { construct(target, args) {
        process.stderr.write('compiled a function from a string\\n');
        return Reflect.construct(target, args);
      } });`,
    );
    const url = await startIn(process.execPath, ['--import', spy, join(release, 'marketing-mock.mjs')], {
      PATH: '/usr/bin:/bin',
    });
    const child = children.at(-1)!;
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    const response = await fetch(`${url}/contacts/search`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo_seller_admin', 'content-type': 'application/json' },
      body: JSON.stringify({ find: { tag_ids: { $in: ['tag_vip'] } }, options: { limit: 1 } }),
    });
    expect(response.status).toBe(200);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(stderr).toContain('the spy is loaded');
    expect(stderr).not.toContain('compiled a function from a string');
  });

  it('the single file runs as the load-test section of the standalone guide starts it', async () => {
    const guide = readFileSync(
      fileURLToPath(new URL('../docs/standalone-server.md', import.meta.url)),
      'utf8',
    );
    const line = guide
      .split('\n')
      .find((l) => l.includes(' node marketing-mock.mjs ') && l.startsWith('NODE_OPTIONS='));
    expect(line).toBeDefined();
    const [assignment = '', , , ...flags] = line!.split(/\s+/);
    const dir = mkdtempSync(join(tmpdir(), 'marketing-load-'));
    copyFileSync(join(release, 'marketing-mock.mjs'), join(dir, 'marketing-mock.mjs'));
    const options = assignment.slice('NODE_OPTIONS='.length);
    expect(options).toBe('--max-semi-space-size=64');
    const url = await startIn(
      process.execPath,
      [join(dir, 'marketing-mock.mjs'), ...flags.filter((f) => f !== '--port' && f !== '4010')],
      {
        PATH: '/usr/bin:/bin',
        NODE_OPTIONS: options,
      },
    );
    const answer = await fetch(`${url}/contacts/27821000000`, {
      headers: { authorization: 'Bearer demo_seller_admin' },
    });
    expect(answer.status).toBe(200);
    // Billing is off: a search costs the organisation nothing, so a load test never meets a 402.
    const credits = async () =>
      (
        (await (await fetch(`${url}/__mock/state`)).json()) as {
          data: { orgs: { _id: string; credits: number }[] };
        }
      ).data.orgs.find((org) => org._id === 'org_seller')?.credits;
    const before = await credits();
    const search = await fetch(`${url}/contacts/search`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo_seller_admin', 'content-type': 'application/json' },
      body: JSON.stringify({ find: { cell: ['27821000000'] } }),
    });
    expect(search.status).toBe(200);
    expect(await credits()).toBe(before);
  });

  it.skipIf(!existsSync(join(release, 'marketing-mock-linux-x64')))(
    'the executable runs without Node on its PATH and answers /__mock/health',
    async () => {
      const executable = join(release, 'marketing-mock-linux-x64');
      const url = await startIn(executable, [], { PATH: '/nonexistent' });
      const health = await (await fetch(`${url}/__mock/health`)).json();
      expect(health).toMatchObject({ ok: true, data: { status: 'ok', version: '0.2.0' } });
      process.stdout.write(
        `release/marketing-mock-linux-x64: ${(statSync(executable).size / 1024 / 1024).toFixed(1)} MiB\n`,
      );
    },
  );
});
