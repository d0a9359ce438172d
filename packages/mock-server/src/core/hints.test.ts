import { describe, expect, it } from 'vitest';
import { hints } from './hints.js';

describe('hints', () => {
  it('says one credit, and credits for any other cost', () => {
    expect(hints.insufficientBalance(1, 0)).toMatch(
      /^This request costs 1 credit and the organisation's balance is 0;/,
    );
    expect(hints.insufficientBalance(10, 2)).toMatch(/^This request costs 10 credits and/);
    expect(hints.insufficientBalance(0.28, 0.2)).toMatch(/^This request costs 0\.28 credits and/);
  });
});
