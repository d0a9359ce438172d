import { describe, expect, it } from 'vitest';
import { TurnBudget } from './turn-budget.js';

const burn = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('TurnBudget', () => {
  it('lets work start at once until a turn has had its budget, then in later turns, in order', async () => {
    const budget = new TurnBudget(10);
    const started: string[] = [];
    let turn = 0;
    const ticker = setInterval(() => turn++, 0);
    const work = async (name: string) => {
      const wait = budget.turn();
      if (wait !== true) await wait;
      started.push(`${name}@${turn}`);
      burn(6);
    };
    const first = work('a');
    const second = work('b');
    // 12 ms spent: the rest wait, and come in the order they asked, about two per 10 ms.
    await Promise.all([first, second, work('c'), work('d'), work('e')]);
    clearInterval(ticker);
    expect(started.map((s) => s.split('@')[0])).toEqual(['a', 'b', 'c', 'd', 'e']);
    const turns = started.map((s) => Number(s.split('@')[1]));
    expect(turns[0]).toBe(turns[1]);
    expect(turns[4]).toBeGreaterThan(turns[0]!);
  });

  it('makes work wait once its turn has had its budget, and the work after it queue behind', async () => {
    const budget = new TurnBudget(10);
    expect(budget.turn()).toBe(true);
    burn(12);
    const waited = budget.turn();
    expect(waited).toBeInstanceOf(Promise);
    // Not spent itself, but behind one that waits: it waits too.
    const behind = budget.turn();
    expect(behind).toBeInstanceOf(Promise);
    await Promise.all([waited, behind]);
    expect(budget.turn()).toBe(true);
  });
});
