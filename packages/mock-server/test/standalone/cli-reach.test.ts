import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import manifest from '../../package.json' with { type: 'json' };
import { type CliProcess, runCli, type SpawnOptions, startCli } from './cli-process.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const running: CliProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
});
async function start(args: string[] = [], options: SpawnOptions = {}) {
  const cli = await startCli(args, options);
  running.push(cli);
  return cli;
}
/**
 * A kept-alive connection to the server: `exchange` sends a GET and answers its response's
 * text; `closed` resolves with everything the server sent, once it has closed the connection.
 */
async function openConnection(port: string) {
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  let onData: (() => void) | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    onData?.();
  });
  const closed = once(socket, 'close').then(() => received);
  const exchange = (path: string) =>
    new Promise<string>((resolve) => {
      const from = received.length;
      onData = () => {
        const text = received.slice(from);
        const head = text.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN);
        if (head >= 0 && text.length >= head + 4 + length) resolve(text);
      };
      socket.write(
        `GET ${path} HTTP/1.1\r\nhost: localhost\r\nauthorization: ${admin.authorization}\r\n\r\n`,
      );
    });
  return { socket, exchange, closed };
}
const tempDir = () => mkdtempSync(join(tmpdir(), 'marketing-mock-'));
const admin = { authorization: 'Bearer demo_seller_admin' };
const waitFor = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the standalone server, reached from outside', () => {
  it('answers every link its banner prints', async () => {
    const cli = await start(['--quiet']);
    // Every URL with a path (the bare listening address is the service root, not a page).
    const links = [...cli.stdout().matchAll(/(http:\/\/[^\s/]+\/\S*)/g)].map((m) => m[1]!);
    expect(links).toEqual(
      expect.arrayContaining([`${cli.url}/__mock/`, `${cli.url}/__mock/health`, `${cli.url}/openapi.json`]),
    );
    for (const link of links) expect((await fetch(link, { headers: admin })).status, link).toBe(200);
    const health = await (await fetch(`${cli.url}/__mock/health`)).json();
    expect(health).toMatchObject({ ok: true, data: { status: 'ok', version: manifest.version } });
  });

  it('prints its version', async () => {
    expect(await runCli(['--version'])).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
  });

  it('reads every flag from its environment variable, a flag winning', async () => {
    const cli = await start([], {
      env: { MARKETING_MOCK_NO_CONTROL: '1', MARKETING_MOCK_LOG: 'json', MARKETING_MOCK_QUIET: 'yes' },
    });
    expect((await fetch(`${cli.url}/__mock/state`)).status).toBe(404);
    const loud = await start(['--log', 'text'], {
      env: { MARKETING_MOCK_LOG: 'json', MARKETING_MOCK_QUIET: '0' },
    });
    await fetch(`${loud.url}/tags`, { headers: admin });
    await waitFor(() => loud.stdout().includes('GET /tags 200'));
    const help = await runCli(['--help']);
    for (const name of [
      'MARKETING_MOCK_PORT',
      'MARKETING_MOCK_HOST',
      'MARKETING_MOCK_STATE',
      'MARKETING_MOCK_NO_RATE_LIMIT',
    ])
      expect(help.stdout).toContain(name);
    const bad = await runCli([], { env: { MARKETING_MOCK_NO_CORS: 'maybe' } });
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('MARKETING_MOCK_NO_CORS must be') });
  });

  it('lines every option’s description up in --help, a long flag putting it on the next line', async () => {
    const help = (await runCli(['--help'])).stdout;
    expect(help).toContain('  --save-interval <seconds>\n                        with --state, save changes');
    // A flag and its value, then the end of the line or two spaces or more before the description.
    for (const line of help.split('\n').filter((l) => l.startsWith('  --')))
      expect(line).toMatch(/^ {2}--[a-z-]+(?: [^ ]+)?(?:$| {2,}[^ ])/);
  });

  it('refuses a body over --max-body-mb with 413, takes one under it, and refuses a limit that is not one', async () => {
    const cli = await start(['--quiet', '--max-body-mb', '0.5']);
    const upload = (mib: number) =>
      fetch(`${cli.url}/contacts`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ contacts: [{ cell: '27831234567', firstname: 'x'.repeat(mib * 2 ** 20) }] }),
      });
    expect((await upload(0.6)).status).toBe(413);
    expect((await upload(0.4)).status).not.toBe(413);
    expect(await runCli(['--max-body-mb', '0'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '--max-body-mb must be a number of MiB, more than 0 and at most 1024, got 0',
      ),
    });
  });

  it('warns that --save-interval does nothing without --state, as a flag or from its variable', async () => {
    const flag = await start(['--quiet', '--save-interval', '0.5']);
    expect(flag.stderr()).toContain('--save-interval does nothing without --state: nothing is saved');
    const variable = await start(['--quiet'], { env: { MARKETING_MOCK_SAVE_INTERVAL: '2' } });
    expect(variable.stderr()).toContain('--save-interval does nothing without --state');
    const state = await start([
      '--quiet',
      '--save-interval',
      '0.5',
      '--state',
      join(tempDir(), 'state.json'),
    ]);
    expect(state.stderr()).not.toContain('--save-interval');
  });

  it('answers a connection past --max-connections 503 unless it probes health, serves those open, and refuses a limit that is not one', async () => {
    const cli = await start(['--quiet', '--max-connections', '2']);
    const { port } = new URL(cli.url);
    const held = await Promise.all([openConnection(port), openConnection(port)]);
    for (const connection of held) expect(await connection.exchange('/tags')).toMatch(/^HTTP\/1.1 200 /);
    // Past the limit: a request is answered 503 and the connection closed; one that sends
    // nothing, the same after a second.
    const refused = await openConnection(port);
    refused.socket.write(
      `GET /tags HTTP/1.1\r\nhost: localhost\r\nauthorization: ${admin.authorization}\r\n\r\n`,
    );
    const answer = await refused.closed;
    expect(await (await openConnection(port)).closed).toBe(answer);
    // A health probe is answered as ever, the default world's or a world's (that one unknown).
    for (const path of ['/__mock/health', '/__mock/health?from=probe', '/w/nope/__mock/health']) {
      const probe = await openConnection(port);
      const status = path.startsWith('/w/') ? 404 : 200;
      expect(await probe.exchange(path)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      // Closed within a second: probes cannot hold connections past the limit.
      await probe.closed;
    }
    // A probe in pieces, or after an empty line, is a probe all the same (both were refused 503).
    const inPieces = await openConnection(port);
    inPieces.socket.write('\r\nGET /__mock/he');
    await new Promise((resolve) => setTimeout(resolve, 50));
    inPieces.socket.write('alth HTTP/1.1\r\nhost: localhost\r\n\r\n');
    expect(await inPieces.closed).toMatch(/^HTTP\/1\.1 200 /);
    // Requests pipelined behind a probe are not served past the limit: its answer alone, then the
    // close (all of them were served).
    const behindProbe = await openConnection(port);
    behindProbe.socket.write(
      'GET /__mock/health HTTP/1.1\r\nhost: localhost\r\n\r\n' +
        `GET /tags HTTP/1.1\r\nhost: localhost\r\nauthorization: ${admin.authorization}\r\n\r\n`.repeat(5),
    );
    const probed = await behindProbe.closed;
    expect(probed.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200']);
    expect(probed).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/^HTTP\/1.1 503 Service Unavailable\r\n/);
    expect(answer).toContain('retry-after: 1\r\n');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      ok: false,
      error: 'The mock is at its limit of 2 open connections (--max-connections); try again shortly',
    });
    // The connections already open are still served; one closed makes room for a new one.
    expect(await held[0]!.exchange('/tags')).toMatch(/^HTTP\/1.1 200 /);
    held[1]!.socket.end();
    await held[1]!.closed;
    const next = await openConnection(port);
    expect(await next.exchange('/tags')).toMatch(/^HTTP\/1.1 200 /);
    for (const connection of [held[0]!, next]) connection.socket.destroy();
    for (const bad of ['0', '2.5', 'many', '99999999999999999999'])
      expect(await runCli(['--max-connections', bad])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(
          `--max-connections must be a whole number from 1 to 1000000, got ${bad}`,
        ),
      });
  });

  it('logs the time, query, organisation and error text of a refusal; one JSON object a line with --log json', async () => {
    const text = await start();
    await fetch(`${text.url}/tags?limit=5`, { headers: admin });
    await waitFor(() => text.stdout().includes('limit: Unknown query parameter'));
    expect(text.stdout()).toMatch(
      /\d\d:\d\d:\d\d\.\d{3} GET \/tags\?limit=5 400 \d+\.\dms org_seller limit: Unknown query parameter/,
    );
    const json = await start(['--log', 'json']);
    await fetch(`${json.url}/contacts/12ab`, { headers: admin });
    await waitFor(() => json.stdout().includes('"status":400'));
    const line = json
      .stdout()
      .split('\n')
      .find((l) => l.startsWith('{'))!;
    expect(JSON.parse(line)).toMatchObject({
      method: 'GET',
      target: '/contacts/12ab',
      status: 400,
      error: 'Invalid cell number',
      org_id: 'org_seller',
      request_id: expect.stringMatching(/^req_/),
    });
  });

  it('answers CORS preflights from any origin, and not with --no-cors', async () => {
    const cli = await start(['--quiet']);
    const preflight = await fetch(`${cli.url}/contacts/search`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const get = await fetch(`${cli.url}/tags`, { headers: { ...admin, origin: 'http://localhost:5173' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-expose-headers')).toContain('x-request-id');

    const closed = await start(['--quiet', '--no-cors']);
    const refused = await fetch(`${closed.url}/contacts/search`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.status).toBe(405);
  });

  it('destroys the socket for a drop fault, and delays answers with --latency', async () => {
    const cli = await start(['--quiet', '--latency', '150']);
    await fetch(`${cli.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/tags', drop: true }),
    });
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const req = request(`${cli.url}/tags`, { headers: admin }, () => resolve(new Error('answered')));
      req.on('error', resolve);
      req.end();
    });
    expect(error.code).toBe('ECONNRESET');
    const started = performance.now();
    expect((await fetch(`${cli.url}/tags`, { headers: admin })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('applies status, after and delay faults armed over HTTP to the standalone server', async () => {
    const cli = await start(['--quiet']);
    const arm = (fault: unknown) =>
      fetch(`${cli.url}/__mock/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      }).then((r) => r.json());
    await arm({ method: 'GET', path: '/tags', status: 503, headers: { 'retry-after': '2' } });
    const busy = await fetch(`${cli.url}/tags`, { headers: admin });
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([503, '2']);
    expect(await busy.json()).toEqual({ ok: false, error: 'Service unavailable' });
    await arm({ method: 'POST', path: '/send/sms', when: 'after', status: 502 });
    const sms = {
      content: 'Hi',
      cell: '27831234567',
      skipNonContacts: false,
      country: 'ZA',
      deliveryMethod: 'standard',
    };
    const lost = await fetch(`${cli.url}/send/sms`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify(sms),
    });
    expect(lost.status).toBe(502);
    expect((await (await fetch(`${cli.url}/__mock/outbox`)).json()).data).toHaveLength(1);
    await arm({ path: '/tags', delay_ms: 300 });
    const started = performance.now();
    expect((await fetch(`${cli.url}/tags`, { headers: admin })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    const journal = (await (await fetch(`${cli.url}/__mock/requests?path=/send/sms`)).json()).data;
    expect(journal[0]).toMatchObject({ status: 502, fault_id: expect.any(String) });
  });

  it('keeps the clock, the outbox and webhook deliveries in --state across a restart', async () => {
    const state = join(tempDir(), 'state.json');
    const first = await start(['--quiet', '--state', state]);
    await fetch(`${first.url}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: '2026-03-01T09:00:00Z', freeze: true }),
    });
    const sent = await fetch(`${first.url}/send/sms`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({
        content: 'Hi',
        cell: '27831234567',
        skipNonContacts: false,
        country: 'ZA',
        deliveryMethod: 'standard',
      }),
    });
    expect(await sent.json()).toMatchObject({ ok: true });
    running.splice(running.indexOf(first), 1);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await start(['--quiet', '--state', state]);
    const clock = await (await fetch(`${second.url}/__mock/clock`)).json();
    expect(clock).toEqual({ ok: true, data: { now: '2026-03-01T09:00:00.000Z', mode: 'frozen' } });
    const outbox = await (await fetch(`${second.url}/__mock/outbox`)).json();
    expect(outbox.data).toMatchObject([
      { to: '27831234567', content: 'Hi', createdAt: '2026-03-01T09:00:00.000Z' },
    ]);
    const saved = JSON.parse(readFileSync(state, 'utf8'));
    expect(saved).toMatchObject({ format: 'marketing-mock-state', version: 3, clock: { fixed: true } });
    expect(Object.keys(saved.world)).toEqual(
      expect.arrayContaining(['outbox', 'webhook_deliveries', 'replies']),
    );
  });

  it('keeps a webhook attempt out when it was stopped, as failed, and retries it after the restart', async () => {
    let received = 0;
    const receiver = createServer(() => {
      received += 1;
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const state = join(tempDir(), 'state.json');
      const first = await start(['--quiet', '--state', state, '--webhook-timeout', '60000']);
      const post = (url: string, path: string, body: unknown) =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      await post(first.url, '/__mock/reset', {
        orgs: [{ _id: 'o' }],
        hooks: [{ _id: 'h', org_id: 'o', type: 'webhook', url: hookUrl }],
        campaigns: [{ _id: 'c', org_id: 'o', hook_ids: ['h'] }],
        sends: [{ _id: 's', org_id: 'o', campaign_id: 'c', cell: '27821234567' }],
      });
      await post(first.url, '/__mock/clock', { freeze: true });
      // The reply waits for its webhook's first attempt, which the receiver never answers.
      const reply = post(first.url, '/__mock/replies', { from: '27821234567', message: 'hi', send_id: 's' });
      await waitFor(() => received === 1);
      running.splice(running.indexOf(first), 1);
      expect(await first.stop('SIGTERM')).toBe(0);
      await reply.catch(() => undefined);

      // Its retry waits for the receiver half a second, which the clock move below waits for.
      const second = await start(['--quiet', '--state', state, '--webhook-timeout', '500']);
      const attempts = (await (await fetch(`${second.url}/__mock/webhooks`)).json()).data;
      expect(attempts).toMatchObject([
        { attempt: 1, outcome: 'connection_error', error: 'The mock stopped before the receiver answered' },
      ]);
      const schedule = (await (await fetch(`${second.url}/__mock/schedule`)).json()).data;
      expect(schedule).toEqual([expect.objectContaining({ kind: 'webhook_retry', attempt: 2 })]);
      await post(second.url, '/__mock/clock', { advance: '500ms' });
      expect(received).toBe(2);
      const after = (await (await fetch(`${second.url}/__mock/webhooks`)).json()).data;
      expect(after.map((a: { attempt: number; outcome: string }) => [a.attempt, a.outcome])).toEqual([
        [1, 'connection_error'],
        [2, 'timeout'],
      ]);
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });

  it('brings a running (offset) clock back running from where it was saved, and reset returns there', async () => {
    const state = join(tempDir(), 'state.json');
    const first = await start(['--quiet', '--state', state]);
    const moved = await fetch(`${first.url}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ set: '2030-01-01T00:00:00Z' }),
    });
    expect((await moved.json()).data.mode).toBe('offset');
    running.splice(running.indexOf(first), 1);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(JSON.parse(readFileSync(state, 'utf8')).clock).toMatchObject({ fixed: true, mode: 'offset' });

    const second = await start(['--quiet', '--state', state]);
    const before = (await (await fetch(`${second.url}/__mock/clock`)).json()).data;
    expect(before.mode).toBe('offset');
    expect(before.now.startsWith('2030-01-01T00:00:')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = (await (await fetch(`${second.url}/__mock/clock`)).json()).data;
    expect(Date.parse(after.now)).toBeGreaterThan(Date.parse(before.now));

    const control = (path: string, body: unknown) =>
      fetch(`${second.url}/__mock/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    await control('clock', { advance: '365d', freeze: true });
    await control('reset', {});
    const reset = (await (await fetch(`${second.url}/__mock/clock`)).json()).data;
    expect(reset.mode).toBe('offset');
    expect(reset.now.startsWith('2030-01-01T00:00:')).toBe(true);
  });

  it('stops and saves --state when SIGTERM is sent to pnpm, the command the user ran, reading relative paths from their directory', async () => {
    const userDir = tempDir();
    writeFileSync(
      join(userDir, 'seed.json'),
      JSON.stringify({ orgs: [{ _id: 'o' }], api_keys: [{ key: 'k', org_id: 'o' }] }),
    );
    const cli = await startCli(['--quiet', '--seed', 'seed.json', '--state', 'state.json'], {
      command: ['pnpm', '--silent', '--dir', repositoryRoot, 'mock'],
      cwd: userDir,
    });
    expect(cli.stdout()).toContain(`loaded seed file ${join(userDir, 'seed.json')}`);
    expect((await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer k' } })).status).toBe(200);
    cli.child.kill('SIGTERM');
    await waitFor(() => existsSync(join(userDir, 'state.json')));
    await expect
      .poll(
        async () =>
          fetch(`${cli.url}/__mock/health`).then(
            () => 'serving',
            () => 'stopped',
          ),
        { timeout: 10_000 },
      )
      .toBe('stopped');
    expect(JSON.parse(readFileSync(join(userDir, 'state.json'), 'utf8')).world.orgs).toMatchObject([
      { _id: 'o' },
    ]);
  });
});
