import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../../../../test-support/chromium.js';
import { type CliProcess, startCli } from '../standalone/cli-process.js';

// A page on another origin (another port) does what any web page a developer opens could do.
function attackerPage(mockUrl: string): string {
  const seed = '{"api_keys":[{"key":"evil","org_id":"org_seller"}],"x":"';
  return `<!doctype html><body>
<iframe name="sink"></iframe>
<form id="seed" method="POST" enctype="text/plain" target="sink" action="${mockUrl}/__mock/seed">
  <input name='${seed}' value='"}'>
</form>
<script>
window.attack = async () => {
  const results = {};
  await fetch('${mockUrl}/__mock/reset', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' });
  await fetch('${mockUrl}/__mock/reset', { method: 'POST', mode: 'no-cors' });
  document.getElementById('seed').submit();
  try {
    results.state = await (await fetch('${mockUrl}/__mock/state')).text();
  } catch (error) {
    results.state = 'blocked: ' + error.name;
  }
  try {
    await fetch('${mockUrl}/__mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    results.jsonReset = 'sent';
  } catch (error) {
    results.jsonReset = 'blocked: ' + error.name;
  }
  return results;
};
</script></body>`;
}

const waitFor = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(!hasChromium)('the control plane in a real browser', () => {
  let browser: Browser;
  const running: CliProcess[] = [];
  const servers: Server[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.stop('SIGKILL')));
    for (const server of servers.splice(0)) server.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('cannot be reset, seeded or read by a page on another origin', async () => {
    const cli = await startCli([]);
    running.push(cli);
    const site = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(attackerPage(cli.url));
    });
    servers.push(site);
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const results = await page.evaluate(() => (window as unknown as { attack(): Promise<unknown> }).attack());

    expect(results).toEqual({ state: 'blocked: TypeError', jsonReset: 'blocked: TypeError' });
    // The browser did send the simple requests (the log shows them refused), and the form post.
    await waitFor(() => (cli.stdout().match(/POST \/__mock\/reset 415/g) ?? []).length === 2, 'the resets');
    await waitFor(() => /POST \/__mock\/seed 415/.test(cli.stdout()), 'the form post');
    // The world is the one the mock started with: the demo key works, the attacker's does not.
    const demo = await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } });
    expect(demo.status).toBe(200);
    const evil = await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer evil' } });
    expect(evil.status).toBe(401);
    await page.close();
  }, 90_000);

  it('has the dashboard refuse to be framed by a page on another origin', async () => {
    const cli = await startCli(['--quiet']);
    running.push(cli);
    const site = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><body><iframe src="${cli.url}/__mock/ui" width="800" height="600"></iframe></body>`,
      );
    });
    servers.push(site);
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const page = await browser.newPage();
    const refused = page.waitForEvent('console', (message) =>
      /frame-ancestors|Refused to display/i.test(message.text()),
    );
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    await refused;
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    expect(await frame.locator('#clock-now').count()).toBe(0);
    // Opened as a page of its own, it shows the clock.
    const direct = await browser.newPage();
    await direct.goto(`${cli.url}/__mock/ui`);
    await expect
      .poll(() => direct.locator('#clock-now').textContent(), { timeout: 15_000 })
      .toMatch(/\d{4}-/);
    await Promise.all([page.close(), direct.close()]);
  }, 60_000);

  it('has the dashboard ask for the control token once and keep it in the tab', async () => {
    const cli = await startCli(['--quiet', '--control-token', 'team-secret']);
    running.push(cli);
    const page = await browser.newPage();
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept('team-secret');
    });
    await page.goto(`${cli.url}/__mock/ui`);
    await expect.poll(() => page.locator('#clock-now').textContent(), { timeout: 15_000 }).toMatch(/\d{4}-/);
    expect(prompts).toEqual(['This mock needs its control token (--control-token):']);
    expect(await page.evaluate(() => sessionStorage.getItem('marketing-mock-control-token'))).toBe(
      'team-secret',
    );
    await page.reload();
    await expect.poll(() => page.locator('#clock-now').textContent(), { timeout: 15_000 }).toMatch(/\d{4}-/);
    expect(prompts).toHaveLength(1);
    await page.close();
  }, 90_000);

  it('has the dashboard offer the token again after its prompt was cancelled, and say when one was refused', async () => {
    const cli = await startCli(['--quiet', '--control-token', 'team-secret']);
    running.push(cli);
    const page = await browser.newPage();
    const prompts: string[] = [];
    const answers: (string | null)[] = [null, 'wrong-secret', 'team-secret'];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      const answer = answers.shift();
      void (answer === null || answer === undefined ? dialog.dismiss() : dialog.accept(answer));
    });
    await page.goto(`${cli.url}/__mock/ui`);
    const banner = page.getByRole('alert').filter({ hasText: '--control-token' });
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(1);
    // Cancelled, the page sends nothing more until asked (its polls went on being refused, a 401
    // every second and a half each, and the world picker's every 5 s).
    const sent: string[] = [];
    page.on('request', (request) => sent.push(request.url()));
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(sent).toEqual([]);
    expect(prompts).toHaveLength(1);
    await page.getByRole('button', { name: 'Enter the token' }).click();
    await expect.poll(() => page.locator('#clock-now').textContent(), { timeout: 15_000 }).toMatch(/\d{4}-/);
    expect(prompts).toEqual([
      'This mock needs its control token (--control-token):',
      'This mock needs its control token (--control-token):',
      'That control token was refused. Enter this mock’s control token (--control-token):',
    ]);
    await expect.poll(() => banner.count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('marketing-mock-control-token'))).toBe(
      'team-secret',
    );
    await page.close();
  }, 90_000);
});
