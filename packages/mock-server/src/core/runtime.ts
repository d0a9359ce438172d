import type { World } from '../store/world.js';
import type { MockClock } from './clock.js';
import type { Settings } from './settings.js';

/** The parts of a mock that control-plane actions work on. */
export interface MockRuntime {
  world: World;
  clock: MockClock;
  settings: Settings;
  newId(prefix?: string): string;
}
