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
