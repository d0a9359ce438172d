/**
 * The stateful mock of the marketing service. The service core is not built yet; for now this
 * entry point serves the contract's OpenAPI document so that tools can read the interface.
 *
 * @packageDocumentation
 */
import { createOpenApiDocument } from '@marketing/domain';

/** This package's version. */
export const VERSION = '0.1.0';

/**
 * The OpenAPI 3.1 document the mock serves at `/openapi.json`.
 *
 * @example
 * ```ts
 * const doc = openApiDocument('http://127.0.0.1:4010');
 * ```
 */
export function openApiDocument(serverUrl?: string) {
  return createOpenApiDocument(serverUrl === undefined ? {} : { serverUrl });
}
