import { errorCodes } from '@marketing/domain';
import type { HandlerContext } from '../core/handler-types.js';
import { type Failure, fail } from '../core/responses.js';

/**
 * Refuses tags a request names by name that its key may not touch: a key restricted to some tags
 * could otherwise reach any other tag through its name (`{"tags": ["VIP"]}` added and removed a
 * tag the key's `tag_ids` left out, where `{"tag_ids": ["tag_vip"]}` was refused). Answers the
 * 403 the restriction gives for IDs, naming the tags' IDs, or nothing when the names are allowed.
 * A name no tag has is passed over (the request drops it), unless the request would make such a
 * tag (`makesUnknown`, an upload): then the key would make a tag outside its list, and the name
 * is refused under `tags`.
 */
export function refusedTagNames(
  ctx: HandlerContext,
  names: Iterable<string>,
  makesUnknown: boolean,
): Failure | undefined {
  const allowed = ctx.key.resources?.tag_ids;
  if (!allowed) return undefined;
  const ids = new Set<string>();
  const unknown = new Set<string>();
  for (const name of names) {
    const tag = ctx.world.tagByName(ctx.org._id, name);
    if (tag) {
      if (!allowed.includes(tag.tag_id)) ids.add(tag.tag_id);
    } else if (makesUnknown) unknown.add(name);
  }
  if (ids.size === 0 && unknown.size === 0) return undefined;
  return fail(403, {
    code: errorCodes.insufficientResourceIds,
    missing: {
      ...(ids.size > 0 ? { tag_ids: [...ids] } : {}),
      ...(unknown.size > 0 ? { tags: [...unknown] } : {}),
    },
  });
}
