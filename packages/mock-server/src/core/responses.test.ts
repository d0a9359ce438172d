import { describe, expect, it } from 'vitest';
import { bodyText, ok, okRecord, okWithDataText, recordText } from './responses.js';

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

describe('recordText', () => {
  it('makes a record’s text once for each kind, and again for a record that replaced it', () => {
    const record = { _id: 'c1', cell: '27821000000' };
    let made = 0;
    const make = (text: string) => () => {
      made += 1;
      return text;
    };
    expect(recordText(record, 'projection:_id', make('{"_id":"c1"}'))).toBe('{"_id":"c1"}');
    expect(recordText(record, 'projection:_id', make('other'))).toBe('{"_id":"c1"}');
    expect(recordText(record, 'projection:_id,cell', make('{"_id":"c1","cell":"27821000000"}'))).toBe(
      '{"_id":"c1","cell":"27821000000"}',
    );
    expect(recordText({ ...record }, 'projection:_id', make('{"_id":"c1","new":1}'))).toBe(
      '{"_id":"c1","new":1}',
    );
    expect(made).toBe(3);
  });

  it('keeps answering right past the number of texts it keeps, across kinds', () => {
    const records = Array.from({ length: 5_000 }, (_, i) => ({ _id: `c${i}` }));
    for (const record of records) recordText(record, 'a', () => `a${record._id}`);
    for (const record of records) recordText(record, 'b', () => `b${record._id}`);
    for (const i of [0, 4_095, 4_999]) {
      expect(recordText(records[i]!, 'a', () => `a${records[i]!._id}`)).toBe(`ac${i}`);
      expect(recordText(records[i]!, 'b', () => `b${records[i]!._id}`)).toBe(`bc${i}`);
    }
  });
});

describe('okWithDataText', () => {
  it('answers the envelope ok() would, with the text given for its data', () => {
    const data = { contacts: [{ _id: 'c1' }] };
    const outcome = okWithDataText(data, JSON.stringify(data));
    expect(outcome.body).toEqual(ok(data).body);
    expect(bodyText(outcome)).toBe(JSON.stringify(ok(data).body));
  });
});
