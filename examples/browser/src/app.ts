// The page: starts the mock in msw's service worker, then uses the SDK exactly as against the
// live service. Only requests under /api are the service's; the page's own files pass through.
import { createMockService } from '@marketing/mock-server';
import { mswHandlers } from '@marketing/mock-server/msw';
import { Client, isApiError } from '@marketing/sdk';
import { setupWorker } from 'msw/browser';

const baseUrl = `${location.origin}/api`;
const mock = createMockService({
  baseUrl,
  seed: {
    orgs: [{ _id: 'org' }],
    api_keys: [{ key: 'browser_key', org_id: 'org' }],
    tags: [{ tag_id: 'tag_vip', org_id: 'org', name: 'VIP' }],
    campaigns: [{ _id: 'cmp_news', org_id: 'org', name: 'News' }],
    contacts: [
      { org_id: 'org', cell: '27821000001', firstname: 'Thandi', tag_ids: ['tag_vip'] },
      { org_id: 'org', cell: '27821000002', firstname: 'Sipho', tag_ids: ['tag_vip'] },
      { org_id: 'org', cell: '27821000003', firstname: 'Lerato' },
    ],
  },
});
await setupWorker(...mswHandlers(mock)).start({ onUnhandledRequest: 'bypass', quiet: true });

// The key here belongs to the in-page mock, so it may be public: a real key must stay on a server,
// which is why the client refuses to start in a browser unless told otherwise.
const client = new Client({ apiKey: 'browser_key', baseUrl, dangerouslyAllowBrowser: true });
const status = document.querySelector('#status')!;
const list = document.querySelector('#contacts')!;

async function render() {
  list.replaceChildren();
  for await (const contact of client.contacts.searchAll({
    find: { tag_ids: { $in: ['tag_vip'] } },
    projection: { cell: 1, firstname: 1, deduped_campaign_ids: 1 },
  })) {
    const item = document.createElement('li');
    const optedOut = contact.deduped_campaign_ids?.includes('cmp_news');
    item.textContent = `${contact.firstname} (${contact.cell})${optedOut ? ' opted out' : ''} `;
    if (!optedOut) {
      const button = document.createElement('button');
      button.textContent = 'Opt out of News';
      button.dataset.cell = contact.cell;
      button.onclick = async () => {
        await client.contacts.optOut(contact.cell, { campaign_ids: ['cmp_news'] });
        await render();
      };
      item.append(button);
    }
    list.append(item);
  }
  status.textContent = 'ready';
}

try {
  await render();
} catch (error) {
  status.textContent = isApiError(error) ? `${error.status}: ${String(error.error)}` : String(error);
}
