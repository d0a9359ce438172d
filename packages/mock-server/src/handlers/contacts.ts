import {
  applyBulkUpdate,
  type Contact,
  errorCodes,
  messages,
  type ParsedBulkUpdate,
  parseBulkUpdate,
  parseContactSearch,
} from '@marketing/domain';
import { chargeOrRefuse } from '../core/billing.js';
import { newContact, optOutContact, optOutEffectOf, saveContact } from '../core/contact-changes.js';
import {
  type ContextOf,
  defineHandlers,
  type HandlerContext,
  RECORDS_PER_STEP,
  runSteps,
} from '../core/handler-types.js';
import { fail, ok } from '../core/responses.js';
import type { Steps } from '../core/slices.js';
import { createContacts, upsertContacts } from './contact-upload.js';

const noMatch = { matchedCount: 0, modifiedCount: 0 };

function contactsOf(ctx: HandlerContext) {
  return ctx.world.contactsOf(ctx.org._id);
}

function findOrCreate(ctx: HandlerContext, create: boolean | undefined) {
  const existing = contactsOf(ctx).getByCell(ctx.cell);
  if (existing || !create) return { contact: existing, created: false };
  const contact = newContact(ctx.newId(), ctx.cell, ctx.clock.now().toISOString());
  contactsOf(ctx).insert(contact);
  return { contact, created: true };
}

function optOut(ctx: HandlerContext, campaignIds: string[], all: boolean, create?: boolean) {
  const { contact, created } = findOrCreate(ctx, create);
  if (!contact) return ok(noMatch);
  const effect = all ? ({ kind: 'all' } as const) : optOutEffectOf(ctx.world, ctx.org._id, campaignIds);
  const changed = optOutContact(ctx.world, ctx.org._id, contact, effect, ctx.clock.now());
  return ok({ matchedCount: 1, modifiedCount: changed || created ? 1 : 0 });
}

function changeTags(ctx: ContextOf<'contacts.addTags' | 'contacts.removeTags'>, action: 'add' | 'remove') {
  const body = ctx.body;
  const ids = new Set<string>();
  for (const id of body.tag_ids ?? []) if (ctx.world.tagOf(ctx.org._id, id)) ids.add(id);
  for (const name of body.tags ?? []) {
    const tag = ctx.world.tagByName(ctx.org._id, name);
    if (tag) ids.add(tag.tag_id);
  }
  if (ids.size === 0) return fail(400, messages.noTagsToChange);
  const { contact, created } = findOrCreate(ctx, action === 'add' && body.create_missing_contact);
  if (!contact) return ok(noMatch);
  const tag_ids =
    action === 'add'
      ? [...contact.tag_ids, ...[...ids].filter((t) => !contact.tag_ids.includes(t))]
      : contact.tag_ids.filter((t) => !ids.has(t));
  const changed = tag_ids.length !== contact.tag_ids.length;
  if (changed) saveContact(ctx.world, ctx.org._id, { ...contact, tag_ids }, ctx.clock.now());
  return ok({ matchedCount: 1, modifiedCount: changed || created ? 1 : 0 });
}

// Changes the matched contacts; answers how many changed.
function* updateMatches(
  ctx: HandlerContext,
  matches: readonly Contact[],
  update: ParsedBulkUpdate['update'],
): Steps<number> {
  const now = ctx.clock.now();
  let modifiedCount = 0;
  for (const [index, contact] of matches.entries()) {
    if (index % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const changed = applyBulkUpdate(contact, update);
    if (!changed) continue;
    saveContact(ctx.world, ctx.org._id, { ...contact, ...changed }, now);
    modifiedCount += 1;
  }
  return modifiedCount;
}

/** The contact endpoints' handlers, by endpoint id. */
export const contactHandlers = defineHandlers({
  'contacts.get': {
    handle(ctx) {
      const contact = contactsOf(ctx).getByCell(ctx.cell);
      return contact ? ok(contact) : fail(404, messages.contactNotFound);
    },
  },
  'contacts.search': {
    handle(ctx) {
      const request = parseContactSearch(ctx.body);
      const refused = ctx.settings.billing
        ? chargeOrRefuse(ctx, ctx.settings.billing.searchCredits)
        : undefined;
      if (refused) return refused;
      return ok({ parsed_request: request, contacts: contactsOf(ctx).search(request) });
    },
  },
  'contacts.delete': {
    handle(ctx) {
      const contact = contactsOf(ctx).getByCell(ctx.cell);
      if (!contact) return fail(404, messages.contactNotFound);
      contactsOf(ctx).delete(contact._id);
      return ok();
    },
  },
  'contacts.optOut': {
    handle(ctx) {
      const body = ctx.body;
      return optOut(ctx, body.campaign_ids ?? [], body.all === true, body.create_missing_contact);
    },
  },
  'contacts.optOutCampaign': {
    handle(ctx) {
      const body = ctx.body;
      return optOut(ctx, [body.campaign_id], body.all === true);
    },
  },
  'contacts.addTags': { handle: (ctx) => changeTags(ctx, 'add') },
  'contacts.removeTags': { handle: (ctx) => changeTags(ctx, 'remove') },
  'contacts.create': createContacts,
  'contacts.upsert': upsertContacts,
  'contacts.bulkUpdate': {
    handle(ctx) {
      const request = parseBulkUpdate(ctx.body);
      const added =
        'update' in request && '$addToSet' in request.update ? request.update.$addToSet.tag_ids?.$each : [];
      const unknown = (added ?? []).filter((t) => !ctx.world.tagOf(ctx.org._id, t));
      if (unknown.length > 0) {
        return fail(400, {
          code: errorCodes.validationError,
          issues: unknown.map((t) => ({
            path: 'update.$addToSet.tag_ids.$each',
            message: `Unknown tag ${t}`,
          })),
        });
      }
      // Matches are collected first: changing tags while walking a tag index would skip rows.
      const matches = [...contactsOf(ctx).matching(request.find)];
      // A tag filter can match a million contacts: those are changed a slice at a time.
      const steps = updateMatches(ctx, matches, request.update);
      const answer = (modifiedCount: number) =>
        ok({ matchedCount: matches.length, modifiedCount, parsedRequest: request });
      const modified = runSteps(ctx, matches.length, steps);
      return modified instanceof Promise ? modified.then(answer) : answer(modified);
    },
  },
});
