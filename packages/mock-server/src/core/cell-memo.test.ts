import { toMsisdn } from '@marketing/domain';
import { describe, expect, it } from 'vitest';
import { CellMemo } from './cell-memo.js';

describe('CellMemo', () => {
  it('answers every cell as toMsisdn does, asked again and past its limit', () => {
    const memo = new CellMemo(100);
    const inputs = Array.from({ length: 250 }, (_, n) =>
      n % 5 === 0 ? `not-a-cell-${n}` : `+27 82 ${String(n).padStart(7, '0')}`,
    );
    for (let round = 0; round < 3; round++) {
      for (const input of inputs) expect(memo.toMsisdn(input)).toBe(toMsisdn(input));
    }
    expect(memo.toMsisdn('27821234567')).toBe('27821234567');
    expect(memo.toMsisdn('0821234567')).toBeUndefined();
  });
});
