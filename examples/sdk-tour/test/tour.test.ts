import { createMockService } from '@marketing/mock-server';
import { demoWorld } from '@marketing/mock-server/demo';
import { mswHandlers } from '@marketing/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  connect,
  firstCalls,
  importContacts,
  onWebhook,
  postbackUrls,
  preview,
  searchOtherTags,
  syncOptOuts,
  validatingClient,
} from '../src/tour.js';

const mock = createMockService({ seed: demoWorld(), now: '2026-11-22T08:00:00Z' });
const server = setupServer(...mswHandlers(mock));
beforeAll(() => server.listen());
afterAll(() => server.close());

it('makes the quickstart calls', async () => {
  const { contact, vipCells } = await firstCalls(connect(mock.baseUrl));
  expect(contact.firstname).toBe('Thandi');
  expect(vipCells).toHaveLength(100);
});

it('turns a refusal into typed fields', async () => {
  expect(await searchOtherTags(connect(mock.baseUrl, 'demo_seller_supplier'))).toEqual({
    refused: { tag_ids: ['tag_vip'] },
  });
});

it('pages through changed opt-outs', async () => {
  const cells: string[] = [];
  await syncOptOuts(connect(mock.baseUrl), '2026-01-01T00:00:00Z', async (cell) => void cells.push(cell));
  expect(cells).toHaveLength(30);
});

it('imports contacts and reports the refused rows against the caller’s array', async () => {
  expect(await importContacts(connect(mock.baseUrl), [{ cell: '0831112222' }, { cell: 'nope' }])).toEqual([
    { contact: { cell: 'nope' }, issue: 'cell: Invalid cell number' },
  ]);
});

it('builds postback URLs the mock accepts', async () => {
  const { sale, lead } = postbackUrls(connect(mock.baseUrl));
  expect(await (await fetch(sale)).json()).toEqual({ ok: true });
  const buyerLead = lead.replace('key=demo_seller_admin', 'key=demo_buyer_admin');
  expect((await fetch(buyerLead)).status).toBe(201);
});

it('validates responses against the contract', async () => {
  expect((await validatingClient(mock.baseUrl, 'demo_seller_admin').tags.list()).length).toBe(3);
});

it('handles a webhook delivery once and previews templates', async () => {
  const handled: string[] = [];
  const headers = { 'service-idemptotency-key': 'delivery-1' };
  expect(await onWebhook(headers, async () => void handled.push('once'))).toBe('handled');
  expect(await onWebhook(headers, async () => void handled.push('twice'))).toBe('duplicate');
  expect(handled).toEqual(['once']);
  const failing = { 'service-idemptotency-key': 'delivery-2' };
  await expect(onWebhook(failing, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  expect(await onWebhook(failing, async () => void handled.push('retried'))).toBe('handled');
  expect(handled).toEqual(['once', 'retried']);
  expect(preview).toEqual({ text: 'Thanks there', missing: [] });
});
