import { z } from 'zod';
import { CampaignSchema } from '../schemas/campaign.js';
import { CampaignV2Schema } from '../schemas/campaign-v2.js';
import { ComplianceResultEntrySchema } from '../schemas/compliance.js';
import { ContactSchema, ProjectedContactSchema, UploadContactSchema } from '../schemas/contact.js';
import { ValidationIssueSchema } from '../schemas/errors.js';
import { LeadIssueSchema, LeadSchema } from '../schemas/lead-requests.js';
import { LeadTransactionSchema } from '../schemas/lead-transaction.js';
import { SaleSchema } from '../schemas/sale.js';
import { TagSchema } from '../schemas/tag.js';
import { allErrors } from './all-errors.js';
import type { EndpointDefinition } from './define-endpoint.js';
import { endpoints } from './index.js';
import { toOpenApiPath } from './routing.js';

/** A JSON Schema (draft 2020-12) object, as OpenAPI 3.1 embeds them. */
export type JsonSchema = Record<string, unknown>;

/** The generated OpenAPI 3.1 document. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  /** Operations by OpenAPI path, then by lower-case method. */
  paths: Record<string, Record<string, JsonSchema>>;
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> };
}

/** Options of {@link createOpenApiDocument}. */
export interface OpenApiOptions {
  /** The server URL the document names. @default 'http://127.0.0.1:4010' */
  serverUrl?: string;
  /** The document's version. @default '0.1.0' */
  version?: string;
}

const namedSchemas: ReadonlyArray<[string, z.ZodType]> = [
  ['Contact', ContactSchema],
  ['ProjectedContact', ProjectedContactSchema],
  ['UploadContact', UploadContactSchema],
  ['Tag', TagSchema],
  ['Campaign', CampaignSchema],
  ['CampaignV2', CampaignV2Schema],
  ['Sale', SaleSchema],
  ['Lead', LeadSchema],
  ['LeadIssue', LeadIssueSchema],
  ['LeadTransaction', LeadTransactionSchema],
  ['ComplianceResultEntry', ComplianceResultEntrySchema],
  ['ValidationIssue', ValidationIssueSchema],
];

class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  readonly #registry = z.registry<{ id: string }>();

  constructor() {
    for (const [id, schema] of namedSchemas) this.#registry.add(schema, { id });
  }

  // Each conversion inlines named schemas as `$defs`; they are hoisted into components.
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      unrepresentable: 'any',
      io,
      metadata: this.#registry,
    }) as JsonSchema;
    const { $schema: _, $defs, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, def] of Object.entries($defs ?? {})) {
      this.components[id] ??= this.#relink(def);
    }
    return this.#relink(rest);
  }

  #relink(schema: JsonSchema): JsonSchema {
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  }
}

function envelopeSchema(ok: boolean, inner: JsonSchema | undefined): JsonSchema {
  const properties: JsonSchema = { ok: { type: 'boolean', const: ok } };
  const required = ['ok'];
  if (inner) {
    properties[ok ? 'data' : 'error'] = inner;
    required.push(ok ? 'data' : 'error');
  }
  return { type: 'object', properties, required };
}

function parameters(endpoint: EndpointDefinition, converter: SchemaConverter): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [location, shape] of [
    ['path', endpoint.pathParams],
    ['query', endpoint.query],
  ] as const) {
    if (!shape) continue;
    for (const [name, schema] of Object.entries(shape.shape as Record<string, z.ZodType>)) {
      list.push({
        name,
        in: location,
        required: location === 'path' || !schema.safeParse(undefined).success,
        description:
          name === 'key' ? 'The API key (postback routes take it here instead of a header).' : undefined,
        schema: converter.convert(schema, 'input'),
      });
    }
  }
  return list;
}

function errorResponses(
  endpoint: EndpointDefinition,
  converter: SchemaConverter,
): Record<string, JsonSchema> {
  const byStatus = new Map<number, { schemas: JsonSchema[]; whens: string[] }>();
  for (const error of allErrors(endpoint)) {
    const entry = byStatus.get(error.status) ?? { schemas: [], whens: [] };
    const schema =
      typeof error.error === 'string'
        ? error.prefix
          ? { type: 'string', pattern: `^${error.error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` }
          : { type: 'string', const: error.error }
        : converter.convert(error.error, 'output');
    entry.schemas.push(envelopeSchema(false, schema));
    entry.whens.push(error.when);
    byStatus.set(error.status, entry);
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, { schemas, whens }] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers =
      status === 429
        ? { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } }
        : undefined;
    responses[String(status)] = {
      description: whens.join('; or '),
      ...(headers ? { headers } : {}),
      content: {
        'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } },
      },
    };
  }
  return responses;
}

function operation(endpoint: EndpointDefinition, converter: SchemaConverter): JsonSchema {
  const [group] = endpoint.id.split('.');
  const data = endpoint.success.data ? converter.convert(endpoint.success.data, 'output') : undefined;
  return {
    operationId: endpoint.id.replace('.', '_'),
    summary: endpoint.summary,
    description: [endpoint.description, `Permission: \`${endpoint.permission}\`.`]
      .filter(Boolean)
      .join('\n\n'),
    tags: [group],
    security: endpoint.auth === 'bearer' ? [{ bearerAuth: [] }] : [{ queryKey: [] }],
    parameters: parameters(endpoint, converter),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: converter.convert(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(endpoint.success.status)]: {
        description: 'Success.',
        content: { 'application/json': { schema: envelopeSchema(true, data) } },
      },
      ...errorResponses(endpoint, converter),
    },
  };
}

/**
 * Generates the OpenAPI 3.1 document of the whole service from the contract: every path and
 * method, request and response schemas, the `bearerAuth` scheme, the `key` query parameter of
 * the postback routes, and every error response.
 *
 * @example
 * ```ts
 * import { createOpenApiDocument } from '@marketing/domain';
 * const doc = createOpenApiDocument({ serverUrl: 'https://api.example.com' });
 * Object.keys(doc.paths); // ['/contacts/{cell}', '/contacts/search', ...]
 * ```
 */
export function createOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) {
    const path = toOpenApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(endpoint, converter);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Marketing service',
      version: options.version ?? '0.1.0',
      description:
        'Contacts, tags, campaigns (original and V2), SMS and email sends, sales, marketplace lead ' +
        'transactions and compliance. Every response is an envelope: `{ok: true, data}` or `{ok: false, error}`.',
    },
    servers: [{ url: options.serverUrl ?? 'http://127.0.0.1:4010' }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(endpoints.map((e) => e.id.split('.')[0]!))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: '`Authorization: Bearer <API key>`' },
        queryKey: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description: 'The API key, on postback routes.',
        },
      },
      schemas: converter.components,
    },
  };
}
