import type { RouteDefinition } from '@marketing/domain/routes';
import type { Logger, LogLevel } from './logger.js';

/** Checks a success response's `data` against the contract; see `@marketing/sdk/validation`. */
export interface ResponseValidator {
  /** Answers the mismatches as `path: message`, or an empty list when `data` is valid. */
  validate(endpointId: string, data: unknown): string[];
}

/** Functions called around every attempt. */
export interface ClientHooks {
  /** Called before each attempt with the request about to be sent; may return a replacement. */
  beforeRequest?: (request: Request) => Request | undefined | Promise<Request | undefined>;
  /** Called after each attempt with the response received. */
  afterResponse?: (request: Request, response: Response) => void | Promise<void>;
}

/** Options of the {@link Client}. */
export interface ClientOptions {
  /** The API key, sent as `Authorization: Bearer <key>` (and as `key` on postback URLs). */
  apiKey: string;
  /** The service's base URL, with no trailing slash needed. */
  baseUrl: string;
  /** Milliseconds to wait for each attempt, or `false` for no limit. @default 60000 */
  timeout?: number | false;
  /**
   * Milliseconds the whole call may take, every attempt and every wait between them included. A
   * retry whose wait would pass it is not made: the call fails at once with the last error.
   * @default no bound
   */
  deadline?: number;
  /** Where logs go (`console`-shaped: debug, info, warn, error). @default console */
  logger?: Logger;
  /**
   * How much to log: `debug` logs each request, answer and retry; `warn` (the default) logs retry
   * waits longer than a second. Without it, `MARKETING_LOG` in the environment sets it.
   * @default 'warn'
   */
  logLevel?: LogLevel;
  /** Retries after a retryable failure, for requests that are safe to repeat. @default 2 */
  maxRetries?: number;
  /**
   * The longest wait a `Retry-After` or `resetsAt` may impose, in ms: when the service asks for a
   * longer one, the call fails at once with its error instead of retrying too soon. @default 60000
   */
  maxRetryAfter?: number;
  /**
   * The most bytes of an answer's body read (after decompression): a larger answer fails the call
   * with a `ConnectionError` instead of being held in memory. The service's answers are JSON of
   * at most a few megabytes (a search page of 10,000 contacts). @default 67108864 (64 MiB)
   */
  maxResponseBytes?: number;
  /**
   * The fetch to use (a mock, a proxy-aware fetch). The mock's `mock.fetch` is called directly,
   * without ky building a `Request`, unless `hooks` are set. @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /** A validator for success responses; none by default, so no schema code is bundled. */
  validateResponses?: ResponseValidator;
  /**
   * Functions called around every attempt, with the `Request` sent and the `Response` received
   * (to sign requests, trace them, or record answers). With a hook set, calls through the mock's
   * `mock.fetch` are built as HTTP requests too, so the hook sees them.
   *
   * @example
   * ```ts
   * new Client({ apiKey, baseUrl, hooks: { afterResponse: (request, response) => console.log(request.url, response.status) } });
   * ```
   */
  hooks?: ClientHooks;
  /**
   * Headers sent with every request, after the SDK's own (`accept`, `user-agent`); `authorization`
   * is always the API key's.
   *
   * @example
   * ```ts
   * new Client({ apiKey, baseUrl, headers: { 'x-correlation-id': 'import-42' } });
   * ```
   */
  headers?: Record<string, string>;
  /**
   * Lets the client run in a browser page. Off by default: an API key in a page is readable by
   * anyone who opens it, so turn it on only against a mock or behind your own proxy with a key
   * that may be public.
   * @default false
   */
  dangerouslyAllowBrowser?: boolean;
}

/** Options of one call. */
export interface RequestOptions {
  /** Aborts the call; an abort is never retried. */
  signal?: AbortSignal;
  /** Overrides the client's timeout (per attempt) for this call. */
  timeout?: number | false;
  /** Overrides the client's deadline (the whole call, retries included) for this call. */
  deadline?: number;
  /** Overrides the client's retries for this call. */
  maxRetries?: number;
  /**
   * Headers for this call, over the client's `headers`.
   *
   * @example
   * ```ts
   * await client.tags.list({ headers: { 'x-correlation-id': 'nightly-sync' } });
   * ```
   */
  headers?: Record<string, string>;
}

/** The parts of one call. */
export interface RequestInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

/** What the request loop needs to know about an endpoint. */
export type Route = RouteDefinition;

// The longest delay a timer holds (a longer one fires at once).
const MAX_TIMER_MS = 2 ** 31 - 1;
const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/**
 * Throws a `RangeError` naming the first of `maxRetries`, `maxResponseBytes`, `maxRetryAfter`,
 * `deadline` and `timeout` that the SDK could not use (a negative, fractional or non-numeric count, a timeout past
 * what timers hold); `who` starts the message (`Client`, or the call).
 */
export function checkRetryOptions(
  options: Pick<ClientOptions, 'maxRetries' | 'maxRetryAfter' | 'deadline' | 'timeout' | 'maxResponseBytes'>,
  who: string,
): void {
  const { maxRetries, maxRetryAfter, deadline, timeout, maxResponseBytes } = options;
  for (const [name, value, least] of [
    ['maxRetries', maxRetries, 0],
    ['maxResponseBytes', maxResponseBytes, 1],
  ] as const)
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= least))
      throw new RangeError(`${who}: ${name} must be a whole number, ${least} or more, got ${shown(value)}`);
  for (const [name, value] of [
    ['maxRetryAfter', maxRetryAfter],
    ['deadline', deadline],
  ] as const)
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      throw new RangeError(`${who}: ${name} must be a number, 0 or more, got ${shown(value)}`);
  if (
    timeout !== undefined &&
    timeout !== false &&
    !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0 && timeout <= MAX_TIMER_MS)
  )
    throw new RangeError(
      `${who}: timeout must be a number of milliseconds above 0 and at most ${MAX_TIMER_MS}, or false, got ${shown(timeout)}`,
    );
}
