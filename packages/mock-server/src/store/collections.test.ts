import { describe, expect, it } from 'vitest';
import { collections } from './collections.js';
import { SeedDocumentSchema } from './seed-schema.js';
import { World } from './world.js';

const ids = () => {
  let n = 0;
  return { next: (prefix = '') => `${prefix}id${++n}` };
};

describe('the table of collections', () => {
  it('lists every collection of the seed document once, organisations first', () => {
    const names = collections.map((c) => c.name);
    expect([...names].sort()).toEqual(Object.keys(SeedDocumentSchema.shape).sort());
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe('orgs');
  });

  it('saves a world that seeds into an empty one as the same world', () => {
    const now = new Date('2026-11-22T08:00:00Z');
    const world = new World();
    world.seed(
      {
        orgs: [{ _id: 'o', timezone: 'Africa/Johannesburg' }, { _id: 'b' }],
        api_keys: [{ key: 'k', org_id: 'o' }],
        tags: [{ tag_id: 't', org_id: 'o' }],
        segments: [{ _id: 's', org_id: 'o', cells: ['+27 82 123 4567'] }],
        campaigns: [{ _id: 'c1', org_id: 'o' }],
        campaigns_v2: [{ _id: 'c2', org_id: 'o' }],
        contacts: [{ org_id: 'o', cell: '27821234567', tag_ids: ['t'] }],
        sales: [
          {
            org_id: 'o',
            cell: '27821234567',
            campaign_id: 'c1',
            soldAt: '2026-11-21T10:00:00Z',
            saleValue: 100,
          },
        ],
      },
      ids(),
      now,
    );
    const saved = world.state();
    const again = new World();
    again.seed(saved, ids(), now);
    expect(again.state()).toEqual(saved);
    expect(saved.segments[0]?.cells).toEqual(['27821234567']);
  });

  it('refuses a campaign ID used by both models, and a record of an unknown organisation, naming them', () => {
    const world = new World();
    expect(() =>
      world.seed(
        {
          orgs: [{ _id: 'o' }],
          campaigns: [{ _id: 'c', org_id: 'o' }],
          campaigns_v2: [{ _id: 'c', org_id: 'o' }],
          tags: [{ tag_id: 't', org_id: 'nobody' }],
        },
        ids(),
        new Date(),
      ),
    ).toThrow('tags.0.org_id: Unknown organisation nobody; campaigns_v2.0: Duplicate id c');
    expect(world.orgs.size).toBe(0);
  });
});
