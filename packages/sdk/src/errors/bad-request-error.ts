import type { LeadIssue, ValidationIssue } from '@marketing/domain';
import { ApiError } from './api-error.js';

/**
 * 400: the request was refused. `issues` holds the validation issues where the service sends
 * them (contact search, bulk update), `leadIssues` the refused leads of a lead batch; `error` is
 * the envelope's error as sent.
 */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError' as const;
  /** Validation issues `{path, message}`, when the endpoint sends them. */
  readonly issues: ValidationIssue[] | undefined;
  /** The refused leads of a lead batch. */
  readonly leadIssues: LeadIssue[] | undefined;

  constructor(input: ConstructorParameters<typeof ApiError>[0]) {
    super(input);
    const error = input.error as { issues?: ValidationIssue[] } | unknown[] | string;
    const list = Array.isArray(error) ? error : undefined;
    this.leadIssues = list?.every((i) => typeof i === 'object' && i !== null && 'index' in i)
      ? (list as LeadIssue[])
      : undefined;
    this.issues =
      list && !this.leadIssues
        ? (list as ValidationIssue[])
        : typeof error === 'object' && !Array.isArray(error) && error?.issues
          ? error.issues
          : undefined;
  }
}
