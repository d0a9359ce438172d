import { describe, expect, it } from 'vitest';
import { allowedMethods, contract, matchEndpoint } from './index.js';
import { buildPath, createRouter, type RouteDefinition, routes, toOpenApiPath } from './routes.js';

describe('matchEndpoint', () => {
  it('matches a path with parameters and decodes them', () => {
    const match = matchEndpoint('GET', '/contacts/%2B27821234567');
    expect(match?.endpoint).toBe(contract.contacts.get);
    expect(match?.params).toEqual({ cell: '+27821234567' });
  });

  it('prefers static segments over parameters', () => {
    expect(matchEndpoint('GET', '/campaigns/v2')?.endpoint).toBe(contract.campaignsV2.list);
    expect(matchEndpoint('GET', '/campaigns/v1')?.endpoint).toBe(contract.campaigns.get);
    expect(matchEndpoint('POST', '/contacts/search')?.endpoint).toBe(contract.contacts.search);
    expect(matchEndpoint('GET', '/exchange/buyer/transaction/create')?.endpoint).toBe(
      contract.transactions.createByPostback,
    );
  });

  it('tells the method apart on one path', () => {
    expect(matchEndpoint('POST', '/contacts/27821234567/optOut')?.endpoint).toBe(contract.contacts.optOut);
    expect(matchEndpoint('PUT', '/contacts/27821234567/optOut')?.endpoint).toBe(
      contract.contacts.optOutCampaign,
    );
  });

  it('reads doubled and trailing slashes as no segment at all', () => {
    for (const path of ['/contacts//27821234567', '//contacts/27821234567/', 'contacts/27821234567'])
      expect(matchEndpoint('GET', path)?.params).toEqual({ cell: '27821234567' });
    expect(matchEndpoint('GET', '/')).toBeUndefined();
    expect(matchEndpoint('GET', '')).toBeUndefined();
  });

  it('finds nothing for an unknown route or a malformed escape', () => {
    expect(matchEndpoint('GET', '/nope')).toBeUndefined();
    expect(matchEndpoint('GET', '/contacts/%E0%A4%A')).toBeUndefined();
  });

  it('lists the methods a known path allows', () => {
    expect(allowedMethods('/tags/t1')).toEqual(['GET', 'DELETE']);
    expect(allowedMethods('/nowhere')).toEqual([]);
  });

  it('lets the most specific path decide, whatever the method', () => {
    expect(matchEndpoint('GET', '/contacts/search')).toBeUndefined();
    expect(allowedMethods('/contacts/search')).toEqual(['POST']);
    expect(allowedMethods('/contacts/27821234567')).toEqual(['GET', 'DELETE']);
  });
});

describe('buildPath', () => {
  it('percent-encodes every parameter', () => {
    expect(buildPath('/tags/:tag_id', { tag_id: 'a/b c' })).toBe('/tags/a%2Fb%20c');
    expect(buildPath('/exchange/buyer/transaction/:id/status', { id: 'tx_1' })).toBe(
      '/exchange/buyer/transaction/tx_1/status',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/contacts/:cell', {})).toThrow('Missing path parameter "cell"');
  });

  it('round-trips through matchEndpoint for any value', () => {
    for (const cell of ['27821234567', 'a/b', '%', '..', 'é']) {
      expect(matchEndpoint('GET', buildPath('/contacts/:cell', { cell }))?.params.cell).toBe(cell);
    }
  });
});

describe('createRouter', () => {
  it('routes the zod-free table exactly as the contract routes its endpoints', () => {
    const table = Object.values(routes).flatMap((group) => Object.values(group) as RouteDefinition[]);
    const router = createRouter(table);
    for (const route of table) {
      const path = buildPath(route.path, {
        cell: '27821234567',
        tag_id: 'a/b',
        id: 'tx_1',
        campaign_id: 'c',
      });
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        expect(router.match(method, path)?.route.id, `${method} ${path}`).toBe(
          matchEndpoint(method, path)?.endpoint.id,
        );
      }
      expect(router.allowedMethods(path)).toEqual(allowedMethods(path));
    }
  });
});

describe('toOpenApiPath', () => {
  it('writes parameters in braces', () => {
    expect(toOpenApiPath('/contacts/:cell/tag/add')).toBe('/contacts/{cell}/tag/add');
  });
});
