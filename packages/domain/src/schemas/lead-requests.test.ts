import { describe, expect, it } from 'vitest';
import {
  LeadBatchSchema,
  LeadSchema,
  TransactionSearchBodySchema,
  TransactionStatusBodySchema,
} from './lead-requests.js';

describe('LeadSchema', () => {
  const lead = { resource_id: 'r1', cell: '0821234567' };

  it.each(['campaign_id', 'send_id', 'click_id'])('accepts exactly one matchback: %s', (field) => {
    expect(LeadSchema.safeParse({ ...lead, [field]: 'x' }).success).toBe(true);
  });

  it('refuses no matchback and two matchbacks', () => {
    for (const candidate of [lead, { ...lead, campaign_id: 'c', send_id: 's' }]) {
      expect(LeadSchema.safeParse(candidate).error?.issues[0]?.message).toBe(
        'Exactly one of campaign_id, send_id or click_id is required',
      );
    }
  });

  it('accepts the three statuses and refuses others', () => {
    expect(LeadSchema.safeParse({ ...lead, campaign_id: 'c', status: 'rejected' }).success).toBe(true);
    expect(LeadSchema.safeParse({ ...lead, campaign_id: 'c', status: 'accepted' }).success).toBe(false);
  });
});

describe('LeadBatchSchema', () => {
  const lead = { resource_id: 'r', cell: '0821234567', campaign_id: 'c' };
  it('holds 1 to 1000 leads', () => {
    expect(LeadBatchSchema.safeParse([]).success).toBe(false);
    expect(LeadBatchSchema.safeParse(Array(1000).fill(lead)).success).toBe(true);
    expect(LeadBatchSchema.safeParse(Array(1001).fill(lead)).success).toBe(false);
  });
});

describe('TransactionStatusBodySchema', () => {
  it('moves only to completed or rejected', () => {
    expect(TransactionStatusBodySchema.safeParse({ status: 'completed' }).success).toBe(true);
    expect(TransactionStatusBodySchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
});

describe('TransactionSearchBodySchema', () => {
  it('takes one id or several, and an optional date range', () => {
    expect(TransactionSearchBodySchema.safeParse({}).success).toBe(true);
    expect(TransactionSearchBodySchema.safeParse({ _id: 'tx_1', offer_id: ['a', 'b'] }).success).toBe(true);
    expect(TransactionSearchBodySchema.safeParse({ createdAt: { $gte: '2026-11-01' } }).success).toBe(true);
    expect(TransactionSearchBodySchema.safeParse({ createdAt: { $gte: 'last week' } }).success).toBe(false);
  });
});
