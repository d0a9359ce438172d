import {
  applyBulkUpdate,
  type Contact,
  errorCodes,
  messages,
  type ParsedBulkUpdate,
  type ParsedSearchRequest,
  parseBulkUpdate,
  parseContactSearch,
  projectContact,
  withIds,
  withoutIds,
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
import { fail, ok, okRecord, okWithDataText, recordText } from '../core/responses.js';
import { pauseEvery, type Steps } from '../core/slices.js';
import { contactWork } from '../store/contact-store.js';
import { createContacts, upsertContacts } from './contact-upload.js';
import { refusedTagNames } from './restricted-tag-names.js';

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
  const refused = refusedTagNames(ctx, body.tags ?? [], false);
  if (refused) return refused;
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
    action === 'add' ? withIds(contact.tag_ids, [...ids]) : withoutIds(contact.tag_ids, [...ids]);
  const changed = tag_ids !== contact.tag_ids;
  if (changed) saveContact(ctx.world, ctx.org._id, { ...contact, tag_ids }, ctx.clock.now());
  return ok({ matchedCount: 1, modifiedCount: changed || created ? 1 : 0 });
}

// Finds the contacts a bulk update matches, then changes them; answers how many of each. Matches
// are collected first: changing tags while walking a tag index would skip rows. Collected in
// steps too: 200,000 matches gathered at once held health over 100 ms.
function* updateMatching(
  ctx: HandlerContext,
  request: ParsedBulkUpdate,
): Steps<{ matchedCount: number; modifiedCount: number }> {
  const matches: Contact[] = [];
  for (const contact of contactsOf(ctx).matching(request.find)) {
    if (contact === undefined) yield;
    else matches.push(contact);
  }
  const modifiedCount = yield* updateMatches(ctx, matches, request.update);
  return { matchedCount: matches.length, modifiedCount };
}

// Changes the matched contacts; answers how many changed.
function* updateMatches(
  ctx: HandlerContext,
  matches: readonly Contact[],
  update: ParsedBulkUpdate['update'],
): Steps<number> {
  const now = ctx.clock.now();
  let modifiedCount = 0;
  const paused = pauseEvery(RECORDS_PER_STEP);
  let due = false;
  for (const contact of matches) {
    if (due) yield;
    const changed = applyBulkUpdate(contact, update);
    // The contact's tags are compared and re-indexed: those it had and those it will have (a
    // $pull of its 1,000 tags weighed as the empty list left held health probes 2 s).
    due = paused(contactWork(contact.tag_ids) + (changed?.tag_ids ? contactWork(changed.tag_ids) : 0));
    if (!changed) continue;
    saveContact(ctx.world, ctx.org._id, { ...contact, ...changed }, now);
    modifiedCount += 1;
  }
  return modifiedCount;
}

// How much a search may read before it is run in slices instead (see contactWork): about 2 ms.
const SEARCH_WORK_AT_ONCE = 20_000;

// A search's answer, its text made of each contact's projected text as kept from its last search
// (stringifying the page was a third of a search's work in the core).
function searchAnswer(request: ParsedSearchRequest, page: readonly Contact[]) {
  const kind = `projection:${Object.keys(request.projection).join(',')}`;
  const contacts = page.map((contact) => projectContact(contact, request.projection));
  const texts = page.map((contact, i) => recordText(contact, kind, () => JSON.stringify(contacts[i])));
  return okWithDataText(
    { parsed_request: request, contacts },
    `{"parsed_request":${JSON.stringify(request)},"contacts":[${texts.join(',')}]}`,
  );
}

/** The contact endpoints' handlers, by endpoint id. */
export const contactHandlers = defineHandlers({
  'contacts.get': {
    handle(ctx) {
      const contact = contactsOf(ctx).getByCell(ctx.cell);
      return contact ? okRecord(contact) : fail(404, messages.contactNotFound);
    },
  },
  'contacts.search': {
    handle(ctx) {
      const request = parseContactSearch(ctx.body);
      const refused = ctx.settings.billing
        ? chargeOrRefuse(ctx, ctx.settings.billing.searchCredits)
        : undefined;
      if (refused) return refused;
      const store = contactsOf(ctx);
      // A search that reads too much to answer at once (a scan, or candidates of thousands of tags
      // each) is found again a slice at a time: one of 3,000 contacts of 10,000 tags held the
      // server 3.4 s.
      const page = store.searchPage(request, SEARCH_WORK_AT_ONCE);
      if (page) return searchAnswer(request, page);
      return ctx.inSlices(store.searchPageSteps(request)).then((found) => searchAnswer(request, found));
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
      // A tag filter can match a million contacts: those are found and changed a slice at a time,
      // judged by the plan's estimate of the rows it reads.
      const store = contactsOf(ctx);
      const estimated = store.plan(request.find).estimatedRows * (1 + (store.averageTags() >> 5));
      const answer = (counts: { matchedCount: number; modifiedCount: number }) =>
        ok({ ...counts, parsedRequest: request });
      const counts = runSteps(ctx, estimated, updateMatching(ctx, request));
      return counts instanceof Promise ? counts.then(answer) : answer(counts);
    },
  },
});
