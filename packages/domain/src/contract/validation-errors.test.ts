import { describe, expect, it } from 'vitest';
import { contract } from './index.js';
import { validationError } from './validation-errors.js';

const issuesOf = (schema: { safeParse(v: unknown): { error?: { issues: unknown[] } } }, value: unknown) =>
  // biome-ignore lint/suspicious/noExplicitAny: zod issue arrays are passed through unchanged
  schema.safeParse(value).error?.issues as any;

describe('validationError', () => {
  it('gives contact search a list of {path, message}', () => {
    const body = { find: { tag_ids: { $in: [] } }, options: { limit: 0 } };
    expect(validationError(contract.contacts.search, issuesOf(contract.contacts.search.body, body))).toEqual([
      { path: 'find.tag_ids.$in', message: 'Too small: expected array to have >=1 items' },
      { path: 'options.limit', message: 'Too small: expected number to be >=1' },
    ]);
  });

  it('gives bulk update a validation error object', () => {
    const body = { find: { cell: ['1'] }, update: {} };
    expect(
      validationError(contract.contacts.bulkUpdate, issuesOf(contract.contacts.bulkUpdate.body, body)),
    ).toEqual({
      code: 'validation_error',
      issues: [{ path: 'update', message: 'update needs exactly one operator: $addToSet or $pull' }],
    });
  });

  it('gives the opt-out endpoint the exact service message', () => {
    expect(validationError(contract.contacts.optOut, issuesOf(contract.contacts.optOut.body, {}))).toBe(
      "Must provider either campaign_ids or set 'all' flag to true",
    );
  });

  it('prefixes a field message with its path', () => {
    const error = validationError(contract.send.sms, issuesOf(contract.send.sms.body, { content: 'x' }));
    expect(error).toContain('cell: ');
    expect(error).toContain('deliveryMethod: ');
  });

  it('gives lead batches their index and resource_id', () => {
    const body = [
      { resource_id: 'r1', cell: '1', campaign_id: 'c' },
      { resource_id: 'r2', cell: '1' },
    ];
    expect(
      validationError(contract.transactions.create, issuesOf(contract.transactions.create.body, body), body),
    ).toEqual([
      { index: 1, resource_id: 'r2', issue: 'Exactly one of campaign_id, send_id or click_id is required' },
    ]);
  });
});
