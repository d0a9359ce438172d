import { buildPath } from '@marketing/domain/routes';
import ky, { type KyInstance, TimeoutError as KyTimeoutError } from 'ky';
import { ConnectionError } from '../errors/connection-error.js';
import { makeApiError } from '../errors/make-api-error.js';
import { ResponseValidationError } from '../errors/response-validation-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { UserAbortError } from '../errors/user-abort-error.js';
import type { ClientOptions, RequestInput, RequestOptions, Route } from './options.js';
import { isRetryableStatus, retryDelay, sleep } from './retry.js';

/** A success, with the response that carried it and how many attempts it took. */
export interface RawResult<T> {
  data: T;
  response: Response;
  attempts: number;
}

/** Sends requests for the resources: one loop, shared by every endpoint. */
export class Requester {
  readonly #options: ClientOptions;
  readonly #ky: KyInstance;

  constructor(options: ClientOptions) {
    this.#options = options;
    const hooks = options.hooks;
    this.#ky = ky.create({
      prefixUrl: options.baseUrl.replace(/\/+$/, ''),
      retry: 0,
      throwHttpErrors: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      headers: { accept: 'application/json', ...options.headers },
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
    const url = new URL(this.#options.baseUrl.replace(/\/+$/, '') + buildPath(route.path, {}));
    if (route.auth === 'query-key') url.searchParams.set('key', this.#options.apiKey);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** Calls an endpoint and answers its `data` with the raw response. */
  async request<T>(
    route: Route,
    input: RequestInput = {},
    options: RequestOptions = {},
  ): Promise<RawResult<T>> {
    const maxRetries = options.maxRetries ?? this.#options.maxRetries ?? 2;
    const timeout = options.timeout ?? this.#options.timeout ?? 60_000;
    const path = buildPath(route.path, input.params ?? {}).slice(1);
    const searchParams = Object.fromEntries(
      Object.entries(input.query ?? {}).filter(
        (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
      ),
    );
    const headers: Record<string, string> = { ...options.headers };
    if (route.auth === 'bearer') headers.authorization = `Bearer ${this.#options.apiKey}`;
    else searchParams.key ??= this.#options.apiKey;

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.#ky(path, {
          method: route.method,
          headers,
          searchParams,
          ...(input.body === undefined ? {} : { json: input.body }),
          timeout,
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (cause) {
        if (options.signal?.aborted) throw new UserAbortError(`${route.id} was aborted`, { cause });
        const error =
          cause instanceof KyTimeoutError
            ? new TimeoutError(`${route.id} timed out after ${timeout} ms`, { cause })
            : new ConnectionError(
                `${route.id} could not reach the service: ${String((cause as Error)?.message ?? cause)}`,
                { cause },
              );
        // Without an answer the request may have acted, so only safe requests are sent again.
        if (route.retrySafe && attempt < maxRetries) {
          await this.#wait({ attempt }, options.signal, route);
          continue;
        }
        throw error;
      }

      const envelope = await readEnvelope(response);
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
        response,
        endpoint: route.id,
      });
      // A 429 was refused before it acted, so any request may wait and go again.
      const retryable = isRetryableStatus(status) && (route.retrySafe || status === 429);
      if (retryable && attempt < maxRetries) {
        const resetsAt = (envelope?.error as { resetsAt?: unknown } | undefined)?.resetsAt;
        await this.#wait(
          {
            attempt,
            retryAfterHeader: response.headers.get('retry-after'),
            resetsAt: typeof resetsAt === 'number' ? resetsAt : undefined,
          },
          options.signal,
          route,
        );
        continue;
      }
      throw error;
    }
  }

  async #wait(
    input: { attempt: number; retryAfterHeader?: string | null; resetsAt?: number | undefined },
    signal: AbortSignal | undefined,
    route: Route,
  ) {
    const ms = retryDelay({
      ...input,
      now: Date.now(),
      maxRetryAfterMs: this.#options.maxRetryAfter ?? 60_000,
    });
    try {
      await sleep(ms, signal);
    } catch (cause) {
      throw new UserAbortError(`${route.id} was aborted`, { cause });
    }
  }
}

async function readEnvelope(
  response: Response,
): Promise<{ ok: boolean; data?: unknown; error?: unknown } | undefined> {
  try {
    const body = (await response.json()) as unknown;
    return typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean'
      ? (body as { ok: boolean })
      : undefined;
  } catch {
    return undefined;
  }
}
