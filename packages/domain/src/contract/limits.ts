/**
 * The service's size limits and fixed header names: plain data with no schemas, so that the SDK
 * (through `@marketing/domain/routes`), the schemas and the mock read the same numbers.
 *
 * @example
 * ```ts
 * import { limits } from '@marketing/domain/routes';
 * limits.createContacts; // 100000
 * ```
 */
export const limits = {
  /** Contacts in one `POST /contacts`. */
  createContacts: 100_000,
  /** Contacts in one `PUT /contacts`. */
  upsertContacts: 20_000,
  /** Leads in one `POST /exchange/buyer/transaction`. */
  leads: 1000,
  /**
   * Entries in one list of a request body: the cells and tag IDs of a contact search or bulk
   * update (`cell`, `$in`, `$all`, `$each`), the cells of a compliance check, the tags of an
   * upload, of one uploaded contact or of a tag change, the campaigns of an opt-out, the
   * destinations of a bulk email, and the `_id`s and `offer_id`s of a transaction search. The
   * service states none; the mock's own bound, as many as a search page holds.
   */
  filterList: 10_000,
  /**
   * Bytes in one request body, but for the uploads (`POST` and `PUT /contacts`, sales, leads),
   * which the mock bounds by its `maxBodyBytes` (64 MiB by default). The service states none; the
   * mock's own bound, with room for the largest body its other limits allow (a bulk email of
   * 10,000 destinations and a 1 MiB template: about 3.5 MiB).
   */
  bodyBytes: 4 * 2 ** 20,
} as const;

/**
 * The header that carries a webhook delivery's idempotency key, the same on every attempt. The
 * misspelling is the service's own.
 */
export const IDEMPOTENCY_HEADER = 'service-idemptotency-key';

/**
 * Marks a `fetch` function that answers in process (the mock's `mock.fetch`): it takes the URL
 * and `RequestInit` as they are, with no `Request` to build, and answers in microseconds. The SDK
 * calls such a function directly instead of through ky, whose `Request` building, cloning and
 * abort wiring cost more than the mock's answer. A registered symbol, so that copies of the
 * packages in different versions still recognise each other.
 *
 * @example
 * ```ts
 * import { IN_PROCESS_FETCH } from '@marketing/domain/routes';
 * (mock.fetch as { [IN_PROCESS_FETCH]?: boolean })[IN_PROCESS_FETCH]; // true
 * ```
 */
export const IN_PROCESS_FETCH: unique symbol = Symbol.for('@marketing/in-process-fetch');
