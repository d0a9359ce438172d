import { describe, expect, it } from 'vitest';
import { SendEmailBulkBodySchema, SendSmsBodySchema } from './send-requests.js';

describe('SendSmsBodySchema', () => {
  const body = {
    content: 'Hello',
    cell: '0821234567',
    skipNonContacts: true,
    country: 'ZA',
    deliveryMethod: 'standard',
  };

  it('accepts the required fields with test mode and other send options', () => {
    expect(SendSmsBodySchema.safeParse({ ...body, sendOptions: { testMode: true, other: 1 } }).success).toBe(
      true,
    );
  });

  it.each(['content', 'cell', 'skipNonContacts', 'country', 'deliveryMethod'])('needs %s', (field) => {
    const { [field as keyof typeof body]: _, ...rest } = body;
    expect(SendSmsBodySchema.safeParse(rest).success).toBe(false);
  });

  it('refuses an unknown delivery method', () => {
    expect(SendSmsBodySchema.safeParse({ ...body, deliveryMethod: 'fast' }).success).toBe(false);
  });
});

describe('SendEmailBulkBodySchema', () => {
  const body = { from: 'news@example.com', template_id: 'tpl_1', destinations: ['a@example.com'] };
  it('accepts a schedule and refuses bad addresses', () => {
    expect(SendEmailBulkBodySchema.safeParse({ ...body, to_start_at: '2026-12-01T08:00:00Z' }).success).toBe(
      true,
    );
    expect(SendEmailBulkBodySchema.safeParse({ ...body, destinations: ['nope'] }).success).toBe(false);
    expect(SendEmailBulkBodySchema.safeParse({ ...body, from: 'nope' }).success).toBe(false);
  });
});
