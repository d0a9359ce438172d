import { collections } from '../store/collections.js';
import type { World } from '../store/world.js';
import type { WorldSource } from './state-text.js';

/**
 * A world as it is now, to be saved while the mock goes on answering: every collection but the
 * contacts copied as `state()` copies them, and each organisation's contacts as a list of the
 * stored records (a change replaces a contact rather than editing it, so the list keeps them as
 * they are now). The clone `state()` makes of each contact is what the save is spared; the copy
 * of a million references is still one turn of the event loop of tens of milliseconds, the
 * longest of a save (copy-on-write chunks in the store would remove it).
 */
export function snapshotOf(world: World): WorldSource {
  return {
    collections: collections.map((c) => [c.name, c.name === 'contacts' ? [] : c.saved(world)] as const),
    contacts: {
      name: 'contacts',
      groups: [...world.contacts].map(([orgId, store]) => ({
        orgId,
        contacts: store.toArray() as unknown as Record<string, unknown>[],
      })),
    },
  };
}
