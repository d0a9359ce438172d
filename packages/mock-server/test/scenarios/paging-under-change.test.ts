import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index.js';

// What the guides say of skip/limit paging: not a snapshot. Each page is a new search, so a change
// between pages shifts the later contacts.
const cells = [0, 1, 2, 3, 4, 5].map((i) => `2782100000${i}`);

function setup() {
  const mock = createMockService({
    rateLimit: false,
    seed: {
      orgs: [{ _id: 'org_a', credits: 1000 }],
      api_keys: [{ key: 'key_a', org_id: 'org_a' }],
      tags: [{ tag_id: 'tag_out', org_id: 'org_a' }],
      contacts: cells.map((cell, i) => ({ org_id: 'org_a', cell, tag_ids: i === 1 ? [] : ['tag_out'] })),
    },
  });
  const send = async (method: string, path: string, body: unknown) =>
    (
      await mock.fetch(`${mock.baseUrl}${path}`, {
        method,
        headers: { authorization: 'Bearer key_a', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const page = async (skip: number) =>
    (
      (await send('POST', '/contacts/search', {
        find: { tag_ids: { $all: ['tag_out'] } },
        projection: { cell: 1 },
        options: { skip, limit: 2 },
      })) as { data: { contacts: { cell: string }[] } }
    ).data.contacts.map((c) => c.cell);
  return { send, page };
}

describe('skip/limit paging while contacts change', () => {
  it('neither skips nor repeats a contact when nothing changes between pages', async () => {
    const { page } = setup();
    expect([...(await page(0)), ...(await page(2)), ...(await page(4))]).toEqual(
      cells.filter((_, i) => i !== 1),
    );
  });

  it('skips one when a contact already read stops matching', async () => {
    const { page, send } = setup();
    expect(await page(0)).toEqual([cells[0], cells[2]]);
    await send('PUT', `/contacts/${cells[0]}/tag/remove`, { tag_ids: ['tag_out'] });
    expect(await page(2)).toEqual([cells[4], cells[5]]);
  });

  it('repeats one when an older contact starts matching', async () => {
    const { page, send } = setup();
    expect(await page(0)).toEqual([cells[0], cells[2]]);
    await send('PUT', `/contacts/${cells[1]}/tag/add`, { tag_ids: ['tag_out'] });
    expect(await page(2)).toEqual([cells[2], cells[3]]);
  });
});
