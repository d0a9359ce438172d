import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../../../../test-support/chromium.js';
import { type CliProcess, startCli } from './cli-process.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The bytes as sent (fetch would undo the gzip).
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; length: number }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      let length = 0;
      res.on('data', (d: Buffer) => {
        length += d.length;
      });
      res.on('end', () => resolve({ headers: res.headers, length }));
    }).on('error', reject);
  });
}

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
    // The screenshots are kept only when they are the guide's.
    if (!process.env.UPDATE_DOCS_SCREENSHOTS) rmSync(shots, { recursive: true, force: true });
  });

  async function axeViolations(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: axePath });
    const result = await page.evaluate(() =>
      (
        window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }
      ).axe.run(),
    );
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  }

  it('finds a failing call by keyboard, opens it to see the error, the answer headers and the curl', async () => {
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
    await fetch(`${cli.url}/contacts/search`, { headers: { authorization: 'Bearer demo_seller_admin' } });
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
    // One Tab stop for the whole list; arrows move within it, Enter opens and moves focus.
    await page.getByRole('button', { name: /GET \/contacts\/search 405/ }).focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('/compliance/send');
    await page.keyboard.press('Enter');
    const detail = page.getByRole('article', { name: 'Request detail' });
    await expect.poll(() => detail.textContent()).toContain('campaignId: Unknown query parameter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-label')))
      .toBe('Request detail');
    expect(await detail.textContent()).toContain('Did you mean campaignId → campaign_id?');
    expect(await detail.locator('.answer-headers').textContent()).toMatch(/x-request-id: req_/);
    expect(await detail.locator('.curl').textContent()).toContain(
      `curl -s -g -X 'POST' '${cli.url}/compliance/send?campaignId=cmp_spring'`,
    );
    expect(await detail.textContent()).toMatch(/\d{4}-\d\d-\d\dT/);
    expect(await page.locator('.row .time').first().textContent()).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'dashboard-request.png') });
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('/compliance/send');

    // The open request survives a trip to another tab.
    await failing.click();
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await expect.poll(() => page.locator('table').textContent()).toContain('27831234567');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'dashboard-outbox.png') });
    await page.getByRole('tab', { name: 'Requests' }).click();
    await expect.poll(() => detail.textContent()).toContain('campaignId: Unknown query parameter');

    const before = await page.locator('#clock-now').textContent();
    await page.getByRole('button', { name: '+1d' }).click();
    await expect
      .poll(
        async () =>
          Date.parse((await page.locator('#clock-now').textContent()) ?? '') - Date.parse(before ?? ''),
      )
      .toBeGreaterThanOrEqual(86_400_000);

    for (const name of ['Webhooks', 'Contacts', 'Faults', 'State']) {
      await page.getByRole('tab', { name }).click();
      const panel = page.getByRole('tabpanel', { name });
      await panel.waitFor();
      expect(await axeViolations(page), name).toEqual([]);
    }
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByLabel('Cell').fill('27821000001');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => page.locator('table').textContent()).toContain('tag_all');
    expect(errors).toEqual([]);
  }, 90_000);

  it('filters by status class, failures only and request ID, and explains a dropped connection', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fetch(`${cli.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/tags', drop: true }),
    });
    await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } }).catch(
      () => undefined,
    );
    const ok = await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } });
    const okId = ok.headers.get('x-request-id')!;
    await page.goto(`${cli.url}/__mock/ui`);
    const rows = page.locator('button.row');
    await rows.first().waitFor();
    await page.getByLabel('Status').fill('4xx');
    const statuses = page.locator('.row .status');
    await expect
      .poll(async () => {
        const shown = await statuses.allTextContents();
        return shown.length > 0 && shown.every((t) => /^4\d\d$/.test(t));
      })
      .toBe(true);
    await page.getByLabel('Status').fill('4x');
    await expect.poll(() => page.locator('.error').textContent()).toContain('a code (404) or a class');
    await page.getByLabel('Status').fill('');
    await page.getByLabel('Failures only').check();
    await expect.poll(() => rows.allTextContents()).toContainEqual(expect.stringContaining('0 dropped'));
    await page.getByRole('button', { name: /GET \/tags 0 dropped/ }).click();
    await expect
      .poll(() => page.getByRole('article', { name: 'Request detail' }).textContent())
      .toContain('dropped the connection');
    await page.getByLabel('Failures only').uncheck();
    await page.getByLabel('Request ID').fill(okId);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('/tags200');
    await page.close();
  }, 60_000);

  it('arms and disarms a fault, clears the journal, and shows a webhook’s cause with Redeliver', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${cli.url}/__mock/ui`);
    await page.getByRole('tab', { name: 'Faults' }).click();
    await page.getByLabel('Path').fill('/tags');
    // A field that is not a number is said in the form's words, and nothing is armed.
    await page.getByLabel('Delay (ms)').fill('abc');
    await page.getByRole('button', { name: 'Arm fault' }).click();
    await expect
      .poll(() => page.locator('section[aria-label=Faults] > [role=status]').textContent())
      .toBe('Delay (ms): a whole number, not “abc”');
    expect((await (await fetch(`${cli.url}/__mock/faults`)).json()).data).toEqual([]);
    expect(await page.getByLabel('Delay (ms)').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('delay_ms');
    await page.getByLabel('Delay (ms)').fill('');
    expect(await page.getByLabel('Delay (ms)').getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Retry-After').fill('7');
    await page.getByRole('button', { name: 'Arm fault' }).click();
    await expect.poll(() => page.locator('table').textContent()).toContain('/tags');
    const armed = (await (await fetch(`${cli.url}/__mock/faults`)).json()).data;
    expect(armed).toMatchObject([{ path: '/tags', status: 503, headers: { 'retry-after': '7' } }]);
    await page.screenshot({ path: join(shots, 'dashboard-faults.png') });
    await page.getByRole('button', { name: `Disarm ${armed[0].fault_id}` }).click();
    await expect.poll(async () => (await (await fetch(`${cli.url}/__mock/faults`)).json()).data).toEqual([]);

    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByRole('button', { name: 'Clear journal' }).click();
    await expect
      .poll(async () => (await (await fetch(`${cli.url}/__mock/requests/count`)).json()).data.count)
      .toBe(0);
    await expect.poll(() => page.locator('.tools [role=status]').textContent()).toContain('Journal cleared');
    await expect.poll(() => page.locator('.tools [role=status]').textContent(), { timeout: 10_000 }).toBe('');

    // A hook pointed at a closed port: the delivery shows the cause, and Redeliver tries again.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const seed = await (await fetch(`${cli.url}/__mock/state`)).json();
    await fetch(`${cli.url}/__mock/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        hooks: [
          {
            _id: 'hook_dash',
            org_id: seed.data.orgs[0]._id,
            type: 'webhook',
            url: `http://127.0.0.1:${closedPort}/in`,
          },
        ],
        campaigns: [
          { _id: 'cmp_dash', org_id: seed.data.orgs[0]._id, name: 'Dash', hook_ids: ['hook_dash'] },
        ],
        sends: [
          { _id: 'snd_dash', org_id: seed.data.orgs[0]._id, campaign_id: 'cmp_dash', cell: '27821000001' },
        ],
      }),
    });
    await fetch(`${cli.url}/__mock/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '27821000001', message: 'hello', send_id: 'snd_dash' }),
    });
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.locator('button.link').first().click();
    const delivery = page.getByRole('article', { name: 'Webhook delivery' });
    await expect.poll(() => delivery.textContent(), { timeout: 20_000 }).toContain('ECONNREFUSED');
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await expect
      .poll(() => delivery.textContent(), { timeout: 20_000 })
      .toMatch(/Attempt \d+: connection_error/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'dashboard-webhook.png') });
    await page.close();
  }, 90_000);

  it('cuts a long webhook URL in the table and the detail, and closes the detail with Escape', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = `http://127.0.0.1:${closedPort}/in?pad=${'p'.repeat(3_000)}`;
    const org = (await (await fetch(`${cli.url}/__mock/state`)).json()).data.orgs[0]._id;
    const seeded = await fetch(`${cli.url}/__mock/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        hooks: [{ _id: 'hook_long', org_id: org, type: 'webhook', url }],
        campaigns: [{ _id: 'cmp_long', org_id: org, name: 'Long', hook_ids: ['hook_long'] }],
        sends: [{ _id: 'snd_long', org_id: org, campaign_id: 'cmp_long', cell: '27821000002' }],
      }),
    });
    expect(seeded.status).toBe(200);
    await fetch(`${cli.url}/__mock/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '27821000002', message: 'hello', send_id: 'snd_long' }),
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${cli.url}/__mock/ui`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const row = page.getByRole('row').filter({ hasText: 'pppp' }).first();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('more characters');
    // Whole, the URL made each attempt's row about 1,500 px tall.
    expect((await row.boundingBox())!.height).toBeLessThan(200);
    await row.locator('button.link').click();
    const delivery = page.getByRole('article', { name: 'Webhook delivery' });
    await expect.poll(() => delivery.locator('h2').textContent()).toContain('more characters');
    expect((await delivery.locator('h2').boundingBox())!.height).toBeLessThan(150);
    // The whole URL is still there to read and copy, below the heading, in a box of its own that
    // leaves the cause in view.
    expect(await delivery.locator('pre.url').textContent()).toBe(url);
    expect((await delivery.locator('pre.url').boundingBox())!.height).toBeLessThan(150);
    // Escape closes it wherever focus went: after a click on its text, or Redeliver.
    await delivery.locator('h3').first().click();
    await page.keyboard.press('Escape');
    await expect.poll(() => delivery.count()).toBe(0);
    await row.locator('button.link').click();
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => delivery.textContent(), { timeout: 20_000 }).toMatch(/Attempt \d+:/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Redeliver');
    await page.keyboard.press('Escape');
    await expect.poll(() => delivery.count()).toBe(0);
    await row.locator('button.link').click();
    await page.getByRole('button', { name: 'Close the detail (Escape)' }).click();
    await expect.poll(() => delivery.count()).toBe(0);
    // With no delivery open, the table takes the page's width.
    expect((await page.locator('.webhooks table').boundingBox())!.width).toBeGreaterThan(1000);
    await page.close();
    // On a phone the table keeps room for its URLs (it scrolls sideways in its frame): squeezed to
    // 54 px, each row was 1,400 px tall.
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await phone.goto(`${cli.url}/__mock/ui`);
    await phone.getByRole('tab', { name: 'Webhooks' }).click();
    const phoneRow = phone.getByRole('row').filter({ hasText: 'pppp' }).first();
    await expect.poll(() => phoneRow.count(), { timeout: 20_000 }).toBe(1);
    expect((await phoneRow.boundingBox())!.height).toBeLessThan(200);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  }, 90_000);

  it('cuts a 10,000-character path in the detail’s heading and wraps the hint that quotes it', async () => {
    const answer = await fetch(`${cli.url}/contacts/${'W'.repeat(10_000)}`, {
      headers: { authorization: 'Bearer demo_seller_admin' },
    });
    expect(answer.status).toBe(400);
    const requestId = answer.headers.get('x-request-id')!;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${cli.url}/__mock/ui`);
    await page.getByLabel('Request ID').fill(requestId);
    await page.locator('button.row').first().click();
    const detail = page.getByRole('article', { name: 'Request detail' });
    await expect.poll(() => detail.locator('h2').textContent()).toContain('9,890 more characters');
    expect((await detail.locator('h2').boundingBox())!.height).toBeLessThan(200);
    // The hint quotes the whole path: on one unbroken line it ran out of its box, unreadable.
    const hint = detail.locator('.hint').first();
    expect(await hint.textContent()).toContain('WWWW');
    expect(await hint.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    await page.close();
  }, 60_000);

  it('shows a body the journal cut as cut, and repeats it with curl from a file', async () => {
    const contacts = Array.from({ length: 1_500 }, (_, i) => ({
      cell: `2782${String(5_000_000 + i).padStart(7, '0')}`,
      firstname: 'F'.repeat(40),
      lastname: 'L'.repeat(40),
    }));
    const upload = await fetch(`${cli.url}/contacts`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo_seller_admin', 'content-type': 'application/json' },
      body: JSON.stringify({ contacts }),
    });
    expect(upload.status).toBe(200);
    const requestId = upload.headers.get('x-request-id')!;
    const entry = (await (await fetch(`${cli.url}/__mock/requests/${requestId}`)).json()).data;
    expect(entry.body_truncated).toBe(true);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${cli.url}/__mock/ui`);
    await page.getByLabel('Request ID').fill(requestId);
    await page
      .getByRole('button', { name: /POST \/contacts/ })
      .first()
      .click();
    const detail = page.getByRole('article', { name: 'Request detail' });
    await expect
      .poll(() => detail.textContent())
      .toContain('The body was longer than the 64 kB the journal keeps');
    const curl = await detail.locator('.curl').textContent();
    expect(curl).toContain(`--data-binary '@request-body.json'`);
    expect(curl).not.toContain('--data-raw');
    await page.close();
  }, 60_000);

  it('shows the newest 200 requests of a longer journal, says how many there are, and shows all on asking', async () => {
    const own = await startCli(['--quiet', '--journal-limit', '2000']);
    try {
      for (let n = 0; n < 260; n += 20)
        await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(`${own.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } }),
          ),
        );
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${own.url}/__mock/ui`);
      const note = page.locator('.note[role=status]');
      await expect
        .poll(() => note.textContent(), { timeout: 15_000 })
        .toContain('Showing the newest 200 of 260 requests');
      expect(await page.locator('button.row').count()).toBe(200);
      // Requests made meanwhile are added to the list, and to the count it gives.
      for (let n = 0; n < 10; n++)
        await fetch(`${own.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } });
      await expect
        .poll(() => note.textContent(), { timeout: 10_000 })
        .toContain('Showing the newest 210 of 270 requests');
      await page.getByRole('button', { name: 'Show all 270' }).click();
      await expect.poll(() => page.locator('button.row').count()).toBe(270);
      await expect.poll(() => note.count()).toBe(0);
      await fetch(`${own.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } });
      await expect.poll(() => page.locator('button.row').count(), { timeout: 10_000 }).toBe(271);
      expect(await note.count()).toBe(0);
      // Past the 1,000 a page holds, the list says the journal holds more.
      for (let n = 0; n < 800; n += 50)
        await Promise.all(
          Array.from({ length: 50 }, () =>
            fetch(`${own.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } }),
          ),
        );
      await expect
        .poll(() => note.textContent(), { timeout: 15_000 })
        .toContain('Showing the newest 1,000 of 1,071 requests');
      // Filtered to nothing, the list says so rather than "No requests yet"; typed key by key, the
      // filter asks the journal once the typing stops, not once a key.
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('path=')) asked.push(request.url());
      });
      await page.getByLabel('Path').click();
      await page.keyboard.type('/nothing/here', { delay: 30 });
      await expect
        .poll(() => page.locator('.list .empty').textContent(), { timeout: 10_000 })
        .toBe('No requests match these filters.');
      expect(asked.length).toBeLessThanOrEqual(3);
      await page.close();
    } finally {
      await own.stop('SIGKILL');
    }
  }, 60_000);

  it('opens the detail on top on a phone, without sideways scrolling', async () => {
    await fetch(`${cli.url}/compliance/send?campaignId=cmp_spring`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo_seller_supplier' },
      body: JSON.stringify({ cells: ['27821000001'], country: 'ZA' }),
    });
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${cli.url}/__mock/ui`);
    await phone
      .getByRole('button', { name: /POST \/compliance\/send 400/ })
      .first()
      .click();
    const detail = phone.getByRole('article', { name: 'Request detail' });
    await expect.poll(() => detail.textContent()).toContain('campaignId');
    const [detailBox, listBox] = [await detail.boundingBox(), await phone.locator('.list').boundingBox()];
    expect(detailBox!.y).toBeLessThan(listBox!.y);
    expect(detailBox!.y).toBeLessThan(844);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The rows give the path the width (the time goes above it): beside the time, it had about
    // 40 px, and every row read "POST /…".
    const path = phone.locator('button.row .path').filter({ hasText: '/compliance/send' }).first();
    expect((await path.boundingBox())!.width).toBeGreaterThan(150);
    expect(await path.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: join(shots, 'dashboard-phone.png') });
    await phone.close();
  }, 60_000);

  it('wraps a contact’s long name within the page, shown as text, and cuts one of 200,000 characters', async () => {
    const name = `<b>bold?</b>${'L'.repeat(200_000)}`;
    const seeded = await fetch(`${cli.url}/__mock/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contacts: [{ org_id: 'org_seller', cell: '27829990001', firstname: name }] }),
    });
    expect(seeded.status).toBe(200);
    // The contact looked up on the Contacts tab, in a page of this size.
    const lookedUp = async (viewport: { width: number; height: number }) => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${cli.url}/__mock/ui`);
      await page.getByRole('tab', { name: 'Contacts' }).click();
      await page.getByLabel('Cell').fill('27829990001');
      await page.getByRole('button', { name: 'Look up' }).click();
      return page;
    };
    const page = await lookedUp({ width: 1280, height: 800 });
    await expect.poll(() => page.locator('table').textContent()).toContain('<b>bold?</b>LLL');
    expect(await page.locator('table').textContent()).toContain('… 199,512 more characters');
    // The table scrolls sideways inside its frame when it is too wide: it must not need to.
    const table = page.locator('.table-wrap').filter({ hasText: '27829990001' });
    expect(await table.evaluate((frame) => frame.scrollWidth - frame.clientWidth)).toBeLessThanOrEqual(0);
    const updated = await page.getByRole('columnheader', { name: 'Updated' }).boundingBox();
    expect(updated!.x + updated!.width).toBeLessThanOrEqual(1280);
    const cellColumn = await page.getByRole('cell', { name: '27829990001' }).boundingBox();
    expect(cellColumn!.width).toBeGreaterThan(60);
    await page.screenshot({ path: join(shots, 'dashboard-long-name.png') });
    await page.close();
    // On a phone too: wrapped whole, such a name held the page for over 100 s.
    const phone = await lookedUp({ width: 390, height: 844 });
    await expect.poll(() => phone.locator('table').textContent()).toContain('more characters');
    await phone.screenshot({ path: join(shots, 'dashboard-long-name-phone.png') });
    await phone.close();
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

  it('empties the request list when the journal is emptied elsewhere, then shows what comes after', async () => {
    const admin = { authorization: 'Bearer demo_seller_admin' };
    await fetch(`${cli.url}/contacts/27821000001`, { headers: admin });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${cli.url}/__mock/ui`);
    const rows = page.locator('.list button.row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // A reset from a test run or a terminal, not from this page: back to the demo world.
    await fetch(`${cli.url}/__mock/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    await fetch(`${cli.url}/tags`, { headers: admin });
    await expect
      .poll(() => rows.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/GET\/tags200/)]);
    await page.close();
  }, 60_000);

  it('lists the newest 500 webhook attempts and outbox messages of longer lists, and says so', async () => {
    const org = (await (await fetch(`${cli.url}/__mock/state`)).json()).data.orgs[0]._id;
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    const seeded = await fetch(`${cli.url}/__mock/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        webhook_deliveries: Array.from({ length: 600 }, (_, i) => ({
          delivery_id: `whd_many${i}`,
          hook_id: 'hook_many',
          org_id: org,
          url: `http://127.0.0.1:9/many/${i}`,
          method: 'POST',
          headers: {},
          attempt: 1,
          outcome: 'delivered',
          status: 200,
          at: at(i),
        })),
        outbox: Array.from({ length: 600 }, (_, i) => ({
          _id: `msg_many${i}`,
          org_id: org,
          channel: 'sms',
          to: '27821000001',
          content: `Message number ${i}`,
          cost: 1,
          trigger: 'manualSingle',
          send_id: `snd_many${i}`,
          status: 'sent',
          createdAt: at(i),
        })),
      }),
    });
    expect(seeded.status).toBe(200);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${cli.url}/__mock/ui`);
    for (const [tab, newest, oldest, path] of [
      ['Webhooks', 'whd_many599', /whd_many99(?!\d)/, 'webhooks'],
      ['Outbox', 'Message number 599', /Message number 99(?!\d)/, 'outbox'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const section = page.getByRole('region', { name: tab });
      await expect.poll(() => section.getByRole('row').count(), { timeout: 20_000 }).toBe(501);
      expect(await section.locator('p.note').textContent()).toContain(`GET /__mock/${path} lists them all`);
      expect(await section.getByRole('row').nth(1).textContent()).toContain(newest);
      expect(await section.textContent()).not.toMatch(oldest);
      await page.screenshot({ path: join(shots, `dashboard-newest-${path}.png`) });
    }
    await page.close();
  }, 60_000);

  it('serves the page from the standalone server with no CDN, within its size budget', async () => {
    const response = await fetch(`${cli.url}/__mock/ui`);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/);
    const { gzipSync } = await import('node:zlib');
    expect(gzipSync(page).length).toBeLessThan(40 * 1024);
  });

  it('gzips the page and large journal pages for a client that accepts it', async () => {
    for (let n = 0; n < 30; n++)
      await fetch(`${cli.url}/tags`, { headers: { authorization: 'Bearer demo_seller_admin' } });
    for (const path of ['/__mock/ui', '/__mock/requests?limit=1000']) {
      const zipped = await rawGet(`${cli.url}${path}`, { 'accept-encoding': 'gzip' });
      expect(zipped.headers['content-encoding'], path).toBe('gzip');
      const plain = await rawGet(`${cli.url}${path}`, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.length).toBeLessThan(plain.length / 2);
    }
  });
});
