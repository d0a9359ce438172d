import { describe, expect, it } from 'vitest';
import {
  type BadRequestError,
  makeApiError,
  NotFoundError,
  PermissionDeniedError,
  type RateLimitError,
} from './errors.js';

const endpoint = 'transactions.create';

describe('makeApiError', () => {
  it('words the refusal in its message: what is missing, and the issues by path, not raw JSON', () => {
    const resources = makeApiError({
      status: 403,
      error: { code: 'Insufficient Resource IDs', missing: { tag_ids: ['t9', 't8'], campaign_ids: ['c1'] } },
      endpoint,
    });
    expect(resources.message).toBe(
      'transactions.create failed with 403: Insufficient Resource IDs: missing tag_ids t9, t8; campaign_ids c1',
    );
    const permissions = makeApiError({
      status: 403,
      error: { code: 'insufficient_permissions', missing: ['contact.read.pii'] },
      endpoint,
    });
    expect(permissions.message).toBe(
      'transactions.create failed with 403: insufficient_permissions: missing contact.read.pii',
    );
    const issues = Array.from({ length: 7 }, (_, i) => ({
      path: `contacts.${i}.cell`,
      message: 'Invalid cell number',
    }));
    expect(makeApiError({ status: 400, error: issues, endpoint }).message).toBe(
      `transactions.create failed with 400: ${issues
        .slice(0, 5)
        .map((i) => `${i.path}: Invalid cell number`)
        .join('; ')} (and 2 more)`,
    );
    expect(
      makeApiError({ status: 400, error: { code: 'validation_error', issues: issues.slice(0, 1) }, endpoint })
        .message,
    ).toBe('transactions.create failed with 400: validation_error: contacts.0.cell: Invalid cell number');
  });

  it('names a no-match 404 no_matching_offer with the resource IDs, leaving the text as sent', () => {
    const error = makeApiError({ status: 404, error: 'No matching marketplace offer for: r1, r2', endpoint });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.details).toEqual({ code: 'no_matching_offer', resourceIds: ['r1', 'r2'] });
    expect(error.error).toBe('No matching marketplace offer for: r1, r2');
  });

  it('names both spellings of the resource refusal insufficient_resource_ids with what is missing', () => {
    for (const code of ['Insufficient Resource IDs', 'insufficient_resource_ids']) {
      const error = makeApiError({ status: 403, error: { code, missing: { tag_ids: ['t9'] } }, endpoint });
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error.details).toEqual({ code: 'insufficient_resource_ids', missing: { tag_ids: ['t9'] } });
      expect((error as PermissionDeniedError).missingResources).toEqual({ tag_ids: ['t9'] });
    }
  });

  it('names a permission refusal insufficient_permissions with the permissions missing', () => {
    const error = makeApiError({
      status: 403,
      error: { code: 'insufficient_permissions', missing: ['contact.read.pii'] },
      endpoint,
    }) as PermissionDeniedError;
    expect(error.code).toBe('insufficient_permissions');
    expect(error.missingPermissions).toEqual(['contact.read.pii']);
  });

  it('names validation failures validation_error with their issues, from a list or an object', () => {
    const issues = [{ path: 'find', message: 'find needs at least one filter' }];
    for (const error of [issues, { code: 'validation_error', issues }]) {
      const refused = makeApiError({ status: 400, error, endpoint }) as BadRequestError;
      expect(refused.details).toMatchObject({ code: 'validation_error', issues });
      expect(refused.issues).toEqual(issues);
    }
    const leads = makeApiError({ status: 400, error: [{ index: 0, issue: 'bad cell' }], endpoint });
    expect(leads.details).toMatchObject({
      code: 'validation_error',
      leadIssues: [{ index: 0, issue: 'bad cell' }],
    });
  });

  it('names text errors by the contract’s table and anything else unknown', () => {
    expect(makeApiError({ status: 404, error: 'Contact not found', endpoint }).code).toBe(
      'contact_not_found',
    );
    expect(makeApiError({ status: 409, error: 'Duplicate sale', endpoint }).code).toBe('duplicate_sale');
    expect(makeApiError({ status: 400, error: 'Invalid cell number', endpoint }).code).toBe('invalid_cell');
    expect(makeApiError({ status: 502, error: 'Bad gateway', endpoint }).code).toBe('unknown');
  });

  it('reads the rate limit’s reset time and Retry-After', () => {
    const response = new Response(null, { status: 429, headers: { 'retry-after': '3' } });
    const error = makeApiError({
      status: 429,
      error: { code: 'rate_limited', resetsAt: 1_800_000_000, remaining: 0 },
      response,
      endpoint,
    }) as RateLimitError;
    expect(error.details).toEqual({ code: 'rate_limited', resetsAt: 1_800_000_000 });
    expect([error.resetsAt, error.retryAfter]).toEqual([1_800_000_000, 3]);
    // Said in words, as every other error is, not as the envelope's JSON.
    expect(error.message).toContain(
      'failed with 429: rate_limited: no requests left until 2027-01-15T08:00:00.000Z',
    );
  });
});
