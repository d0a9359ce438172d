import { describe, expect, it } from 'vitest';
import { SeedError } from './seed-check.js';
import { World } from './world.js';

const now = new Date('2026-11-22T08:00:00Z');
const ids = () => {
  let n = 0;
  return { next: (prefix = '') => `${prefix}id${++n}` };
};
const issuesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof SeedError) return error.issues;
    throw error;
  }
  return [];
};

describe('checking a seed’s contacts', () => {
  const orgs = [{ _id: 'o' }, { _id: 'p' }];

  it('refuses a cell given twice for one organisation, however it is written, and writes nothing', () => {
    const world = new World();
    world.seed({ orgs }, ids(), now);
    const issues = issuesOf(() =>
      world.seed(
        {
          contacts: [
            { org_id: 'o', cell: '27821234567' },
            { org_id: 'o', cell: '0821234567', country: 'ZA' },
            { org_id: 'p', cell: '27821234567' },
          ],
        },
        ids(),
        now,
      ),
    );
    expect(issues).toEqual([{ path: 'contacts.1.cell', message: 'Duplicate contact 27821234567 in o' }]);
    expect(world.contactsOf('o').size).toBe(0);
    expect(world.contactsOf('p').size).toBe(0);
  });

  it('refuses a cell the organisation holds already, and an _id given twice', () => {
    const world = new World();
    world.seed({ orgs, contacts: [{ org_id: 'o', cell: '27821234567', _id: 'c1' }] }, ids(), now);
    const issues = issuesOf(() =>
      world.seed(
        {
          contacts: [
            { org_id: 'o', cell: '27821234567' },
            { org_id: 'p', cell: '27821111111', _id: 'c2' },
            { org_id: 'p', cell: '27822222222', _id: 'c2' },
          ],
        },
        ids(),
        now,
      ),
    );
    expect(issues).toEqual([
      { path: 'contacts.0.cell', message: 'Duplicate contact 27821234567 in o' },
      { path: 'contacts.2._id', message: 'Duplicate id c2' },
    ]);
    expect(world.contactsOf('p').size).toBe(0);
  });

  it('takes many contacts of one organisation, each found by its cell', () => {
    const world = new World();
    const contacts = Array.from({ length: 5000 }, (_, i) => ({ org_id: 'o', cell: `2782${1000000 + i}` }));
    world.seed({ orgs, contacts }, ids(), now);
    expect(world.contactsOf('o').size).toBe(5000);
    expect(world.contactsOf('o').getByCell('27821004999')?.cell).toBe('27821004999');
  });
});
