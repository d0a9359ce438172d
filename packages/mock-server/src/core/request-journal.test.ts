import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JournalRecord, RequestJournal } from './request-journal.js';

const record = (n: number, overrides: Partial<JournalRecord> = {}): JournalRecord => ({
  id: `req_${n}`,
  atMs: n,
  method: 'GET',
  path: `/contacts/${n}`,
  search: '',
  headers: { authorization: 'Bearer key_secret_1234' },
  bodyText: undefined,
  status: 200,
  responseText: '{"ok":true}',
  error: undefined,
  orgId: 'org_a',
  durationMs: 0.5,
  faultId: undefined,
  ...overrides,
});

const ids = (journal: RequestJournal, limit?: number) =>
  journal.list(limit === undefined ? {} : { limit }).map((entry) => entry.id);

describe('RequestJournal', () => {
  it('keeps the newest records up to its limit, oldest first, however many were added', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 40 }), (limit, added) => {
        const journal = new RequestJournal(limit);
        for (let n = 0; n < added; n++) journal.add(record(n));
        const expected = Array.from({ length: added }, (_, n) => `req_${n}`).slice(
          Math.max(0, added - limit),
        );
        expect(ids(journal)).toEqual(expected);
        expect(journal.count()).toBe(expected.length);
      }),
    );
  });

  it('applies the filter before the limit of the newest entries', () => {
    const journal = new RequestJournal(5);
    for (let n = 0; n < 8; n++) journal.add(record(n, { status: n % 2 === 0 ? 200 : 404 }));
    // Kept: 3..7; of those, 404s are 3, 5 and 7.
    expect(journal.list({ status: 404 }).map((entry) => entry.id)).toEqual(['req_3', 'req_5', 'req_7']);
    expect(journal.list({ status: 404, limit: 2 }).map((entry) => entry.id)).toEqual(['req_5', 'req_7']);
    expect(journal.count({ status: 404, limit: 1 })).toBe(3);
  });

  it('starts again from nothing after clear, wherever the ring had reached', () => {
    const journal = new RequestJournal(3);
    for (let n = 0; n < 5; n++) journal.add(record(n));
    journal.clear();
    expect(ids(journal)).toEqual([]);
    for (let n = 10; n < 14; n++) journal.add(record(n));
    expect(ids(journal)).toEqual(['req_11', 'req_12', 'req_13']);
  });

  it('shows the recorded response, the envelope error and the redacted key', () => {
    const journal = new RequestJournal(2);
    journal.add(
      record(1, { status: 404, responseText: '{"ok":false,"error":"Not found"}', error: 'Not found' }),
    );
    const [entry] = journal.list();
    expect(entry).toMatchObject({
      status: 404,
      response: { ok: false, error: 'Not found' },
      error: 'Not found',
      headers: { authorization: 'Bearer …1234' },
    });
  });
});
