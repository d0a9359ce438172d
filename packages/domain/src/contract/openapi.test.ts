import { describe, expect, it } from 'vitest';
import { openApiErrors } from '../../../../test-support/lint-openapi.js';
import { OpenApiValidator } from '../../../../test-support/openapi-validator.js';
import { endpoints } from './index.js';
import { createOpenApiDocument } from './openapi.js';
import { toOpenApiPath } from './routing.js';

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
    expect(validator.checkAnswer('GET', '/contacts/1', 418, invalidCell)).toContain(
      'status 418 is not declared',
    );
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
    expect(Object.keys(get.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
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
