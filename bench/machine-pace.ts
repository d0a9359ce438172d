/**
 * A fixed workload of plain JavaScript (JSON both ways over 200,000 small objects, then a sort of
 * 500,000 numbers from a seeded generator), timed as the median of three after one untimed: the same work in every
 * run, so that two runs of `pnpm bench` can be compared for the pace of the machine they ran on.
 * Rows with absolute targets (a seed in 3 s, a start in 2 s) move with it; ratios do not. `scale`
 * shrinks the work (the test suite's tiny run).
 */
export function timeMachinePace(scale = 1): { ms: number; rounds: number[] } {
  // One round untimed first: a fresh process's first round ran a quarter slower (V8 still
  // compiling), which would have read as a slower machine.
  const rounds = Array.from({ length: 4 }, () => {
    const started = performance.now();
    const rows = Array.from({ length: 200_000 * scale }, (_, i) => ({
      id: `row${i}`,
      tags: [`t${i % 50}`, `t${(i * 7) % 50}`],
      at: i * 1000,
    }));
    const parsed = JSON.parse(JSON.stringify(rows)) as unknown[];
    let seed = 42;
    const numbers = Float64Array.from({ length: 500_000 * scale }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    });
    numbers.sort();
    if (parsed.length !== rows.length || numbers[0]! > numbers[1]!)
      throw new Error('machine pace went wrong');
    return performance.now() - started;
  });
  const timed = rounds.slice(1);
  return { ms: [...timed].sort((a, b) => a - b)[1]!, rounds: timed };
}
