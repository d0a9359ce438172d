import { collections } from '../store/collections.js';
import type { World } from '../store/world.js';
import type { WorldSource } from './state-text.js';

/**
 * A world as it is now, to be saved while the mock goes on answering: every collection but the
 * contacts copied as `state()` copies them (sends, clicks and the outbox, which reach millions,
 * as views of them as they stand, not copies), and each organisation's contacts as the store's
 * snapshot of them, chunks of the stored records that later changes leave as they are. Neither
 * clones a contact (the snapshot copies a reference to each: a few milliseconds at a million), so
 * taking it is a short turn of the event loop.
 */
export function snapshotOf(world: World): WorldSource {
  return {
    collections: collections.map(
      (c) =>
        [
          c.name,
          c.name === 'contacts' ? [] : (c.asNow?.(world) ?? c.saved(world)),
          c.jsonPieces?.bind(c),
        ] as const,
    ),
    contacts: {
      name: 'contacts',
      groups: [...world.contacts].flatMap(([orgId, store]) =>
        store.snapshot().map((chunk) => ({ orgId, contacts: chunk as unknown as Record<string, unknown>[] })),
      ),
    },
  };
}
