import { describe, expect, it } from 'vitest';
import { LeadTransactionSchema } from './lead-transaction.js';
import { OfferSchema } from './offer.js';
import { ReplySchema } from './reply.js';
import { SaleSchema } from './sale.js';
import { SendSchema } from './send.js';
import { TagSchema } from './tag.js';

describe('TagSchema', () => {
  it('needs a tag_id and a name', () => {
    expect(TagSchema.safeParse({ tag_id: 't1', name: 'VIP' }).success).toBe(true);
    expect(TagSchema.safeParse({ _id: 't1', name: 'VIP' }).success).toBe(false);
  });
});

describe('ReplySchema', () => {
  const reply = {
    To: '27820000000',
    Message: 'STOP',
    Msisdn: '27821234567',
    Received: '2026-11-22T08:00:00.000Z',
    kind: 'optOut',
  };
  it('accepts a reply and refuses an unknown kind', () => {
    expect(ReplySchema.safeParse({ ...reply, campaign_id: 'cmp_1' }).success).toBe(true);
    expect(ReplySchema.safeParse({ ...reply, kind: 'stop' }).success).toBe(false);
  });
});

describe('SendSchema', () => {
  const send = {
    _id: 'snd_1',
    org_id: 'org_a',
    to_start_at: '2026-11-22T08:00:00.000Z',
    trigger: 'manualSingle',
  };
  it('accepts a send and refuses an unknown trigger or channel', () => {
    expect(SendSchema.safeParse({ ...send, channel: 'sms', variables: { a: 'b' } }).success).toBe(true);
    expect(SendSchema.safeParse({ ...send, trigger: 'cron' }).success).toBe(false);
    expect(SendSchema.safeParse({ ...send, channel: 'fax' }).success).toBe(false);
  });
});

describe('SaleSchema', () => {
  it.each(['2026-11-22', '2026-11-22T14:30', '2026-11-22 14:30:00', '2026-11-22T14:30:00+02:00', ''])(
    'accepts soldAt %j',
    (soldAt) => {
      expect(SaleSchema.safeParse({ campaign_id: 'cmp_1', cell: '0821234567', soldAt }).success).toBe(true);
    },
  );

  it.each(['22/11/2026', 'yesterday', '2026-11-22T25'])('refuses soldAt %j', (soldAt) => {
    expect(SaleSchema.safeParse({ campaign_id: 'cmp_1', cell: '0821234567', soldAt }).success).toBe(false);
  });

  it('needs a campaign and a cell, and a non-negative sale value', () => {
    expect(SaleSchema.safeParse({ cell: '0821234567' }).success).toBe(false);
    expect(SaleSchema.safeParse({ campaign_id: 'cmp_1', cell: '0821234567', saleValue: -1 }).success).toBe(
      false,
    );
  });
});

describe('OfferSchema', () => {
  const offer = {
    _id: 'off_1',
    seller_org_id: 'org_a',
    buyer_org_id: 'org_b',
    campaign_id: 'cmp_v2',
    price: 25,
    default_status: 'completed',
  };
  it('accepts caps and refuses a rejected default status', () => {
    expect(OfferSchema.safeParse({ ...offer, caps: { total: 100, daily: 10, budget: 2500 } }).success).toBe(
      true,
    );
    expect(OfferSchema.safeParse({ ...offer, default_status: 'rejected' }).success).toBe(false);
  });
});

describe('LeadTransactionSchema', () => {
  const transaction = {
    _id: 'tx_1',
    resource_id: 'r1',
    offer_id: 'off_1',
    campaign_id: 'cmp_v2',
    cell: '27821234567',
    status: 'pending',
    status_reason: 'cap_reached',
    price: 25,
    buyer_org_id: 'org_b',
    seller_org_id: 'org_a',
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
  };
  it('accepts a transaction and refuses an unknown status reason', () => {
    expect(LeadTransactionSchema.safeParse(transaction).success).toBe(true);
    expect(LeadTransactionSchema.safeParse({ ...transaction, status_reason: 'because' }).success).toBe(false);
  });
});
