import { afterEach, describe, expect, it } from 'vitest';
import { type CliProcess, runCli, startCli } from '../standalone/cli-process.js';

// The control plane as a browser page or another machine reaches it: a real standalone server.
const running: CliProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
});
async function start(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const cli = await startCli(['--quiet', ...args], { env });
  running.push(cli);
  return cli;
}
// Each test starts servers (a few seconds each on a busy machine).
const SLOW = 60_000;
const evil = { origin: 'https://evil.example' };
const admin = { authorization: 'Bearer demo_seller_admin' };

describe('the standalone control plane, reached from another origin', () => {
  it(
    'answers a cross-origin text/plain reset with 415 and no CORS header, and keeps the world',
    async () => {
      const cli = await start();
      const reset = await fetch(`${cli.url}/__mock/reset`, {
        method: 'POST',
        headers: { ...evil, 'content-type': 'text/plain' },
        body: '{}',
      });
      expect(reset.status).toBe(415);
      expect(reset.headers.get('access-control-allow-origin')).toBeNull();
      expect((await fetch(`${cli.url}/tags`, { headers: admin })).status).toBe(200);
    },
    SLOW,
  );

  it(
    'refuses a form post that would seed an attacker’s key',
    async () => {
      const cli = await start();
      const form = await fetch(`${cli.url}/__mock/seed`, {
        method: 'POST',
        headers: evil,
        body: new URLSearchParams({ '{"api_keys":[{"key":"evil","org_id":"org_seller"}],"x":"': '"}' }),
      });
      expect(form.status).toBe(415);
      expect((await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer evil' } })).status).toBe(
        401,
      );
    },
    SLOW,
  );

  it(
    'gives another origin no access-control-allow-origin on the control plane, and keeps it on the service',
    async () => {
      const cli = await start();
      const state = await fetch(`${cli.url}/__mock/state`, { headers: evil });
      expect(state.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${cli.url}/__mock/reset`, {
        method: 'OPTIONS',
        headers: {
          ...evil,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const service = await fetch(`${cli.url}/tags`, { headers: { ...evil, ...admin } });
      expect(service.headers.get('access-control-allow-origin')).toBe('*');
      const servicePreflight = await fetch(`${cli.url}/tags`, {
        method: 'OPTIONS',
        headers: { ...evil, 'access-control-request-method': 'GET' },
      });
      expect(servicePreflight.status).toBe(204);
      expect(servicePreflight.headers.get('access-control-allow-origin')).toBe('*');
    },
    SLOW,
  );

  it(
    'allows other origins on the control plane with --cors-control',
    async () => {
      const cli = await start(['--cors-control']);
      const state = await fetch(`${cli.url}/__mock/state`, { headers: evil });
      expect(state.headers.get('access-control-allow-origin')).toBe('*');
    },
    SLOW,
  );
});

describe('--control-token', () => {
  it(
    'requires x-mock-token on every control route but health, and accepts the right one',
    async () => {
      const cli = await start(['--control-token', 'team-secret']);
      expect((await fetch(`${cli.url}/__mock/state`)).status).toBe(401);
      expect((await fetch(`${cli.url}/__mock/state`, { headers: { 'x-mock-token': 'wrong' } })).status).toBe(
        401,
      );
      const reset = await fetch(`${cli.url}/__mock/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(reset.status).toBe(401);
      expect(
        (await fetch(`${cli.url}/__mock/state`, { headers: { 'x-mock-token': 'team-secret' } })).status,
      ).toBe(200);
      expect((await fetch(`${cli.url}/__mock/health`)).status).toBe(200);
      // The dashboard page itself holds no data: it loads, then asks for the token.
      expect((await fetch(`${cli.url}/__mock/ui`)).status).toBe(200);
      expect((await fetch(`${cli.url}/tags`, { headers: admin })).status).toBe(200);
    },
    SLOW,
  );

  it(
    'is read from MARKETING_MOCK_CONTROL_TOKEN too, and refused when empty',
    async () => {
      const cli = await start([], { MARKETING_MOCK_CONTROL_TOKEN: 'from-env' });
      expect((await fetch(`${cli.url}/__mock/faults`)).status).toBe(401);
      expect(
        (await fetch(`${cli.url}/__mock/faults`, { headers: { 'x-mock-token': 'from-env' } })).status,
      ).toBe(200);
      const empty = await runCli(['--port', '0'], { env: { MARKETING_MOCK_CONTROL_TOKEN: '' } });
      expect(empty.code).toBe(2);
      expect(empty.stderr).toMatch(/--control-token is empty/);
    },
    SLOW,
  );
});

describe('listening beyond this machine', () => {
  it(
    'warns on stderr, naming the risk, with a non-loopback --host and no token',
    async () => {
      const open = await start(['--host', '0.0.0.0']);
      // Written before the server listens; the pipe may still deliver it after the banner.
      for (let i = 0; i < 100 && !open.stderr().includes('warning'); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(open.stderr()).toMatch(
        /warning: listening on 0\.0\.0\.0 with the control plane open and no --control-token/,
      );
      expect(open.stderr()).toMatch(/read every API key and contact/);
    },
    SLOW,
  );

  it(
    'does not warn on loopback, with a token, or with the control plane off',
    async () => {
      for (const args of [
        ['--host', '127.0.0.1'],
        ['--host', '0.0.0.0', '--control-token', 't'],
        ['--host', '0.0.0.0', '--no-control'],
      ]) {
        const cli = await start(args);
        expect(cli.stderr(), args.join(' ')).toBe('');
      }
    },
    SLOW,
  );
});

describe('--no-control', () => {
  it(
    'keeps GET /__mock/health and answers 404 to every other control route and the dashboard',
    async () => {
      const cli = await start(['--no-control']);
      expect(cli.stdout()).toContain(`Health:           ${cli.url}/__mock/health`);
      const health = await fetch(`${cli.url}/__mock/health`);
      expect(health.status).toBe(200);
      expect((await health.json()).data.status).toBe('ok');
      expect((await fetch(`${cli.url}/__mock/state`)).status).toBe(404);
      expect((await fetch(`${cli.url}/__mock/ui`)).status).toBe(404);
    },
    SLOW,
  );
});
