import { buildPath, IN_PROCESS_FETCH } from '@marketing/domain/routes';
import ky, { type KyInstance, TimeoutError as KyTimeoutError } from 'ky';
import { ConnectionError } from '../errors/connection-error.js';
import { makeApiError } from '../errors/make-api-error.js';
import { ResponseValidationError } from '../errors/response-validation-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { UserAbortError } from '../errors/user-abort-error.js';
import { APIPromise } from './api-promise.js';
import { createLog, type Log } from './logger.js';
import type { ClientOptions, RequestInput, RequestOptions, Route } from './options.js';
import { isRetryableStatus, retryDelay, sleep } from './retry.js';
import type { ResultOf, RouteInput } from './route-types.js';

/** A success, with the response that carried it and how many attempts it took. */
export interface RawResult<T> {
  data: T;
  response: Response;
  attempts: number;
}

/**
 * What an underlying network error says: its code (`ECONNREFUSED`) when it has one, else its
 * messages down the cause chain (`fetch failed: bad port`).
 */
function causeOf(error: unknown): string {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    messages.push(current instanceof Error ? current.message : String(current));
    current = (current as { cause?: unknown }).cause;
  }
  return messages.join(': ');
}

/** An in-process attempt that outlived its timeout (ky throws its own TimeoutError instead). */
class AttemptTimedOut extends Error {
  override name = 'AttemptTimedOut' as const;
}

function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const name in headers) lower[name.toLowerCase()] = headers[name]!;
  return lower;
}

const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/**
 * Sends requests: one loop, shared by every endpoint. `client.requester.request(route, input)`
 * calls any route of `@marketing/domain/routes`, typed from the contract.
 */
export class Requester {
  readonly #options: ClientOptions;
  readonly #ky: KyInstance;
  readonly #log: Log;
  /** The mock's `mock.fetch`, called directly when no hook needs ky's `Request`. */
  readonly #inProcessFetch: typeof fetch | undefined;
  readonly #baseUrl: string;
  readonly #defaultHeaders: Record<string, string>;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#log = createLog(options.logger, options.logLevel);
    const hooks = options.hooks;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    // The headers of every request, for ky and the in-process path alike.
    this.#defaultHeaders = lowerCaseNames({ accept: 'application/json', ...options.headers });
    const marked = (options.fetch as { [IN_PROCESS_FETCH]?: unknown } | undefined)?.[IN_PROCESS_FETCH];
    this.#inProcessFetch =
      marked === true && !hooks?.beforeRequest && !hooks?.afterResponse ? options.fetch : undefined;
    this.#ky = ky.create({
      prefixUrl: this.#baseUrl,
      retry: 0,
      throwHttpErrors: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      headers: this.#defaultHeaders,
      hooks: {
        beforeRequest: hooks?.beforeRequest ? [(request) => hooks.beforeRequest!(request)] : [],
        afterResponse: hooks?.afterResponse
          ? [
              async (request, _options, response) => {
                await hooks.afterResponse!(request, response);
              },
            ]
          : [],
      },
    });
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
   * import { routes } from '@marketing/domain/routes';
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
    const maxRetries = options.maxRetries ?? this.#options.maxRetries ?? 2;
    const timeout = options.timeout ?? this.#options.timeout ?? 60_000;
    const deadlineMs = options.deadline ?? this.#options.deadline;
    const deadline = deadlineMs === undefined ? undefined : Date.now() + deadlineMs;
    const path = buildPath(route.path, input.params ?? {}).slice(1);
    const searchParams = Object.fromEntries(
      Object.entries(input.query ?? {}).filter(
        (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
      ),
    );
    const headers: Record<string, string> = { ...options.headers };
    if (route.auth === 'bearer') headers.authorization = `Bearer ${this.#options.apiKey}`;
    else searchParams.key ??= this.#options.apiKey;
    const target = `${route.method} ${this.#baseUrl}/${path}`;

    for (let attempt = 0; ; attempt++) {
      const left = deadline === undefined ? undefined : deadline - Date.now();
      const attemptTimeout =
        left === undefined
          ? timeout
          : timeout === false
            ? Math.max(1, left)
            : Math.max(1, Math.min(timeout, left));
      let response: Response;
      const started = Date.now();
      // Every attempt passes here: its log lines are built only when debug logging is on.
      const debug = this.#log.enabled('debug');
      if (debug) this.#log.debug(`${target} (attempt ${attempt + 1})`);
      try {
        response = this.#inProcessFetch
          ? await this.#callInProcess(this.#inProcessFetch, route.method, path, {
              headers,
              searchParams,
              body: input.body,
              timeout: attemptTimeout,
              signal: options.signal,
            })
          : await this.#ky(path, {
              method: route.method,
              headers,
              searchParams,
              ...(input.body === undefined ? {} : { json: input.body }),
              timeout: attemptTimeout,
              ...(options.signal ? { signal: options.signal } : {}),
            });
      } catch (cause) {
        const attempts = attemptsText(attempt + 1);
        if (options.signal?.aborted)
          throw new UserAbortError(`${target} was aborted after ${attempts}`, { cause });
        const error =
          cause instanceof KyTimeoutError || cause instanceof AttemptTimedOut
            ? new TimeoutError(
                `${target} timed out after ${attemptTimeout} ms (${attempts}${deadline === undefined ? '' : `, deadline ${deadlineMs} ms`})`,
                { cause },
              )
            : new ConnectionError(`${target} failed after ${attempts}: ${causeOf(cause)}`, { cause });
        // Without an answer the request may have acted, so only safe requests are sent again.
        if (
          route.retrySafe &&
          attempt < maxRetries &&
          (await this.#wait({ attempt }, options.signal, target, error.message, deadline))
        )
          continue;
        this.#log.debug(error.message);
        throw error;
      }

      const envelope = await readEnvelope(response);
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
        error: envelope ? envelope.error : `Unexpected response (${response.status}) that is not an envelope`,
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
        if (waited) continue;
      }
      throw error;
    }
  }

  // One attempt through an in-process fetch, sent as ky would send it (the same URL, headers and
  // JSON body) but with no Request built. The timeout rejects without aborting: in process there
  // is no connection to free, and an AbortController per call would cost more than the answer.
  async #callInProcess(
    fetch: typeof globalThis.fetch,
    method: string,
    path: string,
    attempt: {
      headers: Record<string, string>;
      searchParams: Record<string, string | number | boolean>;
      body: unknown;
      timeout: number | false;
      signal: AbortSignal | undefined;
    },
  ): Promise<Response> {
    const query = new URLSearchParams(
      Object.entries(attempt.searchParams).map(([name, value]) => [name, String(value)]),
    ).toString();
    const headers = { ...this.#defaultHeaders, ...lowerCaseNames(attempt.headers) };
    if (attempt.body !== undefined) headers['content-type'] ??= 'application/json';
    const answer = fetch(`${this.#baseUrl}/${path}${query ? `?${query}` : ''}`, {
      method,
      headers,
      ...(attempt.body === undefined ? {} : { body: JSON.stringify(attempt.body) }),
      ...(attempt.signal ? { signal: attempt.signal } : {}),
    });
    if (attempt.timeout === false) return answer;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AttemptTimedOut()), attempt.timeout as number);
    });
    try {
      return await Promise.race([answer, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  // Waits before the next attempt; answers false (without waiting) when the wait would pass the
  // call's deadline, so the caller gives up at once instead of sleeping past it.
  async #wait(
    input: { attempt: number; retryAfterHeader?: string | null; resetsAt?: number | undefined },
    signal: AbortSignal | undefined,
    target: string,
    reason: string,
    deadline: number | undefined,
  ): Promise<boolean> {
    const ms = retryDelay({
      ...input,
      now: Date.now(),
      maxRetryAfterMs: this.#options.maxRetryAfter ?? 60_000,
    });
    if (deadline !== undefined && Date.now() + ms >= deadline) {
      this.#log.debug(
        `${target}: not retrying after ${reason}; the wait of ${ms} ms would pass the deadline`,
      );
      return false;
    }
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

async function readEnvelope(
  response: Response,
): Promise<{ ok: boolean; data?: unknown; error?: unknown; hint?: unknown } | undefined> {
  try {
    const body = (await response.json()) as unknown;
    return typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean'
      ? (body as { ok: boolean })
      : undefined;
  } catch {
    return undefined;
  }
}
