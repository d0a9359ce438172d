/**
 * Every error the SDK throws: {@link MarketingError} at the root; {@link ApiError} (the service
 * answered with a failure) and one subclass per status; and the failures with no answer
 * (connection, timeout, abort) or an answer that does not match the contract.
 */
import { type ErrorCode, errorCodeOf } from '@marketing/domain/routes';
import type { LeadIssue, ValidationIssue } from './contract-types.js';
import { retryAfterMs } from './core/retry.js';

export type { ErrorCode };

const brand = Symbol.for('@marketing/sdk.error');

/**
 * The base class of every error the SDK throws. Check with {@link isMarketingError}, which works
 * across realms and bundled copies of the SDK where `instanceof` may not.
 *
 * @example
 * ```ts
 * try { await client.tags.list(); } catch (error) { if (error instanceof MarketingError) console.error(error.message); }
 * ```
 */
export class MarketingError extends Error {
  override name: string = 'MarketingError';
  readonly [brand] = true;
}

/**
 * Whether a value is an error thrown by this SDK.
 *
 * @example
 * ```ts
 * try { await client.tags.list(); } catch (error) { if (isMarketingError(error)) console.error(error.message); }
 * ```
 */
export function isMarketingError(value: unknown): value is MarketingError {
  return value instanceof MarketingError || (typeof value === 'object' && value !== null && brand in value);
}

/**
 * What an {@link ApiError} says, by its `code`: the details a code carries, typed, so that no
 * message needs parsing.
 *
 * @example
 * ```ts
 * if (error.details.code === 'no_matching_offer') console.log(error.details.resourceIds); // ['r1', 'r2']
 * ```
 */
export type ApiErrorDetails =
  /** Leads that match no marketplace offer of the caller (404). */
  | { code: 'no_matching_offer'; resourceIds: string[] }
  /** The key lacks the endpoint's permissions (403). */
  | { code: 'insufficient_permissions'; missing: string[] }
  /** The request names resources outside the key's restrictions, IDs by kind (403). */
  | { code: 'insufficient_resource_ids'; missing: Record<string, string[]> }
  /** The request was refused as invalid (400): its issues, or the refused leads of a batch. */
  | { code: 'validation_error'; issues: ValidationIssue[]; leadIssues: LeadIssue[] | undefined }
  /** Over the rate limit (429): when the budget refills, in epoch seconds. */
  | { code: 'rate_limited'; resetsAt: number | undefined }
  | {
      code: Exclude<
        ErrorCode,
        | 'no_matching_offer'
        | 'insufficient_permissions'
        | 'insufficient_resource_ids'
        | 'validation_error'
        | 'rate_limited'
      >;
    };

/** What an {@link ApiError} is made from. */
export interface ApiErrorInput {
  status: number;
  /** The envelope's `error`, as sent. */
  error: unknown;
  response?: Response | undefined;
  endpoint: string;
  /** The method and URL called: `GET https://api.example.com/tags`. */
  target?: string | undefined;
  hint?: string | undefined;
  attempts?: number | undefined;
}

/**
 * The service answered with a failure envelope `{ok: false, error}`. `code` names the failure
 * (`contact_not_found`, `no_matching_offer`, …), `details` carries what that code says, `status`
 * is the HTTP status, `error` the envelope's error exactly as sent.
 *
 * @example
 * ```ts
 * try {
 *   await client.transactions.create(leads);
 * } catch (error) {
 *   if (error instanceof ApiError && error.details.code === 'no_matching_offer')
 *     console.log('no offer for', error.details.resourceIds);
 * }
 * ```
 */
export class ApiError extends MarketingError {
  override name: string = 'ApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The failure's stable, machine-readable name; `unknown` for an answer the contract lacks. */
  readonly code: ErrorCode;
  /** What the code says, typed by `details.code`. */
  readonly details: ApiErrorDetails;
  /** The envelope's `error` exactly as the service sent it: a string, or an object or list. */
  readonly error: unknown;
  /** The response headers. */
  readonly headers: Headers;
  /** The raw response (its body has been read). */
  readonly response: Response | undefined;
  /** The endpoint that answered, `contacts.search`. */
  readonly endpoint: string;
  /** The `x-request-id` of the answer: the mock's journal holds the request under it. */
  readonly requestId: string | undefined;
  /** How to fix the call, when the server said (the envelope's `hint`). */
  readonly hint: string | undefined;
  /** How many attempts were made. */
  readonly attempts: number;

  constructor(input: ApiErrorInput) {
    const requestId = input.response?.headers.get('x-request-id') ?? undefined;
    const attempts = input.attempts ?? 1;
    super(
      `${input.target ?? input.endpoint} failed with ${input.status}${attempts > 1 ? ` after ${attempts} attempts` : ''}: ${shortened(describeSafely(input.error))}` +
        (input.hint ? ` (${shortened(input.hint)})` : '') +
        (requestId ? ` [request ${requestId}]` : ''),
    );
    this.status = input.status;
    this.details = detailsOf(input.status, input.error);
    this.code = this.details.code;
    this.error = input.error;
    this.response = input.response;
    this.headers = input.response?.headers ?? new Headers();
    this.endpoint = input.endpoint;
    this.requestId = requestId;
    this.hint = input.hint;
    this.attempts = attempts;
  }
}

function detailsOf(status: number, error: unknown): ApiErrorDetails {
  const code = errorCodeOf(status, error);
  const object = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  switch (code) {
    case 'no_matching_offer':
      return {
        code,
        resourceIds: String(error)
          .slice(String(error).indexOf(':') + 1)
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      };
    case 'insufficient_permissions':
      return { code, missing: Array.isArray(object.missing) ? (object.missing as string[]) : [] };
    case 'insufficient_resource_ids':
      return { code, missing: (object.missing ?? {}) as Record<string, string[]> };
    case 'rate_limited':
      return { code, resetsAt: typeof object.resetsAt === 'number' ? object.resetsAt : undefined };
    case 'validation_error': {
      const list = Array.isArray(error) ? (error as unknown[]) : undefined;
      const leadIssues = list?.every((i) => typeof i === 'object' && i !== null && 'index' in i)
        ? (list as LeadIssue[])
        : undefined;
      const issues =
        list && !leadIssues
          ? (list as ValidationIssue[])
          : Array.isArray(object.issues)
            ? (object.issues as ValidationIssue[])
            : typeof error === 'string'
              ? [{ path: '', message: error }]
              : [];
      return { code, issues, leadIssues };
    }
    default:
      return { code };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A list of issues as text: `path: message`, the first five and a count of the rest.
function issuesText(issues: unknown[]): string {
  const shown = issues.slice(0, 5).map((issue) => {
    if (!isRecord(issue) || typeof issue.message !== 'string') return json(issue);
    const where = issue.path ?? issue.field ?? issue.row;
    return where === undefined || where === '' ? issue.message : `${text(where)}: ${issue.message}`;
  });
  return shown.join('; ') + (issues.length > 5 ? ` (and ${issues.length - 5} more)` : '');
}

// What is missing, as the service lists it: permissions, or IDs by kind of resource.
function missingText(missing: unknown): string {
  if (Array.isArray(missing)) return missing.map(text).join(', ');
  if (isRecord(missing))
    return Object.entries(missing)
      .map(([kind, ids]) => `${kind} ${Array.isArray(ids) ? ids.map(text).join(', ') : json(ids)}`)
      .join('; ');
  return json(missing);
}

// A value sent by the server, as text that never throws: a string as it is, anything else as JSON.
// (`String()` throws for `{"toString": 1}`, and JSON.stringify for lists nested 100,000 deep.)
function text(value: unknown): string {
  return typeof value === 'string' ? value : json(value);
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return `(an unreadable ${Array.isArray(value) ? 'list' : typeof value})`;
  }
}

// The longest error text a message carries: the whole of it stays in `error`.
const MESSAGE_CHARS = 2_000;
const shortened = (message: string) =>
  message.length <= MESSAGE_CHARS
    ? message
    : `${message.slice(0, MESSAGE_CHARS)}… (${(message.length - MESSAGE_CHARS).toLocaleString('en')} more characters)`;

// An error is made from whatever the server sent: describing it must not fail.
function describeSafely(error: unknown): string {
  try {
    return describe(error);
  } catch {
    return json(error);
  }
}

// The latest instant a Date holds (ms from the epoch).
const LATEST_DATE_MS = 8.64e15;

// The envelope's error as a sentence: text as sent, a list of issues, or a code with what it names.
function describe(error: unknown): string {
  if (typeof error === 'string') return error;
  if (Array.isArray(error)) return issuesText(error);
  if (isRecord(error) && typeof error.code === 'string') {
    if (Array.isArray(error.issues)) return `${error.code}: ${issuesText(error.issues)}`;
    if (error.missing !== undefined) return `${error.code}: missing ${missingText(error.missing)}`;
    if (
      error.code === 'rate_limited' &&
      typeof error.resetsAt === 'number' &&
      Math.abs(error.resetsAt * 1000) <= LATEST_DATE_MS
    )
      return `rate_limited: no requests left until ${new Date(error.resetsAt * 1000).toISOString()}`;
  }
  return json(error);
}

/**
 * Whether a value is an {@link ApiError}, across realms.
 *
 * @example
 * ```ts
 * if (isApiError(error) && error.code === 'contact_not_found') return undefined;
 * ```
 */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (typeof value === 'object' &&
      value !== null &&
      'status' in value &&
      'endpoint' in value &&
      'error' in value)
  );
}

/**
 * 400: the request was refused. `issues` holds the validation issues where the service sends
 * them (contact search, bulk update), `leadIssues` the refused leads of a lead batch.
 *
 * @example
 * ```ts
 * if (error instanceof BadRequestError) for (const issue of error.issues ?? []) console.log(issue.path, issue.message);
 * ```
 */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError' as const;
  /** Validation issues `{path, message}`, when the endpoint sends them. */
  readonly issues: ValidationIssue[] | undefined;
  /** The refused leads of a lead batch. */
  readonly leadIssues: LeadIssue[] | undefined;

  constructor(input: ApiErrorInput) {
    super(input);
    const details = this.details.code === 'validation_error' ? this.details : undefined;
    this.leadIssues = details?.leadIssues;
    this.issues =
      details && typeof input.error !== 'string' && !details.leadIssues ? details.issues : undefined;
  }
}

/**
 * 401: the API key is missing or unknown.
 *
 * @example
 * ```ts
 * if (error instanceof AuthenticationError) console.error('check MARKETING_API_KEY');
 * ```
 */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError' as const;
}

/**
 * 402: the organisation's credits cannot pay for the request; nothing was charged or changed.
 *
 * @example
 * ```ts
 * if (error instanceof InsufficientBalanceError) console.error('top up the credits');
 * ```
 */
export class InsufficientBalanceError extends ApiError {
  override name = 'InsufficientBalanceError' as const;
}

/**
 * 403: the key lacks the endpoint's permission (`missingPermissions`), or names resources
 * outside its restrictions (`missingResources`, IDs by kind).
 *
 * @example
 * ```ts
 * if (error instanceof PermissionDeniedError) console.error(error.missingPermissions ?? error.missingResources);
 * ```
 */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError' as const;
  /** The permissions the key lacks. */
  readonly missingPermissions: string[] | undefined;
  /** The resource IDs the key may not touch, by kind (`{tag_ids: ['t9']}`). */
  readonly missingResources: Record<string, string[]> | undefined;

  constructor(input: ApiErrorInput) {
    super(input);
    const details = this.details;
    this.missingPermissions = details.code === 'insufficient_permissions' ? details.missing : undefined;
    this.missingResources = details.code === 'insufficient_resource_ids' ? details.missing : undefined;
  }
}

/**
 * 404: the contact, tag, campaign, transaction or marketplace offer does not exist for the caller.
 *
 * @example
 * ```ts
 * if (error instanceof NotFoundError && error.code === 'contact_not_found') return undefined;
 * ```
 */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError' as const;
}

/**
 * 409: a duplicate sale, or a transaction that is no longer pending.
 *
 * @example
 * ```ts
 * if (error instanceof ConflictError && error.code === 'duplicate_sale') console.log('already recorded');
 * ```
 */
export class ConflictError extends ApiError {
  override name = 'ConflictError' as const;
}

/**
 * 413: the request's body is larger than the service takes (`code` is `body_too_large`): send
 * fewer rows a request (`createMany`'s `chunkSize`).
 *
 * @example
 * ```ts
 * if (error instanceof PayloadTooLargeError) await client.contacts.createMany(rows, { chunkSize: 10_000 });
 * ```
 */
export class PayloadTooLargeError extends ApiError {
  override name = 'PayloadTooLargeError' as const;
}

/**
 * 429: the organisation is over its rate limit. The SDK retries these before throwing.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) console.log('try again at', new Date((error.resetsAt ?? 0) * 1000));
 * ```
 */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError' as const;
  /** When the budget refills, in epoch seconds. */
  readonly resetsAt: number | undefined;
  /** The `Retry-After` header, in seconds (from now, for the header's date form). */
  readonly retryAfter: number | undefined;

  constructor(input: ApiErrorInput) {
    super(input);
    this.resetsAt = this.details.code === 'rate_limited' ? this.details.resetsAt : undefined;
    const wait = retryAfterMs(input.response?.headers.get('retry-after'), Date.now());
    this.retryAfter = wait === undefined ? undefined : Math.max(0, wait) / 1000;
  }
}

/**
 * 5xx: the service failed. Retried for requests that are safe to repeat.
 *
 * @example
 * ```ts
 * if (error instanceof InternalServerError) console.error(error.requestId);
 * ```
 */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError' as const;
}

/**
 * Picks the error class for a failure status: the one place statuses map to classes.
 *
 * @example
 * ```ts
 * makeApiError({ status: 404, error: 'Contact not found', endpoint: 'contacts.get' }); // NotFoundError
 * ```
 */
export function makeApiError(input: ApiErrorInput): ApiError {
  switch (input.status) {
    case 400:
      return new BadRequestError(input);
    case 401:
      return new AuthenticationError(input);
    case 402:
      return new InsufficientBalanceError(input);
    case 403:
      return new PermissionDeniedError(input);
    case 404:
      return new NotFoundError(input);
    case 409:
      return new ConflictError(input);
    case 413:
      return new PayloadTooLargeError(input);
    case 429:
      return new RateLimitError(input);
  }
  return input.status >= 500 && input.status < 600 ? new InternalServerError(input) : new ApiError(input);
}

/**
 * The request did not reach the service, or no answer came back (DNS, refused, reset).
 *
 * @example
 * ```ts
 * if (error instanceof ConnectionError) console.error('is the service reachable?', error.message);
 * ```
 */
export class ConnectionError extends MarketingError {
  override name = 'ConnectionError' as const;
  /** The system's code for what went wrong (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`), when it gave one. */
  readonly systemCode: string | undefined;
  /** How many attempts were made. */
  readonly attempts: number;

  constructor(
    message: string,
    options: { cause?: unknown; systemCode?: string | undefined; attempts?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.systemCode = options.systemCode;
    this.attempts = options.attempts ?? 1;
  }
}

/**
 * No answer within the timeout.
 *
 * @example
 * ```ts
 * if (error instanceof TimeoutError) console.error(error.message);
 * ```
 */
export class TimeoutError extends MarketingError {
  override name = 'TimeoutError' as const;
  /** How many attempts were made. */
  readonly attempts: number;

  constructor(message: string, options: { cause?: unknown; attempts?: number } = {}) {
    super(message, { cause: options.cause });
    this.attempts = options.attempts ?? 1;
  }
}

/**
 * The caller aborted the request with its `signal`. Never retried.
 *
 * @example
 * ```ts
 * if (error instanceof UserAbortError) return;
 * ```
 */
export class UserAbortError extends MarketingError {
  override name = 'UserAbortError' as const;
  constructor(message = 'Request aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * With `validateResponses`, a success response did not match the contract. The message names the
 * endpoint and the field (`contacts.get: data.cell: Expected an MSISDN: digits only`).
 *
 * @example
 * ```ts
 * if (error instanceof ResponseValidationError) console.error(error.issues);
 * ```
 */
export class ResponseValidationError extends MarketingError {
  override name = 'ResponseValidationError' as const;
  readonly endpoint: string;
  /** Each mismatch as `path: message`. */
  readonly issues: string[];
  constructor(endpoint: string, issues: string[]) {
    super(`${endpoint}: response does not match the contract: ${issues.join('; ')}`);
    this.endpoint = endpoint;
    this.issues = issues;
  }
}
