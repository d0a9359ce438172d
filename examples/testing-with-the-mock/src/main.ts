// Runs subscribe() against the standalone mock (pnpm mock); the demo world has no Newsletter tag,
// so this shows the "no tags to add" error surfacing as a BadRequestError.
import { Client, isApiError } from '@marketing/sdk';
import { subscribe } from './newsletter.js';

const client = new Client({
  apiKey: 'demo_seller_admin',
  baseUrl: process.env.MARKETING_BASE_URL ?? 'http://127.0.0.1:4010',
});
try {
  console.log(await subscribe(client, '27821000001'));
} catch (error) {
  if (isApiError(error)) console.log(error.name, error.status, error.error);
  else throw error;
}
