import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../../../../test-support/chromium.js';
import { type CliProcess, startCli } from './cli-process.js';

describe.skipIf(!hasChromium)('the dashboard’s world picker, in headless Chromium', () => {
  let cli: CliProcess;
  let browser: Browser;

  beforeAll(async () => {
    cli = await startCli(['--quiet']);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await cli?.stop('SIGKILL');
  });

  it('shows the picked world’s journal and curl, and keeps the choice in the address', async () => {
    await fetch(`${cli.url}/__mock/worlds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci-7' }),
    });
    await fetch(`${cli.url}/worlds/ci-7/contacts/27829999999`, {
      headers: { authorization: 'Bearer demo_seller_admin' },
    });
    await fetch(`${cli.url}/contacts/27821000000`, {
      headers: { authorization: 'Bearer demo_seller_admin' },
    });

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${cli.url}/__mock/ui`);
    await page.getByRole('button', { name: /GET \/contacts\/27821000000 200/ }).waitFor({ timeout: 15_000 });
    const picker = page.getByLabel('World', { exact: true });
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['default', 'ci-7']);

    await picker.selectOption('ci-7');
    const worldRow = page.getByRole('button', { name: /GET \/contacts\/27829999999 404/ });
    await worldRow.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: /GET \/contacts\/27821000000/ }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('world')).toBe('ci-7');
    await worldRow.click();
    expect(await page.locator('.curl').textContent()).toContain(
      `curl -s -g -X 'GET' '${cli.url}/worlds/ci-7/contacts/27829999999'`,
    );

    const direct = await browser.newPage();
    await direct.goto(`${cli.url}/__mock/ui?world=ci-7`);
    await direct
      .getByRole('button', { name: /GET \/contacts\/27829999999 404/ })
      .waitFor({ timeout: 15_000 });
    expect(await direct.getByLabel('World', { exact: true }).inputValue()).toBe('ci-7');

    await picker.selectOption('');
    await page.getByRole('button', { name: /GET \/contacts\/27821000000 200/ }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  }, 90_000);

  it('shows no clock time or mode for a world that does not exist', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${cli.url}/__mock/ui?world=nope`);
    await expect
      .poll(() => page.locator('.clock [role=status]').textContent(), { timeout: 15_000 })
      .toMatch(/nope/);
    expect(await page.locator('#clock-now').textContent()).toBe('');
    expect(await page.locator('#clock-mode').count()).toBe(0);
    await page.close();
  }, 60_000);
});
