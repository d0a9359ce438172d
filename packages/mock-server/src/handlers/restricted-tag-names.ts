import { missingResources, resourceError } from '@marketing/domain';
import type { HandlerContext } from '../core/handler-types.js';
import { type Failure, fail } from '../core/responses.js';

/**
 * Refuses tags a request names by name that its key may not touch: a key restricted to some tags
 * could otherwise reach any other tag through its name (`{"tags": ["VIP"]}` added and removed a
 * tag the key's `tag_ids` left out, where `{"tag_ids": ["tag_vip"]}` was refused). Names are
 * turned into the tags' IDs and held to the key's lists as IDs are, with the same 403, or nothing
 * when they are allowed. A name no tag has is passed over (the request drops it), unless the
 * request would make such a tag (`makesUnknown`, an upload): then the key would make a tag outside
 * its list, and the name is refused under `tags`. `names` is read only for a restricted key.
 */
export function refusedTagNames(
  ctx: HandlerContext,
  names: Iterable<string>,
  makesUnknown: boolean,
): Failure | undefined {
  if (!ctx.key.resources?.tag_ids) return undefined;
  const ids: string[] = [];
  const unknown = new Set<string>();
  for (const name of names) {
    const tag = ctx.world.tagByName(ctx.org._id, name);
    if (tag) ids.push(tag.tag_id);
    else if (makesUnknown) unknown.add(name);
  }
  const missing = missingResources(ctx.key.resources, { tag_ids: ids }) ?? {};
  if (unknown.size > 0) missing.tags = [...unknown];
  return Object.keys(missing).length > 0 ? fail(403, resourceError(ctx.endpoint.id, missing)) : undefined;
}
