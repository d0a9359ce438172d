import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contract, endpoints } from './index.js';
import { permissions } from './permissions.js';

// The endpoint list of the service interface, section by section.
const interfaceEndpoints = [
  'GET /contacts/:cell',
  'POST /contacts/search',
  'DELETE /contacts/:cell',
  'POST /contacts/:cell/optOut',
  'PUT /contacts/:cell/optOut',
  'PUT /contacts/:cell/tag/add',
  'PUT /contacts/:cell/tag/remove',
  'POST /contacts',
  'PUT /contacts',
  'POST /contacts/update',
  'GET /tags',
  'GET /tags/:tag_id',
  'DELETE /tags/:tag_id',
  'GET /campaigns',
  'GET /campaigns/:campaign_id',
  'GET /campaigns/v2',
  'GET /campaigns/v2/:campaign_id',
  'POST /send/sms',
  'POST /send/email/bulk',
  'POST /sales',
  'GET /sales/create',
  'POST /exchange/buyer/transaction',
  'GET /exchange/buyer/transaction/create',
  'PUT /exchange/buyer/transaction/:id/status',
  'POST /exchange/buyer/transaction/search',
  'POST /compliance/send',
];

const routeOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/**
 * Reads `METHOD /path` pairs out of the Endpoints section of the interface document, leaving out
 * routes it names only in parentheses as not shown (`(GET /send-logs)`).
 */
function endpointsInInterfaceDocument(text: string): string[] {
  const section = text.slice(text.indexOf('## Endpoints'), text.indexOf('## Authentication'));
  const found = new Set<string>();
  for (const line of section.split('\n')) {
    for (const match of line.matchAll(/(?<!\(`?)`?\b(GET|POST|PUT|DELETE)\b`? `?(\/[\w/:.-]*)`?/g)) {
      found.add(`${match[1]} ${match[2]}`);
    }
  }
  return [...found];
}

describe('contract', () => {
  it('holds every endpoint of the service interface exactly once', () => {
    const routes = endpoints.map(routeOf);
    expect(new Set(routes).size).toBe(routes.length);
    expect([...routes].sort()).toEqual([...interfaceEndpoints].sort());
  });

  const documentPath = fileURLToPath(
    new URL('../../../../../shared/spec/service-interface.md', import.meta.url),
  );
  it.skipIf(!existsSync(documentPath))('matches the endpoints named in the interface document itself', () => {
    const named = endpointsInInterfaceDocument(readFileSync(documentPath, 'utf8'));
    expect(named.sort()).toEqual([...interfaceEndpoints].sort());
  });

  it('gives every endpoint a unique id that names its group', () => {
    const ids = endpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [group, entries] of Object.entries(contract)) {
      for (const [name, endpoint] of Object.entries(entries)) expect(endpoint.id).toBe(`${group}.${name}`);
    }
  });

  it('uses only the documented permissions', () => {
    for (const endpoint of endpoints) expect(permissions).toContain(endpoint.permission);
  });

  it('declares a schema for every path parameter', () => {
    for (const endpoint of endpoints) {
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(endpoint.pathParams?.shape ?? {})).toEqual(names);
    }
  });

  it('takes the key as a query parameter exactly on the two postback routes', () => {
    const queryKey = endpoints.filter((e) => e.auth === 'query-key').map(routeOf);
    expect(queryKey.sort()).toEqual(['GET /exchange/buyer/transaction/create', 'GET /sales/create']);
    for (const endpoint of endpoints.filter((e) => e.auth === 'query-key')) {
      expect(Object.keys(endpoint.query?.shape ?? {})).toContain('key');
    }
  });

  it('declares the documented costs and limits', () => {
    expect(contract.contacts.search.cost).toEqual({ kind: 'per-request', credits: 10 });
    expect(contract.compliance.checkSend.cost).toEqual({ kind: 'per-cell', credits: 0.14 });
    expect(contract.contacts.bulkUpdate.rateLimit.bucket).toBe('bulk-update');
    expect(contract.contacts.create.rateLimit).toEqual({
      bucket: 'organisation',
      unitsPerStartedThousandContacts: 1,
    });
    expect(contract.contacts.upsert.rateLimit).toEqual({
      bucket: 'organisation',
      unitsPerStartedThousandContacts: 5,
    });
  });

  it('marks reads and idempotent writes retry-safe, and a single SMS send not', () => {
    expect(contract.send.sms.retrySafe).toBe(false);
    expect(contract.transactions.create.retrySafe).toBe(true);
    for (const endpoint of endpoints.filter((e) => e.method === 'GET' && e.auth === 'bearer')) {
      expect(endpoint.retrySafe).toBe(true);
    }
  });
});
