import {
  type Contact,
  CREATE_CONTACTS_MAX,
  customFieldIds,
  messages,
  renderTemplate,
  toMsisdn,
  UPSERT_CONTACTS_MAX,
  type UploadContact,
  uploadEnvelopeSchema,
  withIds,
} from '@marketing/domain';
import * as z from 'zod';
import { chargeOrRefuse } from '../core/billing.js';
import { newContact } from '../core/contact-changes.js';
import {
  type AnswerOf,
  type EndpointHandler,
  type HandlerContext,
  RECORDS_PER_STEP,
  runSteps,
  withBodySchema,
} from '../core/handler-types.js';
import { priceSms, recordMessage } from '../core/messaging.js';
import { fail, ok } from '../core/responses.js';
import { sameJson } from '../core/same-json.js';
import type { Steps } from '../core/slices.js';
import { excludedFromCampaign } from '../store/campaign-exclusion.js';
import type { OrgRecord } from '../store/records.js';
import { refusedTagNames } from './restricted-tag-names.js';
import { parseUploadRow } from './upload-row.js';

// Rows are checked one by one (each bad row is reported, not the whole upload), so the body is
// first validated with rows left open.
const uploadEnvelope = (max: number) => uploadEnvelopeSchema(max, z.unknown());
type UploadEnvelope = z.infer<ReturnType<typeof uploadEnvelope>>;

type RowResult =
  | { issue: string }
  | { cell: string; row: UploadContact; tagIds: string[]; tagNames: string[] };

// The fields a row sets on its contact: all but the cell (already normalised) and the tag lists.
function assignRowFields(contact: Contact, row: UploadContact): void {
  const target = contact as Record<string, unknown>;
  for (const key in row) {
    if (key !== 'cell' && key !== 'tag_ids' && key !== 'tags') target[key] = row[key as keyof UploadContact];
  }
}

// The tag names planned contacts carry, as they are read.
function* tagNamesOf(plans: Iterable<{ tags: (string | { name: string })[] | undefined }>): Iterable<string> {
  for (const plan of plans) for (const tag of plan.tags ?? []) if (typeof tag !== 'string') yield tag.name;
}

// The ID of the organisation's tag of this name, made now if it has none.
function tagIdNamed(ctx: HandlerContext, name: string): string {
  let tag = ctx.world.tagByName(ctx.org._id, name);
  if (!tag) {
    tag = { tag_id: ctx.newId('tag_'), org_id: ctx.org._id, name };
    ctx.world.tags.set(tag.tag_id, tag);
  }
  return tag.tag_id;
}

function customFieldIssue(org: OrgRecord, row: Record<string, unknown>): string | undefined {
  for (const id of customFieldIds) {
    if (!(id in row)) continue;
    const field = org.custom_fields.find((f) => f.id === id);
    if (!field) return `${id}: Not a custom field of this organisation`;
    const value = row[id];
    const fits =
      field.type === 'date'
        ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
        : typeof value === field.type;
    if (!fits)
      return `${id}: Expected ${field.type === 'date' ? 'an ISO date' : `a ${field.type}`} for ${field.name}`;
  }
  return undefined;
}

function checkRow(ctx: HandlerContext, raw: unknown, body: UploadEnvelope): RowResult {
  const parsed = parseUploadRow(raw);
  if ('issue' in parsed) return parsed;
  const { cell: rawCell, tag_ids = [], tags = [] } = parsed.row;
  const cell = toMsisdn(rawCell, body.country);
  if (!cell) return { issue: `cell: ${messages.invalidCellNumber}` };
  const customIssue = customFieldIssue(ctx.org, parsed.row);
  if (customIssue) return { issue: customIssue };
  const tagIds = [...new Set([...(body.tag_ids ?? []), ...tag_ids])];
  const unknown = tagIds.find((t) => !ctx.world.tagOf(ctx.org._id, t));
  // An empty ID is unknown too (it was taken, and could then be neither searched for nor removed).
  if (unknown !== undefined) return { issue: `tag_ids: Unknown tag ${unknown === '' ? '""' : unknown}` };
  return { cell, row: parsed.row, tagIds, tagNames: tags };
}

function* upload(
  ctx: HandlerContext<Record<string, unknown>, UploadEnvelope>,
  mode: 'create' | 'upsert',
): Steps<AnswerOf<'contacts.create' | 'contacts.upsert'>> {
  const { body } = ctx;
  const store = ctx.world.contactsOf(ctx.org._id);
  const now = ctx.clock.now();
  const stamp = now.toISOString();

  const send = body.send;
  const campaign = send ? ctx.world.campaignOf(ctx.org._id, send.campaign_id) : undefined;
  if (send && !campaign) return fail(404, messages.campaignNotFound);
  const template = send ? ctx.world.templates.get(send.template.data.template_id) : undefined;
  if (send && (!template || template.org_id !== ctx.org._id || template.channel !== send.template.kind)) {
    return fail(400, messages.templateNotFound);
  }

  // Everything is decided before anything is written, so a refusal (402) leaves no trace.
  const invalidContacts: { row: number; issue: string }[] = [];
  // A contact's tags are kept in the order its rows give them: IDs, and names whose tags may not
  // exist yet (they are made only once the upload is taken).
  const planned = new Map<
    string,
    { existing: Contact | undefined; next: Contact; tags: (string | { name: string })[] | undefined }
  >();
  for (const [row, raw] of body.contacts.entries()) {
    if (row % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    const result = checkRow(ctx, raw, body);
    if ('issue' in result) {
      invalidContacts.push({ row, issue: result.issue });
      continue;
    }
    const earlier = planned.get(result.cell);
    if (mode === 'create' && (earlier || store.hasCell(result.cell))) {
      invalidContacts.push({ row, issue: 'Contact already exists' });
      continue;
    }
    const existing = mode === 'create' ? undefined : store.getByCell(result.cell);
    const base = earlier?.next ?? existing;
    const next = base ? { ...base } : newContact(ctx.newId(), result.cell, stamp);
    assignRowFields(next, result.row);
    // No list for a row without tags: most rows have none, and 100,000 of them made as many.
    let tags = earlier?.tags;
    if (result.tagIds.length > 0 || result.tagNames.length > 0) {
      tags ??= [];
      for (const id of result.tagIds) tags.push(id);
      for (const name of result.tagNames) tags.push({ name });
    }
    planned.set(result.cell, { existing, next, tags });
  }

  // Read only for a key restricted to some tags: an upload of 100,000 rows by any other key
  // gathers no names.
  const namesRefused = refusedTagNames(ctx, tagNamesOf(planned.values()), true);
  if (namesRefused) return namesRefused;
  const created = [...planned.values()].filter((p) => !p.existing);
  const outgoing: { next: Contact; to: string; content: string; parts: number | undefined; cost: number }[] =
    [];
  if (send && template)
    for (const [index, { next, tags }] of created.entries()) {
      if (index % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
      const to = template.channel === 'sms' ? next.cell : next.email;
      if (!to) continue;
      // Its tags as they will be stored: a tag named in the upload that does not exist yet is
      // new, so no campaign excludes it.
      const tagIds = tags
        ? [
            ...next.tag_ids,
            ...tags.flatMap((tag) =>
              typeof tag === 'string' ? [tag] : (ctx.world.tagByName(ctx.org._id, tag.name)?.tag_id ?? []),
            ),
          ]
        : next.tag_ids;
      if (
        campaign &&
        excludedFromCampaign(ctx.world, ctx.org._id, { ...next, tag_ids: tagIds }, campaign.campaign)
      )
        continue;
      const content = renderTemplate(template.body, {
        contact: next,
        campaign: campaign?.campaign,
        now,
        timeZone: ctx.org.timezone,
      }).text;
      const method = campaign?.model === 'original' ? campaign.campaign.deliveryMethod : 'standard';
      const price =
        template.channel === 'sms' ? priceSms(ctx.settings, content, method) : { parts: undefined, cost: 0 };
      outgoing.push({ next, to, content, ...price });
    }
  const refused = chargeOrRefuse(
    ctx,
    outgoing.reduce((sum, m) => sum + m.cost, 0),
  );
  if (refused) return refused;

  const inserted: Contact[] = [];
  let written = 0;
  for (const plan of planned.values()) {
    if (++written % RECORDS_PER_STEP === 0) yield;
    const next = plan.next;
    if (plan.tags) {
      const ids = plan.tags.map((tag) => (typeof tag === 'string' ? tag : tagIdNamed(ctx, tag.name)));
      next.tag_ids = withIds(next.tag_ids, ids);
    }
    if (!plan.existing) inserted.push(next);
    else if (!sameJson(next, plan.existing)) {
      store.update(next._id, { ...next, updatedAt: stamp });
    }
  }
  yield* store.insertManySteps(inserted, { announce: true });
  for (const message of outgoing) {
    recordMessage(ctx.world, ctx.newId, now, {
      org_id: ctx.org._id,
      channel: template!.channel,
      to: message.to,
      subject: template!.subject,
      content: message.content,
      parts: message.parts,
      cost: message.cost,
      trigger: 'manualBulk',
      campaign_id: send!.campaign_id,
    });
  }
  return ok({ validContacts: body.contacts.length - invalidContacts.length, invalidContacts });
}

// A large upload a slice at a time (100,000 rows held the server 0.7 s), a small one at once.
function uploadInTurn(
  ctx: HandlerContext<Record<string, unknown>, UploadEnvelope>,
  mode: 'create' | 'upsert',
) {
  const steps = upload(ctx, mode);
  return runSteps(ctx, ctx.body.contacts.length, steps);
}

/** `POST /contacts`: new contacts only; existing ones are reported as invalid rows. */
export const createContacts: EndpointHandler<'contacts.create'> = withBodySchema(
  uploadEnvelope(CREATE_CONTACTS_MAX),
  (ctx) => uploadInTurn(ctx, 'create'),
);

/** `PUT /contacts`: creates new contacts and updates existing ones. */
export const upsertContacts: EndpointHandler<'contacts.upsert'> = withBodySchema(
  uploadEnvelope(UPSERT_CONTACTS_MAX),
  (ctx) => uploadInTurn(ctx, 'upsert'),
);
