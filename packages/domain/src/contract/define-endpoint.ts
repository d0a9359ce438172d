import type { z } from 'zod';
import type { Permission } from './permissions.js';

/** An HTTP method the service uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How an endpoint reports a body or query that fails validation:
 * - `message`: a readable string (`cell: Invalid cell number`);
 * - `issue-list`: a list of `{path, message}` (contact search);
 * - `issue-object`: `{code: 'validation_error', issues}` (bulk update);
 * - `lead-issues`: a list of `{index, resource_id, issue}` (lead batches).
 */
export type ValidationErrorStyle = 'message' | 'issue-list' | 'issue-object' | 'lead-issues';

/** One documented failure of an endpoint: its status, its `error`, and when it happens. */
export interface DocumentedError {
  readonly status: number;
  /** The exact error text, or the schema of an object-shaped error. */
  readonly error: string | z.ZodType;
  /** Whether `error` is a prefix followed by details (`No matching marketplace offer for: r1`). */
  readonly prefix?: boolean;
  readonly when: string;
}

/** What an endpoint costs in billing credits. */
export type BillingCost =
  | { readonly kind: 'free' }
  | { readonly kind: 'per-request'; readonly credits: number }
  | { readonly kind: 'per-cell'; readonly credits: number }
  | {
      readonly kind: 'per-sms-part';
      /** Credits per SMS part, by delivery method (the mock's default prices). */
      readonly credits: {
        readonly standard: number;
        readonly reverse: number;
        readonly transactional: number;
      };
    }
  | { readonly kind: 'free-with-minimum-balance'; readonly minimum: number };

/** What an endpoint draws from its organisation's per-minute rate-limit budget. */
export type RateLimitCost =
  | { readonly bucket: 'organisation' | 'bulk-update'; readonly units: number }
  | { readonly bucket: 'organisation'; readonly unitsPerStartedThousandContacts: number };

/** Everything the SDK, the mock and the OpenAPI document need to know about one endpoint. */
export interface EndpointDefinition {
  /** A stable identifier, `group.operation`: `contacts.get`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** The path with `:name` parameters: `/contacts/:cell`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly permission: Permission;
  /** `bearer`: `Authorization: Bearer <key>`; `query-key`: the `?key=` of postback routes. */
  readonly auth: 'bearer' | 'query-key';
  readonly pathParams?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /**
   * Whether the body is an upload (contacts, sales, leads), as large as the server allows (the
   * mock's `maxBodyBytes`); other bodies are at most `limits.bodyBytes` (4 MiB).
   */
  readonly upload?: true;
  /** The success status and the schema of `data`; no `data` schema means `{ok: true}`. */
  readonly success: { readonly status: 200 | 201; readonly data?: z.ZodType };
  /** The failures particular to this endpoint; {@link allErrors} adds the common ones. */
  readonly errors: readonly DocumentedError[];
  readonly validationErrorStyle: ValidationErrorStyle;
  readonly cost: BillingCost;
  readonly rateLimit: RateLimitCost;
  /**
   * Whether repeating the request after an unknown outcome is safe: it cannot act twice.
   * The SDK retries only these.
   */
  readonly retrySafe: boolean;
}

/**
 * Declares one endpoint, keeping its literal types so that the SDK can infer parameter and result
 * types from it.
 *
 * @example
 * ```ts
 * const getTag = defineEndpoint({ id: 'tags.get', method: 'GET', path: '/tags/:tag_id', ... });
 * ```
 */
export function defineEndpoint<const T extends EndpointDefinition>(definition: T): T {
  return definition;
}

/** The type of an endpoint's path parameters, `{}` when it has none. */
export type PathParamsOf<E extends EndpointDefinition> = E['pathParams'] extends z.ZodType
  ? z.infer<E['pathParams']>
  : Record<string, never>;
/** The type of an endpoint's query. */
export type QueryOf<E extends EndpointDefinition> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;
/** The type of an endpoint's body. */
export type BodyOf<E extends EndpointDefinition> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;
/** The type of an endpoint's success `data`. */
export type DataOf<E extends EndpointDefinition> = E['success']['data'] extends z.ZodType
  ? z.infer<E['success']['data']>
  : undefined;
