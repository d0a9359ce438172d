import type { z } from 'zod';
import { errorCodes } from '../messages.js';
import type { ValidationIssue } from '../schemas/errors.js';
import type { LeadIssue } from '../schemas/lead-requests.js';
import type { EndpointDefinition } from './define-endpoint.js';

/**
 * Turns zod issues into readable `{path, message}` pairs (`find.tag_ids.$in`).
 *
 * @example
 * ```ts
 * toValidationIssues(result.error.issues); // [{ path: 'find', message: 'find needs at least one filter...' }]
 * ```
 */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text === '' ? String(key) : `${text}.${String(key)}`;
  }, '');
}

/**
 * One readable line for an issue: `cell: Invalid cell number`, or just the message when the
 * issue concerns the whole body.
 *
 * @example
 * ```ts
 * describeIssue({ path: 'content', message: 'Required' }); // 'content: Required'
 * ```
 */
export function describeIssue(issue: ValidationIssue): string {
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;
}

/**
 * The `error` of a 400 for a request that failed validation, in the form the endpoint uses
 * (see {@link ValidationErrorStyle}). `body` is the request body, so that lead issues can name
 * their `resource_id`.
 *
 * @example
 * ```ts
 * validationError(contract.contacts.search, issues); // [{ path: 'find', message: '...' }]
 * validationError(contract.contacts.optOut, issues); // "Must provider either campaign_ids or set 'all' flag to true"
 * ```
 */
export function validationError(
  endpoint: Pick<EndpointDefinition, 'validationErrorStyle'>,
  zodIssues: readonly z.core.$ZodIssue[],
  body?: unknown,
):
  | string
  | ValidationIssue[]
  | { code: typeof errorCodes.validationError; issues: ValidationIssue[] }
  | LeadIssue[] {
  const issues = toValidationIssues(zodIssues);
  switch (endpoint.validationErrorStyle) {
    case 'issue-list':
      return issues;
    case 'issue-object':
      return { code: errorCodes.validationError, issues };
    case 'lead-issues':
      return toLeadIssues(zodIssues, body);
    case 'message':
      return issues.map(describeIssue).join('; ');
  }
}

function toLeadIssues(zodIssues: readonly z.core.$ZodIssue[], body: unknown): LeadIssue[] {
  const leads = Array.isArray(body) ? body : [body];
  return zodIssues.map((issue) => {
    const [first, ...rest] = issue.path;
    const index = Array.isArray(body) && typeof first === 'number' ? first : 0;
    const within = Array.isArray(body) && typeof first === 'number' ? rest : issue.path;
    const lead: unknown = leads[index];
    const resourceId =
      lead && typeof lead === 'object' && typeof (lead as { resource_id?: unknown }).resource_id === 'string'
        ? (lead as { resource_id: string }).resource_id
        : undefined;
    const text = describeIssue({ path: formatPath(within), message: issue.message });
    return resourceId === undefined
      ? { index, issue: text }
      : { index, resource_id: resourceId, issue: text };
  });
}
