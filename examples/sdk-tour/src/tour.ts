// Each part imports what it uses, so that the docs that show a part show every import it needs
// (the quick start shown with the validator's import failed where zod was not installed).
// #region quickstart
import { Client } from '@marketing/sdk';

export function connect(baseUrl = 'http://127.0.0.1:4010', apiKey = 'demo_seller_admin') {
  return new Client({ apiKey, baseUrl });
}

export async function firstCalls(client: Client) {
  const contact = await client.contacts.get('27821000000');
  const vipCells: string[] = [];
  for await (const c of client.contacts.searchAll({
    find: { tag_ids: { $in: ['tag_vip'] } },
    projection: { cell: 1 },
  })) {
    vipCells.push(c.cell);
  }
  return { contact, vipCells };
}

// #endregion quickstart

// #region errors
import { isApiError, PermissionDeniedError } from '@marketing/sdk';

export async function searchOtherTags(client: Client) {
  try {
    return await client.contacts.search({ find: { tag_ids: { $in: ['tag_vip'] } } });
  } catch (error) {
    if (error instanceof PermissionDeniedError) return { refused: error.missingResources }; // { tag_ids: ['tag_vip'] }
    if (isApiError(error)) return { failed: error.status, error: error.error };
    throw error;
  }
}
// #endregion errors

// #region pagination
export async function syncOptOuts(
  client: Client,
  lastSync: string,
  markOptedOut: (cell: string) => Promise<void>,
) {
  for await (const contact of client.contacts.searchAll({
    find: { tag_ids: { $all: ['tag_supplier_optout'] }, updatedAt: { $gte: lastSync } },
    projection: { cell: 1 },
  })) {
    await markOptedOut(contact.cell);
  }
}
// #endregion pagination

// #region bulk-upload
export async function importContacts(client: Client, rows: { cell: string; firstname?: string }[]) {
  const result = await client.contacts.createMany(rows, {
    country: 'ZA',
    onProgress: ({ done, total }) => console.log(`${done}/${total}`),
  });
  return result.invalidContacts.map(({ row, issue }) => ({ contact: rows[row], issue }));
}
// #endregion bulk-upload

// #region postback-urls
export function postbackUrls(client: Client) {
  return {
    sale: client.sales.postbackUrl({
      campaign_id: 'cmp_spring',
      cell: '27821000001',
      soldAt: '2026-11-20 14:30',
    }),
    lead: client.transactions.postbackUrl({
      resource_id: 'lead-1',
      cell: '27821000001',
      campaign_id: 'cmp_offer',
    }),
  };
}

// #endregion postback-urls

// #region validation
import { contractValidator } from '@marketing/sdk/validation'; // needs zod: npm install zod

export function validatingClient(baseUrl: string, apiKey: string) {
  return new Client({ apiKey, baseUrl, validateResponses: contractValidator });
}

// #endregion validation

// #region webhooks
import { createWebhookDeduper, previewTemplate } from '@marketing/sdk/webhooks';

const deduper = createWebhookDeduper(); // in memory; pass { store } for Redis or a database

// 'handled', or 'duplicate' for a retry of a delivery already handled. The key is recorded once
// `handle` succeeds: if it throws, the error is yours and the next attempt runs it again.
export function onWebhook(headers: Record<string, string>, handle: () => Promise<void>) {
  return deduper.handleOnce(headers, handle);
}

export const preview = previewTemplate('Thanks {{contact.firstname?there}}', {
  contact: {},
  now: new Date(),
}); // { text: 'Thanks there', missing: [] }
// #endregion webhooks
