import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.js';

describe('Scheduler', () => {
  it('runs due events in time order, those at one time in the order they were added', () => {
    const scheduler = new Scheduler();
    const ran: string[] = [];
    for (const [at, name] of [
      [30, 'c'],
      [10, 'a1'],
      [20, 'b'],
      [10, 'a2'],
      [40, 'later'],
    ] as const)
      scheduler.add({ at, view: { kind: name }, run: () => ran.push(name) });
    expect(scheduler.runDue(30)).toBe(4);
    expect(ran).toEqual(['a1', 'a2', 'b', 'c']);
    expect(scheduler.nextAt()).toBe(40);
    expect(scheduler.upcoming(5)).toEqual([{ kind: 'later', at: new Date(40).toISOString() }]);
  });

  it('runs the events an event adds when they fall due too, stepping to each time', () => {
    const scheduler = new Scheduler();
    const steps: number[] = [];
    const daily = (at: number) => ({
      at,
      view: { kind: 'daily' },
      run: () => scheduler.add(daily(at + 10)),
    });
    scheduler.add(daily(5));
    expect(scheduler.runDue(50, (at) => steps.push(at))).toBe(5);
    expect(steps).toEqual([5, 15, 25, 35, 45]);
    expect(scheduler.nextAt()).toBe(55);
  });

  it('does nothing while nothing is due', () => {
    const scheduler = new Scheduler();
    scheduler.add({ at: 100, view: { kind: 'x' }, run: () => expect.fail('not due') });
    expect(scheduler.runDue(99)).toBe(0);
  });

  it('takes events out in sorted order whatever order they were added in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 })), (times) => {
        const scheduler = new Scheduler();
        const ran: number[] = [];
        for (const at of times) scheduler.add({ at, view: { kind: 'x' }, run: () => ran.push(at) });
        scheduler.runDue(1000);
        expect(ran).toEqual([...times].sort((a, b) => a - b));
      }),
    );
  });
});
