/**
 * Runtime validation of responses against the contract's schemas. Import it only when you want
 * it: the main entry never loads the schemas.
 *
 * @example
 * ```ts
 * import { Client } from '@marketing/sdk';
 * import { contractValidator } from '@marketing/sdk/validation';
 *
 * const client = new Client({ apiKey, baseUrl, validateResponses: contractValidator });
 * ```
 *
 * @packageDocumentation
 */
import { endpoints } from '@marketing/domain';
import type { ResponseValidator } from './core/options.js';

const byId = new Map(endpoints.map((e) => [e.id, e]));

/** Validates each success `data` with the contract's schema for its endpoint. */
export const contractValidator: ResponseValidator = {
  validate(endpointId, data) {
    const schema = byId.get(endpointId)?.success.data;
    if (!schema) return [];
    const result = schema.safeParse(data);
    if (result.success) return [];
    return result.error.issues.map(
      (issue) => `${['data', ...issue.path.map(String)].join('.')}: ${issue.message}`,
    );
  },
};
