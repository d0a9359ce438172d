import type { World } from '../store/world.js';

const WORLD = Symbol('marketing-mock.world');

/** Lets the mock's own tools (the standalone server's saves) reach the world of a mock. */
export function exposeWorld(mock: object, world: () => World): void {
  Object.defineProperty(mock, WORLD, { value: world });
}

/**
 * The world a mock holds now (it is replaced by a reset), for the standalone server's saves;
 * `undefined` for an object that is not a mock made by `createMockService`.
 */
export function worldOf(mock: object): World | undefined {
  return (mock as { [WORLD]?: () => World })[WORLD]?.();
}
