import type { Contact, LeadTransaction, ProjectedContact } from '@marketing/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { Client } from '../src/index.js';

declare const client: Client;

describe('the client’s types', () => {
  it('types results from the contract', () => {
    expectTypeOf(client.contacts.get).returns.resolves.toEqualTypeOf<Contact>();
    expectTypeOf(client.transactions.search).returns.resolves.toEqualTypeOf<LeadTransaction[]>();
    expectTypeOf(client.contacts.searchAll).returns.toEqualTypeOf<
      AsyncGenerator<ProjectedContact, void, undefined>
    >();
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
    // @ts-expect-error a sale needs its campaign
    void client.sales.create([{ cell: '27821234567' }]);
    // @ts-expect-error bulk update operators are $addToSet and $pull
    void client.contacts.bulkUpdate({ find: { cell: ['1'] }, update: { $set: { tag_ids: ['a'] } } });
  });
});
