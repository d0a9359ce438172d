import { describe, expect, it } from 'vitest';
import { createMockService } from '../create-mock-service.js';
import { demoWorld } from '../standalone/demo-world.js';
import { SeedError } from './seed-check.js';
import { MAX_SEED_ISSUES, parseSeedDocument } from './seed-parse.js';
import { SeedDocumentSchema } from './seed-schema.js';

// What zod says of the whole document at once: the definition the record-at-a-time parse keeps.
function bySchema(input: unknown) {
  const parsed = SeedDocumentSchema.safeParse(input);
  return parsed.success
    ? { doc: parsed.data }
    : { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}

describe('parseSeedDocument', () => {
  it('fills in a valid document exactly as the seed schema does', () => {
    for (const input of [demoWorld(), {}, { orgs: [{ _id: 'o' }], tags: [{ tag_id: 't', org_id: 'o' }] }])
      expect(parseSeedDocument(input)).toEqual(bySchema(input));
  });

  it('words the issues of a small invalid document as the seed schema does', () => {
    for (const input of [
      null,
      [],
      { orgs: 5 },
      { orgs: [{ _id: 5 }], bogus: 1, other: 2 },
      { segments: [{ _id: 's', org_id: 'o', name: 'x', cells: ['27821234567', 7] }] },
      { tags: [{ tag_id: 't' }, 3] },
      { contacts: 'all of them' },
    ])
      expect(parseSeedDocument(input), JSON.stringify(input)).toEqual(bySchema(input));
  });

  it('refuses a balance, a price or a budget past 1e15 credits, whose sums JSON could not write', () => {
    const org = (credits: number) => ({ _id: 'o', credits });
    const offer = (price: number, budget?: number) => ({
      _id: 'off',
      seller_org_id: 'o',
      buyer_org_id: 'b',
      campaign_id: 'c',
      price,
      ...(budget === undefined ? {} : { caps: { budget } }),
    });
    const refused = (input: unknown) => {
      const parsed = parseSeedDocument(input);
      return 'issues' in parsed ? parsed.issues.map((issue) => issue.path) : [];
    };
    expect(refused({ orgs: [org(1e15)], offers: [offer(1e15, 1e15)] })).toEqual([]);
    expect(parseSeedDocument({ orgs: [org(1.7e308)] })).toEqual({
      issues: [{ path: 'orgs.0.credits', message: 'Too big: expected number to be <=1000000000000000' }],
    });
    expect(refused({ offers: [offer(2e15)] })).toEqual(['offers.0.price']);
    expect(refused({ offers: [offer(1, 1e300)] })).toEqual(['offers.0.caps.budget']);
  });

  it('stops at the issues a refusal reports, however many bad records and values there are', () => {
    for (const input of [
      { tags: new Array(1_000_000).fill(0) },
      { api_keys: Array.from({ length: 1_000_000 }, () => ({ key: 5 })) },
      { segments: [{ _id: 's', org_id: 'o', name: 'x', cells: new Array(1_000_000).fill(0) }] },
      // Deeper than a record's own lists: refused by the count of its values, not checked by zod.
      { orgs: [{ _id: 'o', custom_fields: new Array(1_000_000).fill(0) }] },
      {
        campaigns_v2: [
          { _id: 'c', org_id: 'o', targeting: { tag_ids: { $in: new Array(1_000_000).fill(1) } } },
        ],
      },
      Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, 1])),
      // A campaign's per-contact map takes plain values by the hundred thousand, not nested ones.
      {
        campaigns: [
          {
            _id: 'c',
            org_id: 'o',
            lastSent: Object.fromEntries(Array.from({ length: 150_000 }, (_, i) => [`c${i}`, { at: [i] }])),
          },
        ],
      },
    ]) {
      const started = performance.now();
      const result = parseSeedDocument(input);
      expect(performance.now() - started).toBeLessThan(1_000);
      if (!('issues' in result)) throw new Error('accepted');
      expect(result.issues.length).toBeGreaterThan(0);
      expect(result.issues.length).toBeLessThanOrEqual(MAX_SEED_ISSUES);
    }
  });

  it('names ten unknown keys and counts the rest', () => {
    const result = parseSeedDocument(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, 1])));
    const named = Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(', ');
    expect(result).toEqual({ issues: [{ path: '', message: `Unrecognized keys: ${named} and 2 more` }] });
  });

  it('refuses a million bad contact rows, or one row with a million bad tags, at once', () => {
    const mock = createMockService({ seed: { orgs: [{ _id: 'o' }] } });
    for (const contacts of [
      new Array(1_000_000).fill(0),
      Array.from({ length: 1_000_000 }, () => ({ org_id: 'o' })),
      [{ org_id: 'o', cell: '27821234567', tag_ids: new Array(1_000_000).fill(1) }],
    ]) {
      const started = performance.now();
      let refusal: unknown;
      try {
        mock.seed({ contacts });
      } catch (error) {
        refusal = error;
      }
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(refusal).toBeInstanceOf(SeedError);
      expect((refusal as SeedError).issues.length).toBeGreaterThan(0);
      expect((refusal as SeedError).issues.length).toBeLessThanOrEqual(MAX_SEED_ISSUES);
    }
    expect(mock.findContacts({ limit: 1 })).toEqual([]);
  });

  it('takes the campaign a state file holds after it sent to 150,000 contacts, checked or trusted', () => {
    const contacts = 150_000;
    const perContact = (value: (i: number) => unknown) =>
      Object.fromEntries(
        Array.from({ length: contacts }, (_, i) => [`6b08${String(i).padStart(20, '0')}`, value(i)]),
      );
    const world = {
      orgs: [{ _id: 'o' }],
      campaigns: [
        {
          _id: 'cmp_daily',
          org_id: 'o',
          kind: 'recurring' as const,
          lastSent: perContact(() => '2026-11-26T07:00:00.000Z'),
          contactSendCounts: perContact((i) => 1 + (i % 3)),
        },
      ],
    };
    for (const seedIsTrusted of [false, true]) {
      const mock = createMockService({ seed: world, seedIsTrusted });
      const [campaign] = mock.state().campaigns;
      expect(Object.keys(campaign?.lastSent ?? {})).toHaveLength(contacts);
      expect(campaign?.contactSendCounts?.[`6b08${String(7).padStart(20, '0')}`]).toBe(2);
    }
  });
});
