import { createMockService } from '@marketing/mock-server';
import { demoWorld } from '@marketing/mock-server/demo';
import { Client } from '@marketing/sdk';
const mock = createMockService({ seed: demoWorld(), rateLimit: false, billing: false });
const client = new Client({ apiKey: 'demo_seller_admin', baseUrl: mock.baseUrl, fetch: mock.fetch });
const N = Number(process.env.N ?? 20000);
for (let i = 0; i < 2000; i++) await client.contacts.get('27821000000');
for (let k = 0; k < 3; k++) {
  const t = performance.now();
  for (let i = 0; i < N; i++) await client.contacts.get('27821000000');
  console.log('sdk via mock.fetch', ((performance.now() - t) * 1000 / N).toFixed(1), 'µs');
  const t2 = performance.now();
  for (let i = 0; i < N; i++) await (await mock.fetch(`${mock.baseUrl}/contacts/27821000000`, { headers: { authorization: 'Bearer demo_seller_admin' } })).json();
  console.log('plain mock.fetch', ((performance.now() - t2) * 1000 / N).toFixed(1), 'µs');
}
