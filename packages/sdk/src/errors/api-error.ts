import { MarketingError } from './marketing-error.js';

/**
 * The service answered with a failure envelope `{ok: false, error}`. `status` is the HTTP
 * status, `error` the envelope's error as sent, `response` the raw response.
 */
export class ApiError extends MarketingError {
  override name: string = 'ApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The envelope's `error`: a string, or an object or list for some endpoints. */
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

  constructor(input: {
    status: number;
    error: unknown;
    response?: Response | undefined;
    endpoint: string;
    /** The method and URL called: `GET https://api.example.com/tags`. */
    target?: string | undefined;
    hint?: string | undefined;
    attempts?: number | undefined;
  }) {
    const requestId = input.response?.headers.get('x-request-id') ?? undefined;
    const attempts = input.attempts ?? 1;
    super(
      `${input.target ?? input.endpoint} failed with ${input.status}${attempts > 1 ? ` after ${attempts} attempts` : ''}: ${describe(input.error)}` +
        (input.hint ? ` (${input.hint})` : '') +
        (requestId ? ` [request ${requestId}]` : ''),
    );
    this.status = input.status;
    this.error = input.error;
    this.response = input.response;
    this.headers = input.response?.headers ?? new Headers();
    this.endpoint = input.endpoint;
    this.requestId = requestId;
    this.hint = input.hint;
    this.attempts = attempts;
  }
}

function describe(error: unknown): string {
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * Whether a value is an {@link ApiError}, across realms.
 *
 * @example
 * ```ts
 * if (isApiError(error) && error.status === 404) return undefined;
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
