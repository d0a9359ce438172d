import { readFileSync } from 'node:fs';
import { createMockService } from '@marketing/mock-server';
import { mswHandlers } from '@marketing/mock-server/msw';
import { Client, ConflictError } from '@marketing/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseSalesCsv, salePostbackUrl, uploadSalesCsv } from '../src/sales-csv.js';

const csv = readFileSync(new URL('../sales.csv', import.meta.url), 'utf8');
const mock = createMockService({
  now: '2026-11-22T08:00:00Z',
  seed: {
    orgs: [{ _id: 'org' }],
    api_keys: [{ key: 'k', org_id: 'org' }],
    campaigns: [{ _id: 'cmp_spring', org_id: 'org', defaultSaleValue: 150 }],
  },
});
const server = setupServer(...mswHandlers(mock));
beforeAll(() => server.listen());
afterAll(() => server.close());
const client = new Client({ apiKey: 'k', baseUrl: mock.baseUrl });

it('reads the CSV, leaving blank columns to the service defaults', () => {
  expect(parseSalesCsv(csv)).toEqual([
    { campaign_id: 'cmp_spring', cell: '0821000004', soldAt: '2026-11-20', saleValue: 250 },
    { campaign_id: 'cmp_spring', cell: '27821000005', soldAt: '2026-11-20 09:15' },
    { campaign_id: 'cmp_spring', cell: '+27 82 100 0006', saleValue: 99.5 },
  ]);
});

it('uploads the file once, refuses it again as duplicates, and builds a postback URL that records a sale', async () => {
  expect(await uploadSalesCsv(client, csv)).toBe(3);
  expect(mock.state().sales.map((s) => [s.cell, s.saleValue])).toEqual([
    ['27821000004', 250],
    ['27821000005', 150],
    ['27821000006', 99.5],
  ]);
  await expect(uploadSalesCsv(client, csv)).rejects.toBeInstanceOf(ConflictError);
  const url = salePostbackUrl(client, {
    campaign_id: 'cmp_spring',
    cell: '27821000010',
    soldAt: '2026-11-20 14:30',
  });
  expect(url).toBe(
    `${mock.baseUrl}/sales/create?key=k&campaign_id=cmp_spring&cell=27821000010&soldAt=2026-11-20+14%3A30`,
  );
  expect(await (await fetch(url)).json()).toEqual({ ok: true });
  expect(mock.state().sales).toHaveLength(4);
});
