import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index.js';

// A campaign sent to many contacts holds a value for each in its per-contact maps: its answers are
// written a piece at a time, and say what a small one's would.

const contacts = 3_000;
const byContact = (value: (i: number) => unknown) =>
  Object.fromEntries(
    Array.from({ length: contacts }, (_, i) => [`6b08${String(i).padStart(20, '0')}`, value(i)]),
  );

function startMock() {
  return createMockService({
    seed: {
      orgs: [{ _id: 'o' }],
      api_keys: [{ key: 'k', org_id: 'o' }],
      campaigns: [
        {
          _id: 'cmp_big',
          org_id: 'o',
          kind: 'recurring',
          lastSent: byContact(() => '2026-11-26T07:00:00.000Z'),
          contactSendCounts: byContact((i) => 1 + (i % 4)),
        },
        { _id: 'cmp_small', org_id: 'o' },
      ],
    },
  });
}

describe('a campaign sent to thousands of contacts', () => {
  it('is answered by GET /campaigns/:id and GET /campaigns as the state holds it', async () => {
    const mock = startMock();
    const get = async (path: string) => {
      const answer = await mock.fetch(`${mock.baseUrl}${path}`, { headers: { authorization: 'Bearer k' } });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { ok: boolean; data: unknown };
    };
    const held = mock.state().campaigns.find((c) => c._id === 'cmp_big')!;
    expect(Object.keys(held.lastSent ?? {})).toHaveLength(contacts);
    expect(await get('/campaigns/cmp_big')).toEqual({ ok: true, data: held });
    const listed = await get('/campaigns');
    expect(listed).toEqual({ ok: true, data: mock.state().campaigns });
  });

  it('is journaled with the start of its answer, cut at the journal limit', async () => {
    const mock = startMock();
    await mock.fetch(`${mock.baseUrl}/campaigns/cmp_big`, { headers: { authorization: 'Bearer k' } });
    const [entry] = mock.requests({ limit: 1 });
    expect(entry?.path).toBe('/campaigns/cmp_big');
    expect(entry?.status).toBe(200);
    expect(entry?.response_truncated).toBe(true);
    expect(String(entry?.response)).toMatch(/^\{"ok":true,"data":\{/);
    expect(String(entry?.response).length).toBeLessThanOrEqual(64 * 1024 + 1);
  });
});
