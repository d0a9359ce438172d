import { buildPath, IN_PROCESS_FETCH } from '@marketing/domain/routes';
import {
  ConnectionError,
  makeApiError,
  ResponseValidationError,
  TimeoutError,
  UserAbortError,
} from '../errors.js';
import { APIPromise, type RawResult } from './api-promise.js';
import { InProcessTransport } from './in-process-transport.js';
import { KyTransport } from './ky-transport.js';
import { createLog, type Log } from './logger.js';
import {
  type ClientOptions,
  checkRetryOptions,
  type RequestInput,
  type RequestOptions,
  type Route,
} from './options.js';
import { isRetryableStatus, retryDelay, sleep } from './retry.js';
import type { ResultOf, RouteInput } from './route-types.js';
import { AttemptTimedOut, BodyTooLarge, type Transport } from './transport.js';
import { identificationHeader } from './user-agent.js';

export type { RawResult };

/**
 * What an underlying network error says: its code (`ECONNREFUSED`) when it has one, else its
 * messages down the cause chain (`fetch failed: bad port`).
 */
// The system's code of a failed fetch (`ECONNREFUSED`), found down its causes.
function systemCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function causeOf(error: unknown): string {
  const code = systemCodeOf(error);
  if (code !== undefined) return code;
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    messages.push(current instanceof Error ? current.message : String(current));
    current = (current as { cause?: unknown }).cause;
  }
  return messages.join(': ');
}

function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const name in headers) lower[name.toLowerCase()] = headers[name]!;
  return lower;
}

/**
 * The transport for a client's options: the mock's in-process `fetch` is called directly unless a
 * hook needs the `Request` ky builds; anything else goes through ky.
 */
function transportFor(options: ClientOptions): Transport {
  const marked = (options.fetch as { [IN_PROCESS_FETCH]?: unknown } | undefined)?.[IN_PROCESS_FETCH];
  if (marked === true && options.fetch && !options.hooks?.beforeRequest && !options.hooks?.afterResponse)
    return new InProcessTransport(options.fetch);
  return new KyTransport(options.fetch, options.hooks);
}

const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/**
 * Sends requests: one loop, shared by every endpoint. `client.requester.request(route, input)`
 * calls any route of `@marketing/domain/routes`, typed from the contract.
 */
export class Requester {
  readonly #options: ClientOptions;
  readonly #transport: Transport;
  readonly #log: Log;
  readonly #baseUrl: string;
  /** The headers of every request: JSON, the SDK's identification, then the client's own. */
  readonly #defaultHeaders: Record<string, string>;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#log = createLog(options.logger, options.logLevel);
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#defaultHeaders = {
      accept: 'application/json',
      ...identificationHeader(),
      ...lowerCaseNames(options.headers),
    };
    this.#transport = transportFor(options);
  }

  /**
   * The full URL of a GET endpoint with its query, including the API key in `key` on postback
   * routes, for handing to systems that can only call a URL.
   */
  url(route: Route, query: Record<string, string | number | boolean | undefined>): string {
    const url = new URL(this.#baseUrl + buildPath(route.path, {}));
    if (route.auth === 'query-key') url.searchParams.set('key', this.#options.apiKey);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /**
   * Calls a route and answers its `data`, typed from the contract, as an {@link APIPromise}.
   *
   * @example
   * ```ts
   * import { routes } from '@marketing/sdk';
   * const contact = await client.requester.request(routes.contacts.get, { params: { cell: '27821234567' } });
   * const { data, requestId } = await client.requester.request(routes.tags.list).withResponse();
   * ```
   */
  request<R extends Route>(
    route: R,
    input: RouteInput<R> = {},
    options: RequestOptions = {},
  ): APIPromise<ResultOf<R>> {
    return new APIPromise<ResultOf<R>>(this.send(route, input as RequestInput, options));
  }

  /** Calls an endpoint and answers its `data` with the raw response and the attempts it took. */
  async send<T>(route: Route, input: RequestInput = {}, options: RequestOptions = {}): Promise<RawResult<T>> {
    if (options.maxRetries !== undefined || options.timeout !== undefined || options.deadline !== undefined)
      checkRetryOptions(options, `${route.method} ${route.path}`);
    const maxRetries = options.maxRetries ?? this.#options.maxRetries ?? 2;
    const timeout = options.timeout ?? this.#options.timeout ?? 60_000;
    const deadlineMs = options.deadline ?? this.#options.deadline;
    const deadline = deadlineMs === undefined ? undefined : Date.now() + deadlineMs;
    const url = new URL(this.#baseUrl + buildPath(route.path, input.params ?? {}));
    for (const [name, value] of Object.entries(input.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const headers = { ...this.#defaultHeaders, ...lowerCaseNames(options.headers) };
    if (route.auth === 'bearer') headers.authorization = `Bearer ${this.#options.apiKey}`;
    else if (!url.searchParams.has('key')) url.searchParams.set('key', this.#options.apiKey);
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const target = `${route.method} ${url.origin}${url.pathname}`;

    if (options.signal?.aborted)
      throw new UserAbortError(`${target} was aborted before it was sent`, { cause: options.signal.reason });
    for (let attempt = 0; ; attempt++) {
      const left = deadline === undefined ? undefined : deadline - Date.now();
      const attemptTimeout =
        left === undefined
          ? timeout
          : timeout === false
            ? Math.max(1, left)
            : Math.max(1, Math.min(timeout, left));
      let response: Response;
      let text: string;
      let reading = false;
      const started = Date.now();
      // Every attempt passes here: its log lines are built only when debug logging is on.
      const debug = this.#log.enabled('debug');
      if (debug) this.#log.debug(`${target} (attempt ${attempt + 1})`);
      try {
        response = await this.#transport.send({
          method: route.method,
          url: url.toString(),
          headers,
          body,
          timeout: attemptTimeout,
          signal: options.signal,
        });
        // The body is read within the attempt's time too: ky's timeout ends with the headers.
        reading = true;
        text = await this.#transport.read(response, {
          timeout: attemptTimeout === false ? false : Math.max(1, attemptTimeout - (Date.now() - started)),
          signal: options.signal,
          maxBytes: this.#options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        });
      } catch (cause) {
        const attempts = attemptsText(attempt + 1);
        if (options.signal?.aborted)
          throw new UserAbortError(`${target} was aborted after ${attempts}`, { cause });
        const error =
          cause instanceof AttemptTimedOut
            ? new TimeoutError(
                `${target} timed out after ${attemptTimeout} ms (${attempts}${deadline === undefined ? '' : `, deadline ${deadlineMs} ms`})`,
                { cause, attempts: attempt + 1 },
              )
            : new ConnectionError(
                `${target} failed after ${attempts}: ${
                  cause instanceof BodyTooLarge
                    ? cause.message
                    : reading
                      ? `the answer broke off (${causeOf(cause)}); the request may have acted`
                      : causeOf(cause)
                }`,
                {
                  cause,
                  systemCode: systemCodeOf(cause),
                  attempts: attempt + 1,
                },
              );
        // Without an answer the request may have acted, so only safe requests are sent again (and
        // not for an answer too large to read, which would come again as large).
        if (route.retrySafe && attempt < maxRetries && !(cause instanceof BodyTooLarge)) {
          const waited = await this.#wait({ attempt }, options.signal, target, error.message, deadline);
          if (waited === true) continue;
          saysWhyNotRetried(error, waited);
        }
        this.#log.debug(error.message);
        throw error;
      }

      const envelope = envelopeOf(text);
      if (debug) {
        const requestId = response.headers.get('x-request-id');
        this.#log.debug(
          `${target} answered ${response.status} in ${Date.now() - started} ms${requestId ? ` (${requestId})` : ''}`,
        );
      }
      if (response.ok && envelope?.ok === true) {
        const data = envelope.data as T;
        const validator = this.#options.validateResponses;
        if (validator) {
          const issues = validator.validate(route.id, data);
          if (issues.length > 0) throw new ResponseValidationError(route.id, issues);
        }
        return { data, response, attempts: attempt + 1 };
      }
      const status = response.ok ? 502 : response.status;
      const error = makeApiError({
        status,
        error: isRedirect(status)
          ? redirected(response)
          : envelope
            ? envelope.error
            : notAnEnvelope(response, text),
        hint: typeof envelope?.hint === 'string' ? envelope.hint : undefined,
        response,
        endpoint: route.id,
        target,
        attempts: attempt + 1,
      });
      // A 429 was refused before it acted, so any request may wait and go again.
      const retryable = isRetryableStatus(status) && (route.retrySafe || status === 429);
      if (retryable && attempt < maxRetries) {
        const resetsAt = (envelope?.error as { resetsAt?: unknown } | undefined)?.resetsAt;
        const waited = await this.#wait(
          {
            attempt,
            retryAfterHeader: response.headers.get('retry-after'),
            resetsAt: typeof resetsAt === 'number' ? resetsAt : undefined,
          },
          options.signal,
          target,
          `${status}`,
          deadline,
        );
        if (waited === true) continue;
        saysWhyNotRetried(error, waited);
      }
      throw error;
    }
  }

  // Waits before the next attempt; answers why not (without waiting) when the wait would pass the
  // call's deadline or the service asks for more than maxRetryAfter, so the caller gives up at
  // once instead of sleeping past it.
  async #wait(
    input: { attempt: number; retryAfterHeader?: string | null; resetsAt?: number | undefined },
    signal: AbortSignal | undefined,
    target: string,
    reason: string,
    deadline: number | undefined,
  ): Promise<true | string> {
    const maxRetryAfterMs = this.#options.maxRetryAfter ?? 60_000;
    const ms = retryDelay({ ...input, now: Date.now(), maxRetryAfterMs });
    const notRetrying = (why: string) => {
      this.#log.debug(`${target}: not retrying after ${reason}; ${why}`);
      return why;
    };
    if (ms === undefined)
      return notRetrying(`the service asked for a longer wait than maxRetryAfter (${maxRetryAfterMs} ms)`);
    if (deadline !== undefined && Date.now() + ms >= deadline)
      return notRetrying(`the wait of ${ms} ms would pass the deadline`);
    const message = `${target}: retrying in ${ms} ms after ${reason} (attempt ${input.attempt + 2})`;
    if (ms > 1000) this.#log.warn(message);
    else this.#log.debug(message);
    try {
      await sleep(ms, signal);
    } catch (cause) {
      throw new UserAbortError(`${target} was aborted`, { cause });
    }
    return true;
  }
}

// An error whose retry was not made says why (a deadline, a wait longer than maxRetryAfter), not
// only the failure: that was in the debug log alone.
function saysWhyNotRetried(error: Error, why: string): void {
  error.message = `${error.message} (not retried: ${why})`;
}

/** The most bytes of an answer a client reads unless told otherwise (`maxResponseBytes`). */
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 2 ** 20;

const isRedirect = (status: number) => status >= 300 && status < 400;

// A redirect names where it pointed, whatever its body (an envelope too), since the SDK follows
// none (the service never redirects; a wrong baseUrl or a proxy does).
function redirected(response: Response): string {
  const location = response.headers.get('location');
  const where = location === null ? 'with no location' : `to ${location.replace(/\/\/[^/@]*@/, '//***@')}`;
  return `Redirected (${response.status}) ${where}: the SDK follows no redirect (is baseUrl right?)`;
}

// What came instead of an envelope (a proxy's HTML page, a load balancer's text), to tell where
// it came from.
function notAnEnvelope(response: Response, text: string): string {
  return `Unexpected response (${response.status}, ${response.headers.get('content-type')}) that is not an envelope: ${text.slice(0, 200)}`;
}

function envelopeOf(
  text: string,
): { ok: boolean; data?: unknown; error?: unknown; hint?: unknown } | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean'
      ? (body as { ok: boolean })
      : undefined;
  } catch {
    return undefined;
  }
}
