// Submits demo leads against the standalone mock (pnpm mock) as the demo buyer.
import { Client } from '@marketing/sdk';
import { reviewLeads, submitLeads } from './buyer.js';

const baseUrl = process.env.MARKETING_BASE_URL ?? 'http://127.0.0.1:4010';
const client = new Client({ apiKey: process.env.MARKETING_API_KEY ?? 'demo_buyer_admin', baseUrl });

// The seller's campaign run and a click stand in for the traffic that produces leads.
const post = (path: string, body: unknown) =>
  fetch(`${baseUrl}/__mock/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());
const run = await post('campaigns/cmp_offer/run', { limit: 3 });
const clicks = [];
for (const send of run.data.sends)
  clicks.push({
    id: `lead-${send.cell}`,
    cell: send.cell,
    clickId: (await post('clicks', { send_id: send.send_id })).data.click_id,
  });
console.log(
  await submitLeads(client, [
    ...clicks,
    { id: 'lead-unknown', cell: '27821000999', clickId: 'no-such-click' },
  ]),
);
console.log(await reviewLeads(client, () => true));
