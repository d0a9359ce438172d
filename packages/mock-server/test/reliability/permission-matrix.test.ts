import {
  buildPath,
  type EndpointDefinition,
  endpoints,
  grants,
  missingResources,
  permissions,
  resourcesNamedBy,
} from '@marketing/domain';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index.js';
import { testSeed } from '../support/mock-world.js';
import { validRequests } from './fuzz-inputs.js';

const restrictions = { campaign_ids: ['cmp_other'], tag_ids: ['tag_optout'] };

// The IDs of the tags a request names by name (tag add/remove's `tags`, an upload row's `tags`):
// the mock holds them to a key's list too, which the domain's rules, reading IDs, cannot see.
function tagIdsNamedByName(request: { body?: unknown }): string[] {
  const body = request.body as { tags?: unknown; contacts?: { tags?: unknown }[] } | undefined;
  const names = [body?.tags, ...(body?.contacts ?? []).map((row) => row.tags)].flatMap((list) =>
    Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [],
  );
  const tags = testSeed().tags ?? [];
  return names.flatMap((name) =>
    tags.filter((tag) => tag.org_id === 'org_a' && tag.name === name).map((tag) => tag.tag_id),
  );
}

function startMock() {
  const mock = createMockService({ seed: testSeed(), rateLimit: false, now: '2026-11-22T08:00:00Z' });
  mock.seed({
    api_keys: endpoints.flatMap((e) => [
      {
        key: `lacks:${e.id}`,
        org_id: 'org_a',
        permissions: permissions.filter((p) => !grants([p], e.permission)),
      },
      { key: `parent:${e.id}`, org_id: 'org_a', permissions: [e.permission.split('.')[0]!] },
    ]),
  });
  mock.seed({
    api_keys: [{ key: 'restricted', org_id: 'org_a', permissions: ['*'], resources: restrictions }],
  });
  return mock;
}

async function call(
  mock: ReturnType<typeof startMock>,
  endpoint: EndpointDefinition,
  key: string | undefined,
  extraQuery: Record<string, string> = {},
  twice?: string,
) {
  const valid = validRequests[endpoint.id] ?? {};
  const url = new URL(mock.baseUrl + buildPath(endpoint.path, valid.params ?? {}));
  const query = { ...valid.query, ...extraQuery };
  if (endpoint.auth === 'query-key') {
    if (key === undefined) delete query.key;
    else query.key = key;
  }
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  if (twice !== undefined) {
    const value = url.searchParams.get(twice) ?? 'x';
    url.searchParams.delete(twice);
    url.searchParams.append(twice, value);
    url.searchParams.append(twice, value);
  }
  const headers: Record<string, string> =
    key !== undefined && endpoint.auth === 'bearer' ? { authorization: `Bearer ${key}` } : {};
  const body = valid.body === undefined ? undefined : JSON.stringify(valid.body);
  const response = await mock.handle(new Request(url, { method: endpoint.method, headers, body }));
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; error?: unknown },
    text: '',
  };
}

const orgAContent = (mock: ReturnType<typeof startMock>) => {
  const state = mock.state();
  return JSON.stringify([
    state.contacts.filter((c) => c.org_id === 'org_a'),
    state.tags.filter((t) => t.org_id === 'org_a'),
    state.campaigns.filter((c) => c.org_id === 'org_a'),
    state.campaigns_v2.filter((c) => c.org_id === 'org_a'),
    state.sales.filter((s) => s.org_id === 'org_a'),
  ]);
};

describe.each(endpoints.map((e) => [e.id, e] as const))('the permission matrix of %s', (_, endpoint) => {
  it('answers 401 Unauthorized without a key and with an unknown key', async () => {
    const mock = startMock();
    for (const key of [undefined, 'no_such_key']) {
      expect(await call(mock, endpoint, key)).toMatchObject({
        status: 401,
        body: { ok: false, error: 'Unauthorized' },
      });
    }
  });

  it('answers 403 insufficient_permissions to a key holding every other permission', async () => {
    const mock = startMock();
    expect(await call(mock, endpoint, `lacks:${endpoint.id}`)).toMatchObject({
      status: 403,
      body: { ok: false, error: { code: 'insufficient_permissions', missing: [endpoint.permission] } },
    });
  });

  it('lets through a key holding only the parent permission, and *', async () => {
    const mock = startMock();
    for (const key of [`parent:${endpoint.id}`, 'key_a_admin']) {
      const { status, body } = await call(mock, endpoint, key);
      expect([401, 403], `${key}: ${JSON.stringify(body)}`).not.toContain(status);
    }
  });

  it('refuses named resources outside a restricted key’s lists, with the endpoint’s spelling', async () => {
    const mock = startMock();
    const valid = validRequests[endpoint.id] ?? {};
    const named = resourcesNamedBy(endpoint.id, valid);
    const byName = tagIdsNamedByName(valid);
    const missing = missingResources(
      restrictions,
      byName.length > 0 ? { ...named, tag_ids: [...(named.tag_ids ?? []), ...byName] } : named,
    );
    const { status, body } = await call(mock, endpoint, 'restricted');
    if (!missing) {
      expect(status).not.toBe(403);
      return;
    }
    expect(status).toBe(403);
    expect(body.error).toEqual({
      code: endpoint.id === 'contacts.search' ? 'Insufficient Resource IDs' : 'insufficient_resource_ids',
      missing,
    });
  });

  it('refuses an unknown query parameter with a 400 naming it, changing nothing', async () => {
    const mock = startMock();
    const before = JSON.stringify(mock.state());
    const { status, body } = await call(mock, endpoint, 'key_a_admin', { colour: 'blue' });
    expect(status).toBe(400);
    expect(JSON.stringify(body.error)).toContain('colour');
    expect(JSON.stringify(body.error)).toContain('Unknown query parameter');
    expect(JSON.stringify(mock.state())).toBe(before);
  });

  it.runIf(Object.keys(endpoint.query?.shape ?? {}).some((name) => name !== 'key'))(
    'refuses a query parameter given twice with a 400 naming it, changing nothing',
    async () => {
      const mock = startMock();
      const before = JSON.stringify(mock.state());
      const name = Object.keys(endpoint.query!.shape).find((n) => n !== 'key')!;
      const { status, body } = await call(mock, endpoint, 'key_a_admin', {}, name);
      expect(status).toBe(400);
      expect(JSON.stringify(body.error)).toContain(name);
      expect(JSON.stringify(body.error)).toContain('Given more than once');
      expect(JSON.stringify(mock.state())).toBe(before);
    },
  );

  it('never shows or changes another organisation’s contacts, tags, campaigns or sales', async () => {
    const mock = startMock();
    const before = orgAContent(mock);
    const { status, body } = await call(mock, endpoint, 'key_b_admin');
    expect([401, 403]).not.toContain(status);
    const text = JSON.stringify(body);
    for (const secret of ['Thandi', 'Sipho', '27821234567', 'Spring', 'Policy'])
      expect(text).not.toContain(secret);
    expect(orgAContent(mock)).toBe(before);
  });
});
