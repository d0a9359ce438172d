import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, hasChromium, launchChromium } from '../../../test-support/chromium.js';
import { buildPage } from '../src/build.js';
import { servePage } from '../src/serve.js';

if (!hasChromium) {
  console.warn(
    `Skipping the browser example: no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH).`,
  );
}

describe.skipIf(!hasChromium)('the browser example in headless Chromium', () => {
  let server: Server;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    server = servePage(await buildPage(mkdtempSync(join(tmpdir(), 'browser-example-'))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('lists contacts through the SDK against the mock in the service worker, and opts one out on click', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready', undefined, {
      timeout: 20_000,
    });
    expect(await page.locator('#contacts li').allTextContents()).toEqual([
      'Thandi (27821000001) Opt out of News',
      'Sipho (27821000002) Opt out of News',
    ]);
    await page.click('button[data-cell="27821000001"]');
    await page.waitForFunction(() => document.querySelectorAll('#contacts button').length === 1);
    expect(await page.locator('#contacts li').first().textContent()).toBe('Thandi (27821000001) opted out ');
    expect(errors).toEqual([]);
  }, 60_000);
});
