// Runs the sync against the standalone mock (pnpm mock) with the demo world's supplier key.
import { Client } from '@marketing/sdk';
import { checkList, pullOptOuts, pushOptOuts, tagAsExcluded } from './sync.js';

const client = new Client({
  apiKey: process.env.MARKETING_API_KEY ?? 'demo_seller_supplier',
  baseUrl: process.env.MARKETING_BASE_URL ?? 'http://127.0.0.1:4010',
});

const startedAt = new Date().toISOString();
console.log('opted out:', await pushOptOuts(client, ['27821000001'], 'cmp_spring'));
await tagAsExcluded(client, ['27821000002'], 'tag_supplier_optout');
console.log('changed since start:', await pullOptOuts(client, 'tag_supplier_optout', startedAt));
console.log(await checkList(client, ['0821000001', '0821000002', '0821000003'], 'cmp_spring'));
