import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOURNAL_BODY_LIMIT, type JournalRecord, RequestJournal } from './request-journal.js';

const record = (n: number, overrides: Partial<JournalRecord> = {}): JournalRecord => ({
  id: `req_${n}`,
  atMs: n,
  method: 'GET',
  path: `/contacts/${n}`,
  search: '',
  headers: ['Authorization', 'Bearer key_secret_1234'],
  bodyText: undefined,
  status: 200,
  responseText: '{"ok":true}',
  orgId: 'org_a',
  durationMs: 0.5,
  faultId: undefined,
  ...overrides,
});

const ids = (journal: RequestJournal, limit?: number) =>
  journal.list(limit === undefined ? {} : { limit }).map((entry) => entry.id);

describe('RequestJournal', () => {
  it('shows no more of a control token than of an API key: its last 4 characters', () => {
    const journal = new RequestJournal(10);
    journal.add(record(1, { headers: ['X-Mock-Token', 'team-secret-token', 'x-tag', 'a'] }));
    expect(journal.list()[0]?.headers).toEqual({ 'x-mock-token': '…oken', 'x-tag': 'a' });
  });

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
    journal.add(record(1, { status: 404, responseText: '{"ok":false,"error":"Not found"}' }));
    const [entry] = journal.list();
    expect(entry).toMatchObject({
      status: 404,
      response: { ok: false, error: 'Not found' },
      error: 'Not found',
      headers: { authorization: 'Bearer …1234' },
    });
  });

  it('adds a body read after its record, but not to a later record in the same slot', async () => {
    const journal = new RequestJournal(1);
    let arrive: (text: string) => void = () => {};
    journal.add(record(1, { method: 'POST' }), new Promise((resolve) => (arrive = resolve)));
    arrive('{"late":1}');
    await Promise.resolve();
    expect(journal.list()[0]).toMatchObject({ id: 'req_1', body: { late: 1 } });

    let tooLate: (text: string) => void = () => {};
    journal.add(record(2, { method: 'POST' }), new Promise((resolve) => (tooLate = resolve)));
    journal.add(record(3));
    tooLate('{"late":2}');
    await Promise.resolve();
    const [entry] = journal.list();
    expect(entry?.id).toBe('req_3');
    expect(entry).not.toHaveProperty('body');
  });

  it('shows header names in lower case, a repeated header once with its values joined', () => {
    const journal = new RequestJournal(1);
    journal.add(
      record(1, {
        headers: ['X-Tag', 'a', 'Authorization', 'Bearer key_a_9876', 'x-tag', 'b', 'x-empty', ''],
      }),
    );
    expect(journal.list()[0]?.headers).toEqual({
      'x-tag': 'a, b',
      authorization: 'Bearer …9876',
      'x-empty': '',
    });
  });

  it('keeps each field in its place when a header made in process holds a line feed', () => {
    const journal = new RequestJournal(1);
    journal.add(record(1, { search: '?a=1', headers: ['X-Note', 'two\nlines', 'X-After', 'kept'] }));
    expect(journal.list()[0]).toMatchObject({
      id: 'req_1',
      path: '/contacts/1',
      query: { a: '1' },
      headers: { 'x-note': 'two lines', 'x-after': 'kept' },
    });
  });

  it('shows a body of exactly the limit whole, and one character longer cut', () => {
    const journal = new RequestJournal(2);
    journal.add(record(1, { method: 'POST', bodyText: 'a'.repeat(JOURNAL_BODY_LIMIT) }));
    journal.add(record(2, { method: 'POST', bodyText: 'b'.repeat(JOURNAL_BODY_LIMIT + 1) }));
    const [whole, cut] = journal.list();
    expect(whole).not.toHaveProperty('body_truncated');
    expect(whole?.body).toBe('a'.repeat(JOURNAL_BODY_LIMIT));
    expect(cut).toMatchObject({ body: 'b'.repeat(JOURNAL_BODY_LIMIT), body_truncated: true });
  });

  it('shows the error of an answer too long to show whole, as the recorder gives it', () => {
    const journal = new RequestJournal(1);
    const error = { rows: 'x'.repeat(JOURNAL_BODY_LIMIT) };
    const long = JSON.stringify({ ok: false, error });
    journal.add(record(1, { status: 400, responseText: long, errorText: JSON.stringify(error) }));
    const [entry] = journal.list();
    expect(entry).toMatchObject({
      response_truncated: true,
      error: { rows: 'x'.repeat(JOURNAL_BODY_LIMIT) },
    });
    expect(entry?.response).toBe(long.slice(0, JOURNAL_BODY_LIMIT));
  });

  it('keeps no more of a long answer, body or error than it can show', () => {
    const journal = new RequestJournal(1);
    const huge = 'y'.repeat(5_000_000);
    journal.add(
      record(1, {
        status: 400,
        responseText: JSON.stringify({ ok: false, error: huge }),
        errorText: JSON.stringify(huge),
        bodyText: JSON.stringify({ cell: huge }),
      }),
    );
    const [entry] = journal.list();
    expect(entry).toMatchObject({ response_truncated: true, body_truncated: true });
    // The error's JSON text, cut: its start, quote and all.
    expect(entry?.error).toBe(`"${huge.slice(0, 4 * JOURNAL_BODY_LIMIT - 1)}…`);
    // Kept whole, the three texts took 15 MB; now the shared chunks (1 MiB each) and the error's start.
    expect(journal.bytesHeld).toBeLessThan(4_000_000);
  });

  it('keeps each record exactly: texts in every script, query, path filter and numbers', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            path: fc.constantFrom('/contacts/27821000000', '/tags', '/campaigns/c_1'),
            search: fc.constantFrom('', '?limit=2&tag=a&tag=b'),
            name: fc.string({ unit: 'grapheme', maxLength: 30 }),
            status: fc.constantFrom(200, 201, 404, 429),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (answers) => {
          const journal = new RequestJournal(8);
          for (const [n, answer] of answers.entries())
            journal.add(
              record(n, {
                path: answer.path,
                search: answer.search,
                status: answer.status,
                responseText: JSON.stringify({ ok: true, data: { name: answer.name } }),
              }),
            );
          const kept = answers.slice(-8);
          const entries = journal.list();
          expect(entries.map((e) => [e.path, e.status, e.response])).toEqual(
            kept.map((a) => [a.path, a.status, { ok: true, data: { name: a.name } }]),
          );
          const tagged = kept.filter((a) => a.search !== '').length;
          expect(entries.filter((e) => Array.isArray(e.query.tag)).length).toBe(tagged);
          expect(journal.count({ path: '/contacts/:cell' })).toBe(
            kept.filter((a) => a.path.startsWith('/contacts/')).length,
          );
        },
      ),
    );
  });
});
