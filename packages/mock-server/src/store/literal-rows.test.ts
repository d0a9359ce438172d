import { describe, expect, it } from 'vitest';
import { LiteralRows } from './literal-rows.js';

describe('literal rows', () => {
  it('make a row of exactly the present fields, in order, each with its value', () => {
    const rows = new LiteralRows(['cell', 'firstname', 'lastname']);
    expect(rows.make(0b101, ['27821000000', 'Nkosi'])).toEqual({ cell: '27821000000', lastname: 'Nkosi' });
    expect(Object.keys(rows.make(0b111, ['c', 'f', 'l']))).toEqual(['cell', 'firstname', 'lastname']);
    expect(rows.make(0, [])).toEqual({});
  });

  it('give each row its own object, not one shared between calls', () => {
    const rows = new LiteralRows(['cell']);
    const values = ['27821000000'];
    const first = rows.make(1, values);
    values[0] = '27821000001';
    expect(rows.make(1, values)).not.toBe(first);
    expect(first.cell).toBe('27821000000');
  });

  it('make the same rows for names that cannot be written in code', () => {
    const rows = new LiteralRows(['a-b', 'cell', 'x y']);
    expect(rows.make(0b101, [1, 2])).toEqual({ 'a-b': 1, 'x y': 2 });
    expect(rows.make(0b010, ['27821000000'])).toEqual({ cell: '27821000000' });
  });

  it('keep making right rows past the number of shapes it compiles', () => {
    const names = Array.from({ length: 8 }, (_, k) => `f${k}`);
    const rows = new LiteralRows(names);
    for (let present = 0; present < 256; present++) {
      const expected = Object.fromEntries(
        names.filter((_, k) => present & (1 << k)).map((name) => [name, name]),
      );
      expect(rows.make(present, Object.values(expected))).toEqual(expected);
    }
  });
});
