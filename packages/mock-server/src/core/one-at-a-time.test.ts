import { describe, expect, it } from 'vitest';
import { ControlError } from './control-error.js';
import { OneAtATime } from './one-at-a-time.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('OneAtATime', () => {
  it('runs work in the order it came, never two at once, past a failure', async () => {
    const turns = new OneAtATime();
    const log: string[] = [];
    let running = 0;
    const work =
      (name: string, fails = false) =>
      async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
        running -= 1;
        if (fails) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      turns.run(work('a')),
      turns.run(work('b', true)),
      turns.run(work('c')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('ends a turn when what until answers settles, not when the work does', async () => {
    const turns = new OneAtATime();
    let sent!: () => void;
    const whenSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const log: string[] = [];
    const first = turns.run(
      () => log.push('made first'),
      () => whenSent,
    );
    const second = turns.run(() => log.push('made second'));
    await first;
    await tick();
    expect(log).toEqual(['made first']);
    sent();
    await second;
    expect(log).toEqual(['made first', 'made second']);
  });

  it('refuses work 503 with retry-after when eight are already waiting', async () => {
    const turns = new OneAtATime();
    const accepted = Array.from({ length: 8 }, () => turns.run(tick));
    const refused = turns.run(tick).catch((error: unknown) => error);
    expect(await refused).toEqual(
      new ControlError(503, 'The mock is busy: 8 exports are waiting their turn; try again shortly', {
        'retry-after': '1',
      }),
    );
    await Promise.all(accepted);
    await expect(turns.run(() => 'again')).resolves.toBe('again');
  });
});
