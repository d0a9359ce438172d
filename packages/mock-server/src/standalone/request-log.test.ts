import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LineBatch } from './request-log.js';

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
