import { describe, expect, it } from 'vitest';
import { openApiErrors } from '../../../../test-support/lint-openapi.js';
import { OpenApiValidator } from '../../../../test-support/openapi-validator.js';
import { endpoints } from './index.js';
import { createOpenApiDocument } from './openapi.js';
import { toOpenApiPath } from './routes.js';

describe('createOpenApiDocument', () => {
  const document = createOpenApiDocument();

  it('is a valid OpenAPI 3.1 document by an independent validator, with no warnings', async () => {
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('has a valid example for every request body and success response, by ajv', () => {
    expect(new OpenApiValidator(document).checkExamples()).toEqual([]);
  });

  it('lets ajv accept an error text that matches two documented shapes, and refuse undeclared answers', () => {
    const validator = new OpenApiValidator(document);
    const invalidCell = { ok: false, error: 'Invalid cell number', hint: 'Use 27821234567' };
    expect(validator.checkAnswer('GET', '/contacts/1', 400, invalidCell)).toBeUndefined();
    expect(validator.checkAnswer('GET', '/contacts/1', 503, { ok: false, error: 'Down' })).toBeUndefined();
    expect(validator.checkAnswer('GET', '/contacts/1', 503, { data: 1 })).toContain(
      "must have required property 'ok'",
    );
    expect(validator.checkAnswer('GET', '/contacts/1', 204, null)).toContain('status 204 is not declared');
    expect(validator.checkAnswer('GET', '/contacts/1', 404, { ok: false, error: 'Gone' })).toContain(
      'must be equal to constant',
    );
    expect(validator.checkAnswer('GET', '/tags', 200, { ok: true, data: [{ name: 'no id' }] })).toContain(
      "must have required property 'tag_id'",
    );
  });

  it('describes every parameter, and the fields the service interface describes', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation.parameters as { name: string; description?: string }[])
          expect(parameter.description, `${method} ${path} ${parameter.name}`).toBeTruthy();
      }
    }
    const properties = (name: string) =>
      (document.components.schemas[name] as { properties: Record<string, { description?: string }> })
        .properties;
    const described = {
      Contact: ['cell', 'tag_ids', 'validated', 'createdAt', 'updatedAt', 'deduped_campaign_ids'],
      Sale: ['campaign_id', 'send_id', 'click_id', 'cell', 'soldAt', 'saleValue'],
      Lead: ['resource_id', 'cell', 'campaign_id', 'send_id', 'click_id', 'status'],
      CampaignV2: ['opt_out_level', 'targeting', 'channels', 'hooks', 'marketplace'],
    };
    for (const [schema, fields] of Object.entries(described)) {
      for (const field of fields)
        expect(properties(schema)[field]?.description, `${schema}.${field}`).toBeTruthy();
    }
  });

  it('describes every endpoint of the contract', () => {
    for (const endpoint of endpoints) {
      const operation = document.paths[toOpenApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
    }
    const count = Object.values(document.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBe(endpoints.length);
  });

  it('declares bearer authentication and the query key of the postback routes', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const postback = document.paths['/sales/create']?.get as {
      security: unknown;
      parameters: { name: string }[];
    };
    expect(postback.security).toEqual([{ queryKey: [] }]);
    expect(postback.parameters.map((p) => p.name)).toContain('key');
  });

  it('lists the documented errors with their exact text', () => {
    const get = document.paths['/contacts/{cell}']?.get as { responses: Record<string, unknown> };
    expect(Object.keys(get.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '405',
      '429',
      'default',
    ]);
    expect(JSON.stringify(get.responses['404'])).toContain('"const":"Contact not found"');
    const search = document.paths['/contacts/search']?.post as { responses: Record<string, unknown> };
    expect(Object.keys(search.responses)).toContain('402');
    expect(JSON.stringify(search.responses['403'])).toContain('Insufficient Resource IDs');
  });

  it('keeps resources as named component schemas', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Contact', 'Tag', 'Campaign', 'CampaignV2', 'LeadTransaction']),
    );
    expect(JSON.stringify(document.paths)).not.toContain('#/$defs/');
  });
});

describe('the request side of the document', () => {
  const document = createOpenApiDocument();
  const validator = new OpenApiValidator(document);
  const lead = { resource_id: 'r1', cell: '27821234567' };

  it('refuses the bodies the service refuses for a cross-field rule', () => {
    const refused: [string, string, unknown][] = [
      ['POST', '/contacts/search', { find: {} }],
      ['POST', '/contacts/search', { find: { tag_ids: {} } }],
      ['POST', '/contacts/search', { find: { updatedAt: {} } }],
      ['POST', '/contacts/{cell}/optOut', {}],
      ['POST', '/contacts/{cell}/optOut', { campaign_ids: [], all: false }],
      ['PUT', '/contacts/{cell}/tag/add', { tag_ids: [], tags: [] }],
      ['POST', '/contacts/update', { find: {}, update: { $pull: { tag_ids: { $in: ['t'] } } } }],
      ['POST', '/contacts/update', { find: { cell: ['1'] }, update: {} }],
      ['POST', '/contacts/update', { find: { cell: ['1'] }, update: { $addToSet: {} } }],
      [
        'POST',
        '/contacts/update',
        {
          find: { cell: ['1'] },
          update: { $addToSet: { tag_ids: { $each: ['t'] } }, $pull: { tag_ids: { $in: ['t'] } } },
        },
      ],
      ['POST', '/exchange/buyer/transaction', [lead]],
      ['POST', '/exchange/buyer/transaction', [{ ...lead, campaign_id: 'c', send_id: 's' }]],
    ];
    for (const [method, path, body] of refused)
      expect(
        validator.checkRequest(method, path, {}, body),
        `${method} ${path} ${JSON.stringify(body)}`,
      ).toMatch(/^body: /);
    const accepted: [string, string, unknown][] = [
      ['POST', '/contacts/search', { find: { tag_ids: { $in: ['t'] } } }],
      ['POST', '/contacts/{cell}/optOut', { campaign_ids: [], all: true }],
      ['PUT', '/contacts/{cell}/tag/add', { tag_ids: [], tags: ['vip'] }],
      [
        'POST',
        '/contacts/update',
        { find: { cell: ['1'] }, update: { $addToSet: { deduped_campaign_ids: { $each: ['c'] } } } },
      ],
      ['POST', '/exchange/buyer/transaction', [{ ...lead, click_id: 'k' }]],
    ];
    for (const [method, path, body] of accepted)
      expect(
        validator.checkRequest(method, path, {}, body),
        `${method} ${path} ${JSON.stringify(body)}`,
      ).toBeUndefined();
  });

  it('gives the sale postback a date pattern for soldAt', () => {
    const query = { key: 'k', campaign_id: 'c', cell: '27821234567' };
    expect(validator.checkRequest('GET', '/sales/create', { ...query, soldAt: 'krGYpGWQ' })).toContain(
      'query soldAt: data must match pattern',
    );
    expect(
      validator.checkRequest('GET', '/sales/create', { ...query, soldAt: '2026-11-20 14:30' }),
    ).toBeUndefined();
  });

  it('says country is required where the body requires it, and optional where it is optional', () => {
    type Body = { required: string[]; properties: Record<string, { description: string }> };
    const bodySchema = (path: string) => {
      const post = document.paths[path]?.post as {
        requestBody: { content: Record<string, { schema: Body }> };
      };
      return post.requestBody.content['application/json']!.schema;
    };
    for (const path of ['/send/sms', '/compliance/send']) {
      expect(bodySchema(path).required).toContain('country');
      expect(bodySchema(path).properties.country?.description).toMatch(/^Required/);
    }
    expect(bodySchema('/contacts').required).not.toContain('country');
    expect(bodySchema('/contacts').properties.country?.description).toMatch(/^Optional/);
  });
});

describe('the answers and headers the document declares', () => {
  const document = createOpenApiDocument({ serverUrl: 'https://mock.example.com/api' });
  type Response = { headers?: Record<string, { $ref: string }> };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      responses: op.responses as Record<string, Response>,
    })),
  );

  it('declares 405 with Allow on the operations whose path template also fits a route without the method', () => {
    const with405 = operations.filter((op) => '405' in op.responses).map((op) => op.name);
    expect(with405.sort()).toEqual(['DELETE /contacts/{cell}', 'GET /contacts/{cell}']);
    const answer = document.paths['/contacts/{cell}']?.get?.responses as Record<string, Response>;
    expect(answer['405']?.headers?.Allow).toEqual({ $ref: '#/components/headers/Allow' });
    const validator = new OpenApiValidator(document);
    const refusal = { ok: false, error: 'Method GET is not allowed on /contacts/search' };
    expect(validator.checkAnswer('GET', '/contacts/search', 405, refusal)).toBeUndefined();
  });

  it('declares a default error answer, x-request-id on every answer and Retry-After on every 429', () => {
    for (const { name, responses } of operations) {
      expect(responses.default, name).toBeDefined();
      for (const [status, response] of Object.entries(responses)) {
        expect(response.headers?.['x-request-id'], `${name} ${status}`).toEqual({
          $ref: '#/components/headers/RequestId',
        });
      }
      expect(responses['429']?.headers?.['Retry-After'], name).toEqual({
        $ref: '#/components/headers/RetryAfter',
      });
    }
    expect(Object.keys(document.components.headers).sort()).toEqual(['Allow', 'RequestId', 'RetryAfter']);
  });

  it('names its server, licence and contact', () => {
    expect(document.servers).toEqual([{ url: 'https://mock.example.com/api', description: 'The service.' }]);
    expect(document.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(document.info.contact.name).toBeTruthy();
  });
});
