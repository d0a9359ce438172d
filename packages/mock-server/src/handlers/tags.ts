import { type Contact, messages, withoutIds } from '@marketing/domain';
import { saveContact } from '../core/contact-changes.js';
import { defineHandlers, type HandlerContext, RECORDS_PER_STEP, runSteps } from '../core/handler-types.js';
import { fail, ok } from '../core/responses.js';
import { pauseEvery, type Steps } from '../core/slices.js';
import { contactWork } from '../store/contact-store.js';

const view = (tag: { tag_id: string; name: string }) => ({ tag_id: tag.tag_id, name: tag.name });

// Takes the tag off its contacts and campaigns. Deleting a tag every contact of 800,000 carries
// held the server 8.4 s: many contacts are changed a slice at a time.
function* removeTagEverywhere(ctx: HandlerContext, tagId: string, contacts: readonly Contact[]): Steps<void> {
  const now = ctx.clock.now();
  const paused = pauseEvery(RECORDS_PER_STEP);
  for (const contact of contacts) {
    if (paused(contactWork(contact.tag_ids))) yield;
    saveContact(ctx.world, ctx.org._id, { ...contact, tag_ids: withoutIds(contact.tag_ids, [tagId]) }, now);
  }
  const without = (ids: string[]) => ids.filter((t) => t !== tagId);
  for (const campaign of ctx.world.campaigns.values()) {
    if (campaign.org_id !== ctx.org._id) continue;
    campaign.tag_ids = without(campaign.tag_ids);
    campaign.nin_tag_ids = without(campaign.nin_tag_ids);
  }
  for (const campaign of ctx.world.campaignsV2.values()) {
    if (campaign.org_id !== ctx.org._id) continue;
    const tags = campaign.targeting.tag_ids;
    const weights = tags.weights
      ? Object.fromEntries(Object.entries(tags.weights).filter(([t]) => t !== tagId))
      : undefined;
    campaign.targeting.tag_ids = {
      $in: without(tags.$in),
      $nin: without(tags.$nin),
      ...(weights ? { weights } : {}),
    };
    campaign.updatedAt = now.toISOString();
  }
}

/** The tag endpoints' handlers. A key restricted to some tags sees only those in the list. */
export const tagHandlers = defineHandlers({
  'tags.list': {
    handle(ctx) {
      const allowed = ctx.key.resources?.tag_ids;
      const tags = [...ctx.world.tags.values()].filter(
        (t) => t.org_id === ctx.org._id && (!allowed || allowed.includes(t.tag_id)),
      );
      return ok(tags.map(view));
    },
  },
  'tags.get': {
    handle(ctx) {
      const tag = ctx.world.tagOf(ctx.org._id, ctx.params.tag_id!);
      return tag ? ok(view(tag)) : fail(404, messages.tagNotFound);
    },
  },
  'tags.delete': {
    handle(ctx) {
      const tag = ctx.world.tagOf(ctx.org._id, ctx.params.tag_id!);
      if (!tag) return fail(404, messages.tagNotFound);
      const contacts = [...ctx.world.contactsOf(ctx.org._id).withTag(tag.tag_id)];
      const work = contacts.reduce((sum, contact) => sum + contactWork(contact.tag_ids), 0);
      const removed = runSteps(ctx, work, removeTagEverywhere(ctx, tag.tag_id, contacts));
      const answer = () => {
        ctx.world.tags.delete(tag.tag_id);
        return ok(view(tag));
      };
      return removed instanceof Promise ? removed.then(answer) : answer();
    },
  },
});
