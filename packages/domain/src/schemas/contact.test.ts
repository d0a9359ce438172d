import { describe, expect, it } from 'vitest';
import { ContactFieldName, ContactSchema, ProjectedContactSchema, UploadContactSchema } from './contact.js';
import { contactFixture } from './test-fixtures.js';

describe('ContactSchema', () => {
  it('accepts a contact with default, custom and validation fields', () => {
    const contact = contactFixture({ firstname: 'Thandi', c1: 42, c2: true, validated: { reachable: true } });
    expect(ContactSchema.parse(contact)).toEqual(contact);
  });

  it('refuses a cell that is not an MSISDN and a missing updatedAt', () => {
    expect(ContactSchema.safeParse(contactFixture({ cell: '+27821234567' })).success).toBe(false);
    const { updatedAt: _, ...withoutUpdatedAt } = contactFixture();
    expect(ContactSchema.safeParse(withoutUpdatedAt).success).toBe(false);
  });

  it('names every field for projections, custom fields included', () => {
    expect(ContactFieldName.options).toEqual(
      expect.arrayContaining(['cell', 'firstname', 'c10', 'updatedAt']),
    );
    expect(ContactFieldName.safeParse('password').success).toBe(false);
  });
});

describe('ProjectedContactSchema', () => {
  it('needs only _id', () => {
    expect(ProjectedContactSchema.parse({ _id: 'ct_1' })).toEqual({ _id: 'ct_1' });
    expect(ProjectedContactSchema.safeParse({ cell: '27821234567' }).success).toBe(false);
  });
});

describe('UploadContactSchema', () => {
  it('accepts exact field names with tags by id or name', () => {
    expect(
      UploadContactSchema.safeParse({ cell: '0821234567', firstname: 'A', tags: ['VIP'], c3: 'x' }).success,
    ).toBe(true);
  });

  it('refuses an unknown field name, since there is no field mapping', () => {
    const result = UploadContactSchema.safeParse({ cell: '0821234567', first_name: 'A' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
