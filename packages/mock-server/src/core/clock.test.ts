import { describe, expect, it } from 'vitest';
import { ClockError, createClock, LATEST_CLOCK_MS, parseDuration } from './clock.js';

describe('createClock', () => {
  it('tells its listener of forward moves only, and lands on the target', () => {
    const clock = createClock('2026-01-01T00:00:00Z');
    const told: number[] = [];
    clock.onMove((target, stepTo) => {
      told.push(target);
      stepTo(target - 1000);
      expect(clock.nowMs()).toBe(target - 1000);
    });
    clock.advance('1h');
    clock.set('2025-01-01T00:00:00Z');
    expect(told).toEqual([Date.parse('2026-01-01T01:00:00Z')]);
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('restarts at its start mode and time, and can undo the restart', () => {
    const clock = createClock('2026-01-01T00:00:00Z');
    clock.advance('2d');
    clock.unfreeze();
    const undo = clock.restart();
    expect(clock.reading()).toEqual({ now: '2026-01-01T00:00:00.000Z', mode: 'frozen' });
    undo();
    expect(clock.mode()).toBe('offset');
  });

  it('holds the last millisecond of 9999 and refuses one more', () => {
    const clock = createClock(new Date(LATEST_CLOCK_MS));
    expect(() => clock.advance('1ms')).toThrow(ClockError);
    expect(clock.nowMs()).toBe(LATEST_CLOCK_MS);
  });

  it('stops a running clock at the last millisecond of 9999 rather than run past it', async () => {
    const clock = createClock(new Date(LATEST_CLOCK_MS - 5), 'offset');
    expect(clock.mode()).toBe('offset');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.nowMs()).toBe(LATEST_CLOCK_MS);
    expect(clock.now().toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('refuses a day its month does not have, however the time is written', () => {
    const clock = createClock('2026-01-01T00:00:00Z');
    for (const day of [
      '2026-02-30T00:00:00Z',
      '2026-02-29',
      '2026-04-31T12:00:00+02:00',
      '2026-13-01T00:00:00Z',
    ])
      expect(() => clock.set(day), day).toThrow(/not a date/);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(clock.set('2028-02-29T23:00:00-05:00').toISOString()).toBe('2028-03-01T04:00:00.000Z');
  });

  it('starts running from an offset start, and restarts running from the same place', () => {
    const clock = createClock('2030-01-01T00:00:00Z', 'offset');
    expect(clock.mode()).toBe('offset');
    clock.freeze();
    clock.advance('30d');
    clock.restart();
    expect(clock.mode()).toBe('offset');
    expect(clock.nowMs() - Date.parse('2030-01-01T00:00:00Z')).toBeLessThan(1000);
    expect(clock.nowMs()).toBeGreaterThanOrEqual(Date.parse('2030-01-01T00:00:00Z'));
  });
});

describe('the clock in process, given what HTTP refuses', () => {
  it('refuses a change that is not an object of known fields of their types, and leaves the clock as it was', () => {
    const clock = createClock('2026-01-01T00:00:00Z');
    const bad: unknown[] = [
      null,
      undefined,
      [],
      '2026-01-01',
      42,
      { sett: '2026-02-01T00:00:00Z' },
      { freeze: 'yes' },
      { real: false },
    ];
    for (const change of bad)
      expect(() => clock.change(change as never), JSON.stringify(change)).toThrow(ClockError);
    expect(() => clock.set(undefined as never)).toThrow(/no time given/);
    expect(clock.reading()).toEqual({ now: '2026-01-01T00:00:00.000Z', mode: 'frozen' });
  });

  it('names the now option, not set, when the start time is refused, and refuses an unknown clockMode', () => {
    expect(() => createClock('2026-01-01T09:00:00')).toThrow(/^now: "2026-01-01T09:00:00" has no time zone/);
    expect(() => createClock(new Date(Date.UTC(1969, 0, 1)))).toThrow(
      'now: 1969-01-01T00:00:00.000Z is outside the years 1970 to 9999',
    );
    expect(() => createClock('2026-01-01T00:00:00Z', 'running' as never)).toThrow(/clockMode: "running"/);
  });
});

describe('parseDuration', () => {
  it('reads units and sums, and refuses what is not a positive duration', () => {
    expect(parseDuration('1d12h')).toBe(129_600_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('-1d')).toBeUndefined();
    expect(parseDuration(-1)).toBeUndefined();
    expect(parseDuration(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(parseDuration(`${'9'.repeat(400)}d`)).toBeUndefined();
  });
});
