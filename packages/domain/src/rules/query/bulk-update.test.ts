import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBulkUpdate, parseBulkUpdate } from './bulk-update.js';

describe('parseBulkUpdate', () => {
  it('normalises cells and removes repeated IDs', () => {
    expect(
      parseBulkUpdate({
        find: { cell: ['0821234567', '+27821234567'] },
        update: { $pull: { tag_ids: { $in: ['a', 'a'] } } },
      }),
    ).toEqual({
      find: { cell: ['0821234567', '27821234567'] },
      update: { $pull: { tag_ids: { $in: ['a'] } } },
    });
  });

  it('keeps only the $addToSet fields given', () => {
    expect(
      parseBulkUpdate({
        find: { tag_ids: { $in: ['a'] } },
        update: { $addToSet: { deduped_campaign_ids: { $each: ['c1'] } } },
      }),
    ).toEqual({
      find: { tag_ids: { $in: ['a'] } },
      update: { $addToSet: { deduped_campaign_ids: { $each: ['c1'] } } },
    });
  });
});

describe('applyBulkUpdate', () => {
  const fields = { tag_ids: ['a', 'b'], deduped_campaign_ids: ['c1'] };

  it('adds tags and dedupes campaigns without repeating them', () => {
    expect(applyBulkUpdate(fields, { $addToSet: { tag_ids: { $each: ['b', 'c'] } } })).toEqual({
      tag_ids: ['a', 'b', 'c'],
      deduped_campaign_ids: ['c1'],
    });
    expect(applyBulkUpdate(fields, { $addToSet: { deduped_campaign_ids: { $each: ['c2'] } } })).toEqual({
      tag_ids: ['a', 'b'],
      deduped_campaign_ids: ['c1', 'c2'],
    });
  });

  it('adds to a long list each missing ID once, in the order given', () => {
    const held = Array.from({ length: 40 }, (_, i) => `t${i}`);
    const more = [...Array.from({ length: 40 }, (_, i) => `t${i + 20}`), 't70', 't45'];
    expect(
      applyBulkUpdate({ ...fields, tag_ids: held }, { $addToSet: { tag_ids: { $each: more } } }),
    ).toEqual({
      tag_ids: [...held, ...Array.from({ length: 20 }, (_, i) => `t${i + 40}`), 't70'],
      deduped_campaign_ids: ['c1'],
    });
  });

  it('pulls tags', () => {
    expect(applyBulkUpdate(fields, { $pull: { tag_ids: { $in: ['a', 'x'] } } })).toEqual({
      tag_ids: ['b'],
      deduped_campaign_ids: ['c1'],
    });
  });

  it('reports no change when nothing would change', () => {
    expect(applyBulkUpdate(fields, { $addToSet: { tag_ids: { $each: ['a'] } } })).toBeUndefined();
    expect(applyBulkUpdate(fields, { $pull: { tag_ids: { $in: ['x'] } } })).toBeUndefined();
  });

  it('is idempotent: applying an update twice changes nothing the second time', () => {
    const ids = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 });
    fc.assert(
      fc.property(ids, ids, fc.boolean(), (tags, each, pull) => {
        const start = { tag_ids: [...new Set(tags)], deduped_campaign_ids: [] };
        const update = pull
          ? { $pull: { tag_ids: { $in: each.length ? each : ['a'] } } }
          : { $addToSet: { tag_ids: { $each: each.length ? each : ['a'] } } };
        const once = applyBulkUpdate(start, update) ?? start;
        expect(applyBulkUpdate(once, update)).toBeUndefined();
      }),
    );
  });
});
