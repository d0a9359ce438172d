import { describe, expect, it } from 'vitest';
import { openApiErrors } from '../../../../test-support/lint-openapi.js';
import { endpoints } from './index.js';
import { createOpenApiDocument } from './openapi.js';
import { toOpenApiPath } from './routing.js';

describe('createOpenApiDocument', () => {
  const document = createOpenApiDocument();

  it('is a valid OpenAPI 3.1 document by an independent validator', async () => {
    expect(await openApiErrors(document)).toEqual([]);
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
