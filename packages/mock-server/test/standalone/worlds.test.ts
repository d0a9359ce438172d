import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliProcess, runCli, startCli } from './cli-process.js';

const running: CliProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
});
async function start(args: string[] = [], options: Parameters<typeof startCli>[1] = {}) {
  const cli = await startCli(['--quiet', ...args], options);
  running.push(cli);
  return cli;
}
const tempDir = () => mkdtempSync(join(tmpdir(), 'marketing-mock-worlds-'));

async function call(url: string, method = 'GET', body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { authorization: 'Bearer demo_seller_admin', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; data?: unknown; error?: unknown } };
}

describe('the standalone server’s worlds', { timeout: 60_000 }, () => {
  it('creates a world from the start world, serves it and its control plane under base_url, and deletes it', async () => {
    const cli = await start();
    const created = await call(`${cli.url}/__mock/worlds`, 'POST', { name: 'ci-17', ttl_s: 600 });
    expect(created).toEqual({
      status: 201,
      body: { ok: true, data: { world: 'ci-17', base_url: `${cli.url}/worlds/ci-17` } },
    });
    const base = `${cli.url}/worlds/ci-17`;
    expect((await call(`${base}/contacts/27821000000`)).body.data).toMatchObject({ firstname: 'Thandi' });
    expect((await call(`${base}/contacts/27821000000`, 'DELETE')).status).toBe(200);
    expect((await call(`${base}/contacts/27821000000`)).status).toBe(404);
    expect((await call(`${cli.url}/contacts/27821000000`)).status).toBe(200);
    expect((await call(`${base}/__mock/requests/count?method=DELETE`)).body.data).toEqual({
      count: 1,
      dropped: 0,
    });
    expect((await call(`${cli.url}/__mock/requests/count?method=DELETE`)).body.data).toEqual({
      count: 0,
      dropped: 0,
    });
    expect((await call(`${base}/__mock/reset`, 'POST')).status).toBe(200);
    expect((await call(`${base}/contacts/27821000000`)).status).toBe(200);

    const listed = await call(`${cli.url}/__mock/worlds`);
    expect(listed.body.data).toMatchObject([
      { name: 'ci-17', base_url: base, ttl_s: 600, contacts: expect.any(Number), requests: 6 },
    ]);
    expect(await call(`${cli.url}/__mock/worlds/ci-17`, 'DELETE')).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await call(`${base}/contacts/27821000000`)).toMatchObject({ status: 404, body: { ok: false } });
    expect((await call(`${cli.url}/__mock/worlds/ci-17`, 'DELETE')).status).toBe(404);
  });

  it('refuses a world 507 once its heap is 60% full, rather than run out of memory', async () => {
    const cli = await start([], { env: { NODE_OPTIONS: '--max-old-space-size=256' } });
    const contacts = Array.from({ length: 20_000 }, (_, i) => ({
      cell: `2783${String(1_000_000 + i).padStart(7, '0')}`,
      org_id: 'org_demo_seller',
      tag_ids: [],
    }));
    const seed = { orgs: [{ _id: 'org_demo_seller' }], contacts };
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 60 && !refused; i++) {
      const created = await call(`${cli.url}/__mock/worlds`, 'POST', { seed });
      if (created.status === 507) refused = created;
      else expect(created.status).toBe(201);
    }
    expect(refused?.body.error).toMatch(
      /^The mock's memory is nearly full \(\d+ of \d+ MiB of heap, with what it keeps outside it\): delete a world/,
    );
    expect((await call(`${cli.url}/__mock/health`)).status).toBe(200);
    expect((await call(`${cli.url}/__mock/seed`, 'POST', seed)).status).toBe(507);
  });

  it('answers each refusal with its status: bad name 400, name taken 409, past --max-worlds 409, unknown 404', async () => {
    const cli = await start(['--max-worlds', '1']);
    expect((await call(`${cli.url}/__mock/worlds`, 'POST', { name: 'No Spaces' })).status).toBe(400);
    expect((await call(`${cli.url}/__mock/worlds`, 'POST', { name: 'one' })).status).toBe(201);
    expect(await call(`${cli.url}/__mock/worlds`, 'POST', { name: 'one' })).toMatchObject({
      status: 409,
      body: { ok: false, error: 'A world named "one" exists already' },
    });
    const full = await call(`${cli.url}/__mock/worlds`, 'POST', {});
    expect(full.status).toBe(409);
    expect(full.body.error).toContain('--max-worlds 1');
    expect((await call(`${cli.url}/worlds/two/tags`)).status).toBe(404);
  });

  it('saves and loads only the default world with --state', async () => {
    const state = join(tempDir(), 'state.json');
    const first = await start(['--state', state]);
    await call(`${first.url}/__mock/worlds`, 'POST', { name: 'scratch' });
    await call(`${first.url}/worlds/scratch/contacts/27821000001`, 'DELETE');
    await call(`${first.url}/contacts/27821000002`, 'DELETE');
    expect(await first.stop('SIGTERM')).toBe(0);
    const second = await start(['--state', state]);
    expect((await call(`${second.url}/__mock/worlds`)).body.data).toEqual([]);
    expect((await call(`${second.url}/contacts/27821000002`)).status).toBe(404);
    expect((await call(`${second.url}/contacts/27821000001`)).status).toBe(200);
    expect((await call(`${second.url}/worlds/scratch/contacts/27821000001`)).status).toBe(404);
  });

  it('refuses a --max-worlds that is not a whole number', async () => {
    const run = await runCli(['--max-worlds', 'lots']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--max-worlds must be a whole number, 0 or more, got lots');
  });
});

describe('--port 0 and --ready-file', { timeout: 60_000 }, () => {
  it('listens on a free port and writes its actual URL and PID to the ready file, relative to where it was run, removed on exit', async () => {
    const dir = tempDir();
    const cli = await start(['--ready-file', 'mock.ready'], {
      cwd: dir,
    });
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.url).not.toMatch(/:0$/);
    const readyPath = join(dir, 'mock.ready');
    expect(JSON.parse(readFileSync(readyPath, 'utf8'))).toEqual({ url: cli.url, pid: cli.child.pid });
    expect((await fetch(`${cli.url}/__mock/health`)).status).toBe(200);
    expect(await cli.stop('SIGTERM')).toBe(0);
    expect(existsSync(readyPath)).toBe(false);
  });

  it('exits naming the ready file when it cannot write it', async () => {
    const run = await runCli(['--port', '0', '--ready-file', join(tempDir(), 'missing', 'mock.ready')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cannot write the ready file');
  });

  it('leaves no temporary file behind when the ready file cannot be written (a directory is in its place)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'mock.ready'));
    const run = await runCli(['--port', '0', '--ready-file', 'mock.ready'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cannot write the ready file');
    expect(readdirSync(dir)).toEqual(['mock.ready']);
  });
});
