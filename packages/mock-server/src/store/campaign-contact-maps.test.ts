import { CAMPAIGN_DEFAULTS, type Campaign } from '@marketing/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../core/slices.js';
import {
  CONTACT_MAP_FIELDS,
  campaignAsNow,
  campaignJsonSteps,
  contactValueCount,
  setFor,
  valueFor,
} from './campaign-contact-maps.js';

const campaign = (seeded: Partial<Campaign> = {}): Campaign => ({
  ...structuredClone(CAMPAIGN_DEFAULTS),
  _id: 'cmp_1',
  org_id: 'org_1',
  name: 'Campaign',
  ...seeded,
});
const fields = [...CONTACT_MAP_FIELDS];

describe('the per-contact maps of an original campaign', () => {
  it('read as the plain objects a sequence of writes makes, field by field', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            field: fc.constantFrom(...fields),
            contactId: fc.constantFrom('a', 'b', '6b0230800000000000000191', 'toString', '__proto__', '7'),
            value: fc.oneof(fc.integer(), fc.string()),
          }),
          { maxLength: 40 },
        ),
        (writes) => {
          const held = campaign({ lastSent: { seeded: 'x' } });
          const model: Record<string, Record<string, unknown>> = Object.fromEntries(
            fields.map((field) => [field, {}]),
          );
          model.lastSent!.seeded = 'x';
          for (const { field, contactId, value } of writes) {
            setFor(held, field, contactId, value);
            Object.defineProperty(model[field]!, contactId, {
              value,
              enumerable: true,
              configurable: true,
              writable: true,
            });
            expect(valueFor(held, field, contactId)).toBe(value);
          }
          for (const field of fields) {
            expect(Object.entries(held[field]).sort()).toEqual(Object.entries(model[field]!).sort());
          }
        },
      ),
    );
  });

  it('keeps what a campaign was seeded with, and shows it in copies, clones and JSON', () => {
    const held = campaign({ lastSent: { c1: '2026-11-01T00:00:00.000Z' }, contactSendCounts: { c1: 2 } });
    setFor(held, 'contactSendCounts', 'c2', 1);
    const expected = { c1: 2, c2: 1 };
    expect(held.contactSendCounts).toEqual(expected);
    expect({ ...held }.contactSendCounts).toEqual(expected);
    expect(structuredClone(held).contactSendCounts).toEqual(expected);
    expect(JSON.parse(JSON.stringify(held))).toMatchObject({
      lastSent: { c1: '2026-11-01T00:00:00.000Z' },
      contactSendCounts: expected,
    });
    // A copy is a snapshot: later writes do not reach it.
    const copy = { ...held };
    setFor(held, 'contactSendCounts', 'c3', 1);
    expect(copy.contactSendCounts).toEqual(expected);
  });

  it('takes the entries of a whole new object given to a field', () => {
    const held = campaign();
    setFor(held, 'lastClick', 'c1', 'then');
    held.lastClick = { c9: 'now' };
    expect(held.lastClick).toEqual({ c9: 'now' });
    expect(valueFor(held, 'lastClick', 'c1')).toBeUndefined();
    expect(valueFor(held, 'lastClick', 'c9')).toBe('now');
  });

  it('writes in pieces the JSON value JSON.stringify writes, for a campaign written to or not', () => {
    const value = fc.oneof(fc.integer(), fc.string(), fc.constant(undefined), fc.record({ at: fc.string() }));
    const entries = fc.array(fc.tuple(fc.oneof(fc.string(), fc.constant('__proto__')), value), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(entries, entries, fc.boolean(), fc.string(), (seeded, written, write, name) => {
        const lastSent: Record<string, unknown> = {};
        for (const [key, entry] of seeded)
          Object.defineProperty(lastSent, key, {
            value: entry,
            enumerable: true,
            configurable: true,
            writable: true,
          });
        const held = campaign({ name, lastSent });
        if (write) for (const [key, entry] of written) setFor(held, 'contactClickCounts', key, entry);
        // The same JSON value; keys that read as whole numbers come first in an object, in the
        // pieces in the order the parts hold them.
        expect(JSON.parse(runToEnd(campaignJsonSteps(held)).join(''))).toEqual(
          JSON.parse(JSON.stringify(held)),
        );
      }),
    );
  });

  it('copies a campaign as it stands: values written after the copy are not in it, as objects or as JSON in pieces', () => {
    const held = campaign({ lastReply: { seeded: 'reply' } });
    for (let i = 0; i < 5; i++) setFor(held, 'lastSent', `c${i}`, `sent ${i}`);
    setFor(held, 'contactSendCounts', '__proto__', 1);
    const then = JSON.parse(JSON.stringify(held));
    const copy = campaignAsNow(held);
    for (let i = 5; i < 3_000; i++) setFor(held, 'lastSent', `c${i}`, `sent ${i}`);
    setFor(held, 'lastClick', 'c1', 'clicked');
    expect(contactValueCount(copy)).toBe(7);
    expect(contactValueCount(held)).toBe(3_003);
    expect(JSON.parse(runToEnd(campaignJsonSteps(copy)).join(''))).toEqual(then);
    expect(Object.keys(copy)).toEqual(Object.keys(held));
    expect(copy.lastSent.c4).toBe('sent 4');
    expect(copy.lastSent.c5).toBeUndefined();
    expect(Object.hasOwn(copy.contactSendCounts, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(copy))).toEqual(then);
  });

  it('copies a campaign never written to as a plain shallow copy', () => {
    const seeded = campaign({ lastSent: { c1: 'sent' } });
    const copy = campaignAsNow(seeded);
    expect(copy).toEqual(seeded);
    expect(copy).not.toBe(seeded);
    expect(Object.getOwnPropertyDescriptor(copy, 'lastSent')?.value).toEqual({ c1: 'sent' });
  });

  it('writes every part when a piece fills up on the text between two maps', () => {
    // A map whose text ends just short of a 64 kB piece, for each length up to it: for some, the
    // text before the next map fills the piece.
    for (let length = 64 * 1024 - 400; length < 64 * 1024; length++) {
      const held = campaign();
      setFor(held, 'contactSendCounts', 'c1', 'x'.repeat(length));
      setFor(held, 'lastSent', 'c1', '2026-11-26T07:00:00.000Z');
      expect(runToEnd(campaignJsonSteps(held)).join('')).toBe(JSON.stringify(held));
    }
  });

  it('writes a campaign of 300,000 values in pieces of at least 64 kB but the last', () => {
    const held = campaign();
    for (let i = 0; i < 150_000; i++) {
      setFor(held, 'lastSent', `c${i}`, '2026-11-26T07:00:00.000Z');
      setFor(held, 'contactSendCounts', `c${i}`, 1);
    }
    const pieces = runToEnd(campaignJsonSteps(held));
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.slice(0, -1).every((piece) => piece.length >= 64 * 1024)).toBe(true);
    expect(pieces.join('')).toBe(JSON.stringify(held));
  });
});
