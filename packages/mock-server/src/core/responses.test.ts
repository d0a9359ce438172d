import { describe, expect, it } from 'vitest';
import { bodyText, ok, okRecord } from './responses.js';

describe('okRecord', () => {
  it('answers the text ok() would, and the same text again for the same record', () => {
    const contact = { _id: 'c1', cell: '27821000000', tag_ids: ['t1'], firstname: 'Ada "A" \u2028' };
    const first = okRecord(contact);
    expect(first.body).toEqual(ok(contact).body);
    expect(bodyText(first)).toBe(JSON.stringify(ok(contact).body));
    expect(bodyText(okRecord(contact))).toBe(bodyText(first));
  });

  it('answers a record that replaced another with its own text', () => {
    const before = { _id: 'c1', firstname: 'Ada' };
    bodyText(okRecord(before));
    const after = { ...before, firstname: 'Grace' };
    expect(JSON.parse(bodyText(okRecord(after)))).toEqual({
      ok: true,
      data: { _id: 'c1', firstname: 'Grace' },
    });
  });

  it('keeps answering each record right past the number of texts it keeps', () => {
    const records = Array.from({ length: 10_000 }, (_, i) => ({ _id: `c${i}` }));
    for (const record of records) bodyText(okRecord(record));
    for (const i of [0, 4_095, 4_096, 9_999])
      expect(bodyText(okRecord(records[i]!))).toBe(`{"ok":true,"data":{"_id":"c${i}"}}`);
  });
});
