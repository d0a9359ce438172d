import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../../../../test-support/chromium.js';
import { type CliProcess, startCli } from './cli-process.js';

// UPDATE_DOCS_SCREENSHOTS=1 writes the screenshots the dashboard guide shows.
const shots = process.env.UPDATE_DOCS_SCREENSHOTS
  ? fileURLToPath(new URL('../../../../docs/images/', import.meta.url))
  : mkdtempSync(join(tmpdir(), 'dashboard-shots-'));

describe.skipIf(!hasChromium)('the dashboard, used in headless Chromium', () => {
  let cli: CliProcess;
  let browser: Browser;

  beforeAll(async () => {
    cli = await startCli(['--quiet']);
    browser = await launchChromium();
  }, 60_000);

  it('shows the clock’s mode, freezes it, sets it and goes back to real time', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${cli.url}/__mock/ui`);
    const mode = page.locator('#clock-mode');
    await expect.poll(() => mode.textContent()).toBe('real time');
    await page.getByRole('button', { name: 'Freeze' }).click();
    await expect.poll(() => mode.textContent()).toBe('frozen');
    await page.getByLabel('Set to').fill('2031-02-03T09:00:00Z');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await expect.poll(() => page.locator('#clock-now').textContent()).toBe('2031-02-03T09:00:00.000Z');
    await page.locator('.clock').screenshot({ path: join(shots, 'dashboard-clock.png') });
    await page.getByLabel('Set to').fill('10000-01-01');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('outside the years 1970 to 9999');
    await page.getByRole('button', { name: 'Real time' }).click();
    await expect.poll(() => mode.textContent()).toBe('real time');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await cli?.stop('SIGKILL');
  });

  it('finds a failing call, opens it to see the error and the curl, and advances the clock', async () => {
    await fetch(`${cli.url}/contacts/27821000001`, {
      headers: { authorization: 'Bearer demo_seller_admin' },
    });
    await fetch(`${cli.url}/send/sms`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo_seller_admin' },
      body: JSON.stringify({
        content: 'Hi',
        cell: '27831234567',
        skipNonContacts: false,
        country: 'ZA',
        deliveryMethod: 'standard',
      }),
    });
    await fetch(`${cli.url}/compliance/send?campaignId=cmp_spring`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo_seller_supplier' },
      body: JSON.stringify({ cells: ['27821000001'], country: 'ZA' }),
    });

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${cli.url}/__mock/ui`);
    const failing = page.getByRole('button', { name: /POST \/compliance\/send 400/ });
    await failing.waitFor({ timeout: 15_000 });
    // By keyboard: the rows are buttons.
    await failing.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('article', { name: 'Request detail' });
    await expect.poll(() => detail.textContent()).toContain('campaignId: Unknown query parameter');
    expect(await detail.textContent()).toContain('Did you mean campaignId → campaign_id?');
    expect(await detail.locator('.curl').textContent()).toContain(
      `curl -s -X POST "${cli.url}/compliance/send?campaignId=cmp_spring"`,
    );
    await page.screenshot({ path: join(shots, 'dashboard-request.png') });

    const before = await page.locator('#clock-now').textContent();
    await page.getByRole('button', { name: '+1d' }).click();
    await expect
      .poll(
        async () =>
          Date.parse((await page.locator('#clock-now').textContent()) ?? '') - Date.parse(before ?? ''),
      )
      .toBeGreaterThanOrEqual(86_400_000);

    await page.getByRole('tab', { name: 'Outbox' }).click();
    await expect.poll(() => page.locator('table').textContent()).toContain('27831234567');
    await page.screenshot({ path: join(shots, 'dashboard-outbox.png') });

    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByLabel('Cell').fill('27821000001');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => page.locator('table').textContent()).toContain('tag_all');

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${cli.url}/__mock/ui`);
    await phone.getByRole('button', { name: /POST \/compliance\/send 400/ }).click();
    await phone.getByRole('article', { name: 'Request detail' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: join(shots, 'dashboard-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);

  it('lets a page from another origin call the mock: the browser’s own preflight is answered', async () => {
    // A page served from another port, as a browser app in development would be.
    const app = createServer((_, res) => res.end('<!doctype html><title>app</title>'));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const page = await browser.newPage();
    try {
      await page.goto(origin);
      const answer = await page.evaluate(async (mockUrl) => {
        const res = await fetch(`${mockUrl}/tags`, {
          headers: { authorization: 'Bearer demo_seller_admin' },
        });
        return { status: res.status, requestId: res.headers.get('x-request-id') };
      }, cli.url);
      expect(answer).toEqual({ status: 200, requestId: expect.stringMatching(/^req_/) });
    } finally {
      await page.close();
      app.close();
    }
  });

  it('serves the page from the standalone server with no CDN, within its size budget', async () => {
    const response = await fetch(`${cli.url}/__mock/ui`);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/);
    const { gzipSync } = await import('node:zlib');
    expect(gzipSync(page).length).toBeLessThan(40 * 1024);
  });
});
