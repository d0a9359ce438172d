import * as z from 'zod';
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
import { endpointExamples } from './examples.js';
import { fieldDescriptions } from './field-descriptions.js';
import { allowedMethods, endpoints, matchEndpoint } from './index.js';
import { toOpenApiPath } from './routes.js';

/** A JSON Schema (draft 2020-12) object, as OpenAPI 3.1 embeds them. */
export type JsonSchema = Record<string, unknown>;

/** The generated OpenAPI 3.1 document. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
    contact: { name: string };
  };
  servers: { url: string; description?: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  /** Operations by OpenAPI path, then by lower-case method. */
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
    /** Response headers: `RequestId`, `Allow`, `RetryAfter`. */
    headers: Record<string, JsonSchema>;
  };
}

/** Options of {@link createOpenApiDocument}. */
export interface OpenApiOptions {
  /**
   * The server URL the document names: where a client built from it sends its calls.
   * @default 'http://127.0.0.1:4010'
   */
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

// What the converter knows of a schema: the component id of a named one, and the JSON Schema
// keywords the schema states with `.meta()` (the cross-field rules a `.refine` cannot emit).
function converterRegistry() {
  const registry = z.registry<{ id?: string } & Record<string, unknown>>();
  const own = registry.get.bind(registry);
  registry.get = (schema) => {
    const [stated, named] = [z.globalRegistry.get(schema), own(schema)];
    return stated || named ? { ...stated, ...named } : undefined;
  };
  return registry;
}

class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  readonly #registry = converterRegistry();

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
    const copy = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/'),
    ) as JsonSchema;
    describeProperties(copy);
    return copy;
  }
}

// Gives every property named in the field table its description, at any depth.
function describeProperties(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) describeProperties(item);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const properties = (schema as { properties?: Record<string, JsonSchema> }).properties;
  if (properties && typeof properties === 'object') {
    for (const [name, property] of Object.entries(properties)) {
      const description = fieldDescriptions[name];
      if (description && property && typeof property === 'object' && !('description' in property))
        property.description = description;
    }
  }
  for (const value of Object.values(schema)) describeProperties(value);
}

function envelopeSchema(ok: boolean, inner: JsonSchema | undefined): JsonSchema {
  const properties: JsonSchema = { ok: { type: 'boolean', const: ok } };
  const required = ['ok'];
  if (inner) {
    properties[ok ? 'data' : 'error'] = inner;
    required.push(ok ? 'data' : 'error');
  }
  if (!ok) {
    properties.hint = {
      type: 'string',
      description:
        'How to fix the call, when the server can tell (the mock adds it beside the exact `error`).',
    };
  }
  return { type: 'object', properties, required };
}

const requestIdHeader = { $ref: '#/components/headers/RequestId' };

const responseHeaders: Record<string, JsonSchema> = {
  RequestId: {
    description:
      'The ID of this request: quote it when reporting a problem (the mock’s request journal finds the call by it).',
    schema: { type: 'string' },
  },
  Allow: {
    description: 'The methods the path does take, comma-separated (`POST`).',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0 },
  },
};

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
        description: fieldDescriptions[name],
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
    responses[String(status)] = {
      description: whens.join('; or '),
      headers: {
        'x-request-id': requestIdHeader,
        ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : {}),
      },
      content: {
        // anyOf, not oneOf: an error text can match a documented string and the free-form message
        // style at once (`Invalid cell number`), and it is valid either way.
        'application/json': { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } },
      },
    };
  }
  if (answers405(endpoint)) {
    responses['405'] = {
      description:
        'the path is another route of the service that does not take this method (`GET /contacts/search` reaches this operation’s path template, but `/contacts/search` takes only `POST`)',
      headers: { 'x-request-id': requestIdHeader, Allow: { $ref: '#/components/headers/Allow' } },
      content: {
        'application/json': {
          schema: envelopeSchema(false, { type: 'string', pattern: '^Method [A-Z]+ is not allowed on /' }),
        },
      },
    };
  }
  responses.default = {
    description:
      'Any other failure: a server or gateway error (5xx), or an answer shaped by a fault armed on the mock. The error envelope, unless the fault gives its own body.',
    headers: { 'x-request-id': requestIdHeader },
    content: { 'application/json': { schema: envelopeSchema(false, {}) } },
  };
  return responses;
}

// A client routes by path template, the service by the most specific path: a call that fits this
// operation's template but names another route of the service (`GET /contacts/search` fits
// `GET /contacts/{cell}`) is answered 405 when that route does not take the method.
function answers405(endpoint: EndpointDefinition): boolean {
  const template = endpoint.path.split('/');
  return endpoints.some((other) => {
    const path = other.path.replace(/:[A-Za-z_]+/g, 'x');
    const segments = path.split('/');
    return (
      segments.length === template.length &&
      template.every((segment, i) => segment.startsWith(':') || segment === segments[i]) &&
      !matchEndpoint(endpoint.method, path) &&
      allowedMethods(path).length > 0
    );
  });
}

function operation(endpoint: EndpointDefinition, converter: SchemaConverter): JsonSchema {
  const [group] = endpoint.id.split('.');
  const data = endpoint.success.data ? converter.convert(endpoint.success.data, 'output') : undefined;
  const example = endpointExamples[endpoint.id];
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
            content: {
              'application/json': {
                schema: converter.convert(endpoint.body, 'input'),
                example: example?.body,
              },
            },
          },
        }
      : {}),
    responses: {
      [String(endpoint.success.status)]: {
        description: 'Success.',
        headers: { 'x-request-id': requestIdHeader },
        content: {
          'application/json': {
            schema: envelopeSchema(true, data),
            example: data ? { ok: true, data: example?.data } : { ok: true },
          },
        },
      },
      ...errorResponses(endpoint, converter),
    },
  };
}

const tagDescriptions: Record<string, string> = {
  contacts: 'Contacts, identified by cell number: read, search, opt out, tag, upload, bulk update, delete.',
  tags: 'Tags: list, read, delete.',
  campaigns: 'Campaigns of the original model (read-only).',
  campaignsV2: 'Campaigns V2: email and marketplace campaigns (read-only).',
  send: 'Single SMS and bulk email sends.',
  sales: 'Sales attributed to campaigns, by upload or GET postback.',
  transactions: 'Marketplace lead transactions of a buyer: submit, accept or reject, search.',
  compliance: 'Opt-out compliance checks for suppliers.',
};

/**
 * Generates the OpenAPI 3.1 document of the whole service from the contract: every path and
 * method, request and response schemas (cross-field rules included), the `bearerAuth` scheme,
 * the `key` query parameter of the postback routes, every error response (a 405 where one can
 * answer, and a `default` for any other failure), and the `x-request-id`, `Allow` and
 * `Retry-After` headers.
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
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'The marketing service toolkit authors' },
    },
    servers: [{ url: options.serverUrl ?? 'http://127.0.0.1:4010', description: 'The service.' }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(endpoints.map((e) => e.id.split('.')[0]!))].map((name) => ({
      name,
      description: tagDescriptions[name] ?? name,
    })),
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
      headers: responseHeaders,
    },
  };
}
