import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openApiErrors } from '../../../../test-support/lint-openapi.js';
import { type CliProcess, runCli, startCli } from './cli-process.js';

const running: CliProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
});
async function start(args: string[] = []) {
  const cli = await startCli(args);
  running.push(cli);
  return cli;
}
const json = async <T = unknown>(res: Response) => ({
  status: res.status,
  body: (await res.json()) as { ok: boolean; data?: T; error?: unknown },
});
const tempDir = () => mkdtempSync(join(tmpdir(), 'marketing-mock-'));
// POSTs JSON to a running server's path and reads the envelope.
const poster = (cli: CliProcess) => (path: string, body: unknown) =>
  fetch(`${cli.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(json);

describe('the standalone server', () => {
  it('serves the demo world, prints its keys, and logs each request', async () => {
    const cli = await start();
    expect(cli.stdout()).toContain('demo_seller_admin');
    expect(cli.stdout()).toContain(`curl -s ${cli.url}/contacts/27821000000`);
    const contact = await json(
      await fetch(`${cli.url}/contacts/27821000000`, {
        headers: { authorization: 'Bearer demo_seller_admin' },
      }),
    );
    expect(contact).toMatchObject({
      status: 200,
      body: { ok: true, data: { cell: '27821000000', firstname: 'Thandi' } },
    });
    const supplier = await json<{ contacts: unknown[] }>(
      await fetch(`${cli.url}/contacts/search`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo_seller_supplier' },
        body: JSON.stringify({
          find: { tag_ids: { $all: ['tag_supplier_optout'] } },
          projection: { cell: 1 },
        }),
      }),
    );
    expect(supplier.body.data?.contacts).toHaveLength(30);
    await new Promise((r) => setTimeout(r, 50));
    expect(cli.stdout()).toMatch(/GET \/contacts\/27821000000 200 \d+\.\dms/);
  });

  it('answers malformed JSON with a 400 envelope and keeps serving', async () => {
    const cli = await start(['--quiet']);
    const bad = await json(
      await fetch(`${cli.url}/contacts/update`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo_seller_admin' },
        body: '{"find":',
      }),
    );
    expect(bad).toEqual({ status: 400, body: { ok: false, error: 'Request body is not valid JSON' } });
    expect(
      (await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } })).status,
    ).toBe(200);
    expect(cli.stdout()).not.toContain('GET /tags');
  });

  it('resets with a seed document, moves the clock and simulates a reply that delivers a webhook', async () => {
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const cli = await start(['--quiet']);
      const post = poster(cli);
      const reset = await post('/__mock/reset', {
        orgs: [{ _id: 'o' }],
        api_keys: [{ key: 'k', org_id: 'o' }],
        hooks: [
          { _id: 'h', org_id: 'o', type: 'webhook', url: hookUrl, body: '{"said":"{{reply.Message}}"}' },
        ],
        campaigns: [{ _id: 'c', org_id: 'o', hook_ids: ['h'] }],
        sends: [{ _id: 's', org_id: 'o', campaign_id: 'c', cell: '27821234567' }],
      });
      expect(reset.status).toBe(200);
      expect(
        (
          await fetch(`${cli.url}/contacts/27821000000`, {
            headers: { authorization: 'Bearer demo_seller_admin' },
          })
        ).status,
      ).toBe(401);
      expect(
        (await post('/__mock/clock', { set: '2026-01-01T00:00:00Z', advance: '7d', freeze: true })).body.data,
      ).toEqual({ now: '2026-01-08T00:00:00.000Z', mode: 'frozen' });
      const reply = await post('/__mock/replies', { from: '27821234567', message: 'STOP', send_id: 's' });
      expect(reply.body.data).toMatchObject({
        reply: { kind: 'optOut', Received: '2026-01-08T00:00:00.000Z' },
      });
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]!.body)).toEqual({ said: 'STOP' });
      const journal = await json<{ delivery_id: string }[]>(await fetch(`${cli.url}/__mock/webhooks`));
      expect(journal.body.data).toMatchObject([
        { url: hookUrl, attempt: 1, outcome: 'delivered', status: 200 },
      ]);
      expect(received[0]!.headers['service-idemptotency-key']).toBe(journal.body.data?.[0]?.delivery_id);
    } finally {
      receiver.close();
    }
  });

  it('waits --webhook-timeout for a receiver that never answers, each of its four attempts', async () => {
    // Reads each request and never answers it.
    const receiver = createServer(() => {});
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const cli = await start(['--quiet', '--webhook-timeout', '200']);
      const post = poster(cli);
      await post('/__mock/reset', {
        orgs: [{ _id: 'o' }],
        api_keys: [{ key: 'k', org_id: 'o' }],
        hooks: [{ _id: 'h', org_id: 'o', type: 'webhook', url: hookUrl }],
        campaigns: [{ _id: 'c', org_id: 'o', hook_ids: ['h'] }],
        sends: [{ _id: 's', org_id: 'o', campaign_id: 'c', cell: '27821234567' }],
      });
      const started = performance.now();
      expect(
        (await post('/__mock/replies', { from: '27821234567', message: 'Hi', send_id: 's' })).status,
      ).toBe(200);
      // The reply answers once the first attempt timed out; each retry follows 200 ms after the
      // attempt before on the running clock (the default of 10 s would make the four take 40).
      const attempts = async () =>
        (await json<{ outcome: string; at: string }[]>(await fetch(`${cli.url}/__mock/webhooks`))).body.data!;
      await vi.waitFor(async () => expect(await attempts()).toHaveLength(4), {
        timeout: 8_000,
        interval: 100,
      });
      expect(performance.now() - started).toBeLessThan(10_000);
      const journal = await attempts();
      expect(journal.map((attempt) => attempt.outcome)).toEqual(['timeout', 'timeout', 'timeout', 'timeout']);
      const times = journal.map((attempt) => Date.parse(attempt.at));
      for (let i = 1; i < 4; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(200);
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });

  it('refuses a --seed or --pact-states that is a device rather than a file, without reading it', async () => {
    for (const option of ['--seed', '--pact-states']) {
      const run = await runCli([option, '/dev/zero']);
      expect(run.code, option).not.toBe(0);
      expect(run.stderr, option).toContain('/dev/zero is not a regular file');
    }
  });

  it('refuses a --webhook-timeout that is not milliseconds from 1 to 600000', async () => {
    for (const bad of ['0', 'soon', '600001']) {
      const run = await runCli(['--webhook-timeout', bad]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        `--webhook-timeout must be a whole number of milliseconds from 1 to 600000, got ${bad}`,
      );
    }
  });

  it('serves a valid OpenAPI document naming its own URL', async () => {
    const cli = await start(['--quiet']);
    const document = await (await fetch(`${cli.url}/openapi.json`)).json();
    expect(document.servers).toEqual([{ url: cli.url, description: 'The service.' }]);
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('names the address a client used as the server when it listens on every interface', async () => {
    const cli = await start(['--quiet', '--host', '0.0.0.0', '--port', '0']);
    const local = cli.url.replace('0.0.0.0', '127.0.0.1');
    const document = await (await fetch(`${local}/openapi.json`)).json();
    expect(document.servers).toEqual([{ url: local, description: 'The service.' }]);
  });

  it('names --public-url as the server, and refuses one that is not an http(s) URL', async () => {
    const proxied = await start(['--quiet', '--public-url', 'https://mock.example.com/']);
    const named = await (await fetch(`${proxied.url}/openapi.json`)).json();
    expect(named.servers).toEqual([{ url: 'https://mock.example.com', description: 'The service.' }]);
    const refused = await runCli(['--public-url', 'mock.example.com']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--public-url must be an http(s) URL');
  }, 40_000);

  it('does not serve the control plane with --no-control, and can turn rate limiting off', async () => {
    const cli = await start(['--quiet', '--no-control', '--no-rate-limit']);
    expect((await fetch(`${cli.url}/__mock/state`)).status).toBe(404);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () =>
        fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('starts from a seed file', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'seed.json'),
      JSON.stringify({
        orgs: [{ _id: 'o' }],
        api_keys: [{ key: 'mine', org_id: 'o' }],
        tags: [{ tag_id: 't', org_id: 'o' }],
      }),
    );
    const cli = await start(['--quiet', '--seed', join(dir, 'seed.json')]);
    expect(cli.stdout()).not.toContain('demo_seller_admin');
    expect(
      (await json(await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer mine' } }))).body.data,
    ).toEqual([{ tag_id: 't', name: 't' }]);
  });

  it('saves its state on SIGTERM and loads it again on the next start', async () => {
    const dir = tempDir();
    const state = join(dir, 'state.json');
    const first = await start(['--quiet', '--state', state]);
    await fetch(`${first.url}/contacts/27821000001/optOut`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo_seller_admin' },
      body: JSON.stringify({ campaign_ids: ['cmp_spring'] }),
    });
    running.splice(running.indexOf(first), 1);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.stdout()).toContain(`Saved state to ${state}`);

    const second = await start(['--quiet', '--state', state]);
    expect(second.stdout()).toContain(`loaded state file ${state}`);
    const contact = await json<{ deduped_campaign_ids: string[] }>(
      await fetch(`${second.url}/contacts/27821000001`, {
        headers: { authorization: 'Bearer demo_seller_admin' },
      }),
    );
    expect(contact.body.data?.deduped_campaign_ids).toEqual(['cmp_spring']);
  });

  it('refuses a corrupt or invalid state file, naming it and leaving it untouched', async () => {
    const dir = tempDir();
    const corrupt = join(dir, 'corrupt.json');
    writeFileSync(corrupt, '{"orgs": [');
    const result = await runCli(['--port', '0', '--state', corrupt]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`State file ${corrupt} is not valid JSON`);
    expect(readFileSync(corrupt, 'utf8')).toBe('{"orgs": [');

    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ tags: [{ tag_id: 't', org_id: 'ghost' }] }));
    const refused = await runCli(['--port', '0', '--state', invalid]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`state file ${invalid} is not a valid seed document`);
    expect(refused.stderr).toContain('tags.0.org_id: Unknown organisation ghost');
  });

  it('prints help, and refuses unknown flags with usage', async () => {
    const help = await runCli(['--help']);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('--state <file>');
    const unknown = await runCli(['--colour']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--colour'");
  });
});
