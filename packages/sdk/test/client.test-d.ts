import type { Contact, LeadTransaction } from '@marketing/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { Client } from '../src/index.js';

declare const client: Client;

describe('the client’s types', () => {
  it('types results from the contract', () => {
    expectTypeOf(client.contacts.get).returns.resolves.toEqualTypeOf<Contact>();
    expectTypeOf(client.transactions.search).returns.resolves.toEqualTypeOf<LeadTransaction[]>();
  });

  it('narrows search rows to _id and the projected fields', async () => {
    const { contacts } = await client.contacts.search({
      find: { cell: ['1'] },
      projection: { cell: 1, firstname: 1 },
    });
    expectTypeOf(contacts[0]!).toEqualTypeOf<
      { _id: string } & { cell: string; firstname: Contact['firstname'] }
    >();
    expectTypeOf(contacts[0]!.cell).toEqualTypeOf<string>();
    // @ts-expect-error a field that was not projected is not in the row
    void contacts[0]!.tag_ids;
    const bare = await client.contacts.search({ find: { cell: ['1'] } });
    expectTypeOf(bare.contacts[0]!).toEqualTypeOf<{ _id: string }>();
    for await (const row of client.contacts.searchAll({ find: { cell: ['1'] }, projection: { cell: 1 } })) {
      expectTypeOf(row.cell).toEqualTypeOf<string>();
      // @ts-expect-error not projected
      void row.email;
    }
  });

  it('offers withResponse and asResponse on every method, typed from the contract', async () => {
    const { data, response, requestId } = await client.tags.get('t').withResponse();
    expectTypeOf(data).toEqualTypeOf<{ tag_id: string; name: string }>();
    expectTypeOf(response).toEqualTypeOf<Response>();
    expectTypeOf(requestId).toEqualTypeOf<string | undefined>();
    expectTypeOf(client.send.sms).returns.resolves.toEqualTypeOf<{ customerId: string; totalCost: number }>();
    expectTypeOf(client.contacts.delete('1').asResponse()).toEqualTypeOf<Promise<Response>>();
  });

  it('types requester.request by the route', async () => {
    const { routes } = await import('@marketing/domain/routes');
    expectTypeOf(
      client.requester.request(routes.contacts.get, { params: { cell: '1' } }),
    ).resolves.toEqualTypeOf<Contact>();
    // @ts-expect-error tags.get takes tag_id
    void client.requester.request(routes.tags.get, { params: { cell: '1' } });
  });

  it('refuses wrong parameters at compile time', () => {
    // @ts-expect-error find is required
    void client.contacts.search({});
    // @ts-expect-error projection values must be 1
    void client.contacts.search({ find: { cell: ['1'] }, projection: { cell: 0 } });
    // @ts-expect-error projection names contact fields only
    void client.contacts.search({ find: { cell: ['1'] }, projection: { password: 1 } });
    const sms = { content: 'x', cell: '1', country: 'ZA', skipNonContacts: true } as const;
    // @ts-expect-error an unknown delivery method
    void client.send.sms({ ...sms, deliveryMethod: 'fast' });
    // @ts-expect-error skipNonContacts is required
    void client.send.sms({ content: 'x', cell: '1', country: 'ZA', deliveryMethod: 'standard' });
    // @ts-expect-error a transaction moves only to completed or rejected
    void client.transactions.updateStatus('tx_1', 'pending');
    // @ts-expect-error upload countries are ZA and NA
    void client.contacts.create({ country: 'US', contacts: [{ cell: '1' }] });
    // @ts-expect-error an opt-out names campaigns or all of them
    void client.contacts.optOut('27821234567', {});
    // @ts-expect-error all: false opts out of nothing
    void client.contacts.optOut('27821234567', { all: false });
    void client.contacts.optOut('27821234567', { campaign_ids: ['cmp_1'] });
    void client.contacts.optOut('27821234567', { all: true, create_missing_contact: true });
    // @ts-expect-error a sale needs its campaign
    void client.sales.create([{ cell: '27821234567' }]);
    // @ts-expect-error bulk update operators are $addToSet and $pull
    void client.contacts.bulkUpdate({ find: { cell: ['1'] }, update: { $set: { tag_ids: ['a'] } } });
  });

  it('refuses what the contract refuses: an empty filter, a lead without exactly one matchback, a page over 10,000', () => {
    // @ts-expect-error find needs at least one filter
    void client.contacts.search({ find: {} });
    void client.contacts.search({ find: { updatedAt: { $gte: '2026-11-01' } } });
    // @ts-expect-error a bulk update needs a filter too
    void client.contacts.bulkUpdate({ find: {}, update: { $pull: { tag_ids: { $in: ['a'] } } } });
    void client.contacts.bulkUpdate({
      find: { cell: ['1'] },
      // @ts-expect-error exactly one operator
      update: { $pull: { tag_ids: { $in: ['a'] } }, $addToSet: { tag_ids: { $each: ['b'] } } },
    });
    // @ts-expect-error a lead names no matchback
    void client.transactions.create([{ resource_id: 'r', cell: '1' }]);
    // @ts-expect-error a lead names two matchbacks
    void client.transactions.create([{ resource_id: 'r', cell: '1', campaign_id: 'c', send_id: 's' }]);
    void client.transactions.create([{ resource_id: 'r', cell: '1', click_id: 'k' }]);
    // @ts-expect-error a page is at most 10,000 contacts
    void client.contacts.searchAll({ find: { cell: ['1'] }, pageSize: 50_000 });
    void client.contacts.searchAll({ find: { cell: ['1'] }, pageSize: 10_000 });
    const size: number = 20_000;
    void client.contacts.searchAll({ find: { cell: ['1'] }, pageSize: size });
  });
});
