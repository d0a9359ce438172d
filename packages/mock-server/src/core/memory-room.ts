import { ControlError } from './control-error.js';
import type { OneAtATime } from './one-at-a-time.js';
import type { Settings } from './settings.js';
import type { Steps } from './slices.js';

/**
 * Throws a 507 {@link ControlError} when the mock's `memoryFull` says there is no room for more
 * records; does nothing otherwise (or without a `memoryFull`).
 *
 * @example
 * ```ts
 * refuseWhenFull(mock.settings); // before a seed, a campaign run, a new world or an export
 * ```
 */
export function refuseWhenFull(settings: Pick<Settings, 'memoryFull'>): void {
  const full = settings.memoryFull?.();
  if (full !== undefined) throw new ControlError(507, full);
}

/**
 * Runs `work` in its turn of `queue`, refused with a 507 {@link ControlError} when, once its turn
 * has come, `memoryFull` says there is no room: requests sent together each found room on arrival
 * before any had taken it. `until` ends the turn later than the work, as for
 * {@link OneAtATime.run}.
 *
 * @example
 * ```ts
 * await runWithRoom(queues.growth, mock.settings, () => answerPost(source));
 * ```
 */
export function runWithRoom<T>(
  queue: OneAtATime,
  settings: Pick<Settings, 'memoryFull'>,
  work: () => T | Promise<T>,
  until?: (result: T) => Promise<void>,
): Promise<T> {
  return queue.run(() => {
    refuseWhenFull(settings);
    return work();
  }, until);
}

/**
 * The same steps, stopped with a 507 when `memoryFull` says the room ran out between two of them:
 * for work whose result can be thrown away whole (a new world's seed), so that one that outgrows
 * the heap is refused rather than running the process out of memory.
 *
 * @example
 * ```ts
 * await runInSlices(stoppedWhenFull(start(), settings));
 * ```
 */
export function* stoppedWhenFull<T>(steps: Steps<T>, settings: Pick<Settings, 'memoryFull'>): Steps<T> {
  try {
    for (;;) {
      refuseWhenFull(settings);
      const step = steps.next();
      if (step.done) return step.value;
      yield;
    }
  } finally {
    steps.return(undefined as T);
  }
}
