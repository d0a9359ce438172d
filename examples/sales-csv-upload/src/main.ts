// Uploads sales.csv against the standalone mock (pnpm mock) with the demo seller key.
import { readFileSync } from 'node:fs';
import { Client, ConflictError } from '@marketing/sdk';
import { salePostbackUrl, uploadSalesCsv } from './sales-csv.js';

const client = new Client({
  apiKey: process.env.MARKETING_API_KEY ?? 'demo_seller_admin',
  baseUrl: process.env.MARKETING_BASE_URL ?? 'http://127.0.0.1:4010',
});
const csv = readFileSync(new URL('../sales.csv', import.meta.url), 'utf8');
try {
  console.log('uploaded', await uploadSalesCsv(client, csv), 'sales');
} catch (error) {
  // The batch is stored whole or refused whole: run twice, the file's sales are already there.
  if (!(error instanceof ConflictError)) throw error;
  console.log('not uploaded: the mock already holds these sales (POST /__mock/reset to start again)');
}
console.log(
  'postback:',
  salePostbackUrl(client, { campaign_id: 'cmp_spring', cell: '27821000010', soldAt: '2026-11-20 14:30' }),
);
