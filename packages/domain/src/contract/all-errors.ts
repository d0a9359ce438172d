import * as z from 'zod';
import { errorCodes, messages } from '../messages.js';
import {
  LeadIssueListSchema,
  PermissionErrorSchema,
  RateLimitErrorSchema,
  ResourceErrorSchema,
  ValidationErrorObjectSchema,
  ValidationIssueListSchema,
} from '../schemas/errors.js';
import type { DocumentedError, EndpointDefinition } from './define-endpoint.js';
import { limits } from './limits.js';
import { checksResources } from './resource-rules.js';

const validationErrorSchemas = {
  message: z.string(),
  'issue-list': ValidationIssueListSchema,
  'issue-object': ValidationErrorObjectSchema,
  'lead-issues': LeadIssueListSchema,
} as const;

/**
 * Every failure an endpoint can answer with: its own documented errors, then the ones every
 * endpoint shares (validation, authentication, permission, resource restrictions, balance and
 * rate limit), each once per status and shape.
 *
 * @example
 * ```ts
 * allErrors(contract.contacts.search).map((e) => e.status); // [400, 403, 401, 403, 402, 429]
 * ```
 */
export function allErrors(endpoint: EndpointDefinition): DocumentedError[] {
  const errors: DocumentedError[] = [...endpoint.errors];
  const has = (status: number, kind?: 'object') =>
    errors.some((e) => e.status === status && (kind === undefined || typeof e.error !== 'string'));
  if (!has(400, 'object')) {
    errors.push({
      status: 400,
      error: validationErrorSchemas[endpoint.validationErrorStyle],
      when: 'the request does not match its schema, or names a query parameter the endpoint does not take',
    });
  }
  if (endpoint.body) {
    errors.push({ status: 400, error: messages.bodyNotJson, when: 'the body is not JSON' });
    errors.push({
      status: 413,
      error: messages.bodyTooLargePrefix,
      prefix: true,
      when: endpoint.upload
        ? 'the body is larger than the server accepts (the mock: its `maxBodyBytes`, 64 MiB by default)'
        : `the body is larger than ${limits.bodyBytes.toLocaleString('en')} bytes (4 MiB, the mock’s own limit)`,
    });
    errors.push({
      status: 415,
      error: messages.bodyEncodedPrefix,
      prefix: true,
      when: 'the body is sent with a `Content-Encoding` other than `identity` (bodies are read as sent, never decompressed)',
    });
    errors.push({
      status: 413,
      error: messages.bodyTooComplexPrefix,
      prefix: true,
      when: 'the body goes past one of the mock’s own limits: more lists and objects than its size allows, nesting deeper than 64, an object of more than 10,000 members, or a string, number or run of white space of more than 1,048,576 characters (16,777,216 for a seed document’s strings that are not keys)',
    });
  }
  errors.push({
    status: 401,
    error: messages.unauthorized,
    when:
      endpoint.auth === 'query-key'
        ? 'the `key` query parameter is missing or unknown'
        : 'the API key is missing or unknown',
  });
  errors.push({
    status: 403,
    error: PermissionErrorSchema,
    when: `the key lacks \`${endpoint.permission}\``,
  });
  if (checksResources(endpoint.id) && !errors.some((e) => e.error === ResourceErrorSchema)) {
    errors.push({
      status: 403,
      error: ResourceErrorSchema,
      when: `the request names resources the key may not touch (code \`${errorCodes.insufficientResourceIds}\`)`,
    });
  }
  if (endpoint.cost.kind !== 'free') {
    errors.push({
      status: 402,
      error: messages.insufficientBalance,
      when: 'the organisation cannot pay for the request',
    });
  }
  errors.push({ status: 429, error: RateLimitErrorSchema, when: 'the organisation is over its rate limit' });
  return errors;
}
