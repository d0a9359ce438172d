import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { formatRequestLine, LineBatch } from './request-log.js';

describe('LineBatch', () => {
  it('writes the lines of one turn of the event loop together, in order, after the turn', async () => {
    const writes: string[] = [];
    const batch = new LineBatch((text) => writes.push(text));
    batch.add('a');
    batch.add('b');
    batch.add('c');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n']);
    batch.add('d');
    await nextTurn();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what is pending at once on flush, and nothing twice', async () => {
    const writes: string[] = [];
    const batch = new LineBatch((text) => writes.push(text));
    batch.flush();
    batch.add('last');
    batch.flush();
    expect(writes).toEqual(['last\n']);
    await nextTurn();
    expect(writes).toEqual(['last\n']);
  });
});

describe('formatRequestLine', () => {
  const line = {
    at: new Date('2026-11-22T08:00:01.250Z'),
    method: 'GET',
    status: 400,
    ms: 1.8,
    target: '/tags?x%0A08:00:02.000%20GET%20/forged=1',
    error: 'x\n08:00:02.000 GET /forged: Unknown query parameter\u2028',
  };

  it('escapes control characters, so one request is one line however its text reads', () => {
    const text = formatRequestLine(line, 'text');
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toContain('x\\n08:00:02.000 GET /forged: Unknown query parameter\\u2028');
    expect(JSON.parse(formatRequestLine(line, 'json')).error).toBe(line.error);
  });

  it('redacts the key of a postback URL as it redacts an Authorization header, in both formats', () => {
    const keyed = { ...line, target: '/compliance/postback?k%65y=demo_seller_admin&msisdn=1' };
    expect(formatRequestLine(keyed, 'text')).toContain('/compliance/postback?k%65y=…dmin&msisdn=1 400');
    expect(JSON.parse(formatRequestLine(keyed, 'json')).target).toBe(
      '/compliance/postback?k%65y=…dmin&msisdn=1',
    );
  });
});
