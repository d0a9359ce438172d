import type { World } from '../store/world.js';
import type { WorldGate } from './world-gate.js';

const WORLD = Symbol('marketing-mock.world');
const GATE = Symbol('marketing-mock.world-gate');

/** Lets the mock's own tools (the standalone server's saves) reach the world of a mock. */
export function exposeWorld(mock: object, world: () => World, gate: WorldGate): void {
  Object.defineProperty(mock, WORLD, { value: world });
  Object.defineProperty(mock, GATE, { value: gate });
}

/** The gate a save waits at while a seed or reset runs in slices (the world is not whole meanwhile). */
export function worldGateOf(mock: object): WorldGate | undefined {
  return (mock as { [GATE]?: WorldGate })[GATE];
}

/**
 * The world a mock holds now (it is replaced by a reset), for the standalone server's saves;
 * `undefined` for an object that is not a mock made by `createMockService`.
 */
export function worldOf(mock: object): World | undefined {
  return (mock as { [WORLD]?: () => World })[WORLD]?.();
}
