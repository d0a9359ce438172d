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
} as const;

/**
 * The header that carries a webhook delivery's idempotency key, the same on every attempt. The
 * misspelling is the service's own.
 */
export const IDEMPOTENCY_HEADER = 'service-idemptotency-key';
