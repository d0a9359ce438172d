import { describe, expect, it } from 'vitest';
import {
  BulkUpdateBodySchema,
  ContactSearchBodySchema,
  CreateContactsBodySchema,
  OptOutBodySchema,
  OptOutCampaignBodySchema,
  TagChangeBodySchema,
  UpsertContactsBodySchema,
} from './contact-requests.js';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('ContactSearchBodySchema', () => {
  it('accepts the supplier pull query', () => {
    const body = {
      find: { tag_ids: { $all: ['tag_optout'] }, updatedAt: { $gte: '2026-11-01T00:00:00Z' } },
      projection: { cell: 1 },
      options: { skip: 0, limit: 10_000 },
    };
    expect(ContactSearchBodySchema.parse(body)).toEqual(body);
  });

  it('needs at least one filter', () => {
    expect(messagesOf(ContactSearchBodySchema.safeParse({ find: {} }))).toEqual([
      'find needs at least one filter: cell, tag_ids or updatedAt',
    ]);
  });

  it('refuses a limit over 10,000, a negative skip and a projection value other than 1', () => {
    expect(
      ContactSearchBodySchema.safeParse({ find: { cell: ['1'] }, options: { limit: 10_001 } }).success,
    ).toBe(false);
    expect(ContactSearchBodySchema.safeParse({ find: { cell: ['1'] }, options: { skip: -1 } }).success).toBe(
      false,
    );
    expect(
      ContactSearchBodySchema.safeParse({ find: { cell: ['1'] }, projection: { cell: 0 } }).success,
    ).toBe(false);
  });

  it('refuses operators outside the supported subset', () => {
    expect(ContactSearchBodySchema.safeParse({ find: { tag_ids: { $nin: ['a'] } } }).success).toBe(false);
    expect(ContactSearchBodySchema.safeParse({ find: { updatedAt: { $gt: '2026-01-01' } } }).success).toBe(
      false,
    );
    expect(ContactSearchBodySchema.safeParse({ find: { firstname: 'A' } }).success).toBe(false);
    expect(ContactSearchBodySchema.safeParse({ find: { updatedAt: { $gte: 'yesterday' } } }).success).toBe(
      false,
    );
  });
});

describe('OptOutBodySchema', () => {
  it('needs campaign_ids or all: true, with the service message', () => {
    expect(messagesOf(OptOutBodySchema.safeParse({}))).toEqual([
      "Must provider either campaign_ids or set 'all' flag to true",
    ]);
    expect(messagesOf(OptOutBodySchema.safeParse({ all: false, campaign_ids: [] }))).toHaveLength(1);
    expect(OptOutBodySchema.safeParse({ all: true }).success).toBe(true);
    expect(
      OptOutBodySchema.safeParse({ campaign_ids: ['cmp_1'], create_missing_contact: true }).success,
    ).toBe(true);
  });
});

describe('OptOutCampaignBodySchema', () => {
  it('needs one campaign_id', () => {
    expect(OptOutCampaignBodySchema.safeParse({ campaign_id: 'cmp_1' }).success).toBe(true);
    expect(OptOutCampaignBodySchema.safeParse({ campaign_ids: ['cmp_1'] }).success).toBe(false);
  });
});

describe('TagChangeBodySchema', () => {
  it('needs some tags, with the service message', () => {
    expect(messagesOf(TagChangeBodySchema.safeParse({ tag_ids: [], tags: [] }))).toEqual([
      'No tags to add/remove',
    ]);
    expect(TagChangeBodySchema.safeParse({ tags: ['VIP'] }).success).toBe(true);
  });
});

describe('upload bodies', () => {
  const contacts = (n: number) => Array.from({ length: n }, () => ({ cell: '0821234567' }));

  it('holds at most 100,000 contacts on create and 20,000 on upsert', () => {
    expect(CreateContactsBodySchema.safeParse({ contacts: contacts(100_000) }).success).toBe(true);
    expect(CreateContactsBodySchema.safeParse({ contacts: contacts(100_001) }).success).toBe(false);
    expect(UpsertContactsBodySchema.safeParse({ contacts: contacts(20_000) }).success).toBe(true);
    expect(UpsertContactsBodySchema.safeParse({ contacts: contacts(20_001) }).success).toBe(false);
  });

  it('accepts ZA and NA as the country, and a send with a template', () => {
    const body = {
      contacts: contacts(1),
      country: 'NA',
      tag_ids: ['t1'],
      send: { campaign_id: 'cmp_1', template: { kind: 'sms', data: { template_id: 'tpl_1' } } },
    };
    expect(CreateContactsBodySchema.safeParse(body).success).toBe(true);
    expect(CreateContactsBodySchema.safeParse({ ...body, country: 'US' }).success).toBe(false);
  });
});

describe('BulkUpdateBodySchema', () => {
  const find = { tag_ids: { $in: ['a'] } };

  it('accepts each single operator', () => {
    expect(
      BulkUpdateBodySchema.safeParse({ find, update: { $addToSet: { tag_ids: { $each: ['b'] } } } }).success,
    ).toBe(true);
    expect(
      BulkUpdateBodySchema.safeParse({
        find,
        update: { $addToSet: { deduped_campaign_ids: { $each: ['c'] } } },
      }).success,
    ).toBe(true);
    expect(
      BulkUpdateBodySchema.safeParse({ find, update: { $pull: { tag_ids: { $in: ['a'] } } } }).success,
    ).toBe(true);
  });

  it('refuses two operators in one request', () => {
    const update = { $addToSet: { tag_ids: { $each: ['b'] } }, $pull: { tag_ids: { $in: ['a'] } } };
    expect(messagesOf(BulkUpdateBodySchema.safeParse({ find, update }))).toEqual([
      'update needs exactly one operator: $addToSet or $pull',
    ]);
  });

  it('refuses no operator, an unknown operator, and pulling deduped campaigns', () => {
    expect(BulkUpdateBodySchema.safeParse({ find, update: {} }).success).toBe(false);
    expect(BulkUpdateBodySchema.safeParse({ find, update: { $set: { tag_ids: [] } } }).success).toBe(false);
    expect(
      BulkUpdateBodySchema.safeParse({ find, update: { $pull: { deduped_campaign_ids: { $in: ['c'] } } } })
        .success,
    ).toBe(false);
  });

  it('refuses an empty find, so one request cannot touch every contact by accident', () => {
    expect(
      BulkUpdateBodySchema.safeParse({ find: {}, update: { $pull: { tag_ids: { $in: ['a'] } } } }).success,
    ).toBe(false);
  });
});
