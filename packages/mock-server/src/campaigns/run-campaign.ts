import {
  type Campaign,
  type CampaignV2,
  type Contact,
  inSendWindow,
  renderTemplate,
  targetContact,
  targetingOf,
  weightedDrawSteps,
} from '@marketing/domain';
import { charge } from '../core/billing.js';
import { ControlError } from '../core/control-error.js';
import { asDeliveryMethod, priceSms, recordMessage } from '../core/messaging.js';
import type { MockRuntime } from '../core/runtime.js';
import { runToEnd, type Steps } from '../core/slices.js';
import { noteSent } from '../store/campaign-activity.js';
import type { SendRecord } from '../store/records.js';

/** Options of a campaign run. */
export interface RunCampaignOptions {
  /** Send to at most this many contacts. @default every targeted contact */
  limit?: number | undefined;
  /** The seed of the weighted draw of V2 campaigns with `weights`. @default 1 */
  seed?: number | undefined;
}

/** The outcome of a campaign run. */
export interface RunCampaignResult {
  campaign_id: string;
  /** Set when nothing was sent because it is outside the campaign's send window. */
  skipped?: 'outside_send_window';
  sends: { send_id: string; cell: string }[];
  /** Targeted contacts that could not be paid for. */
  unpaid: number;
}

/** A campaign of either model. */
type AnyCampaign = Campaign | CampaignV2;

/**
 * Runs one send of a campaign over its targeting: included and excluded tags and segments,
 * reachability, event filters and opt-outs, inside its send window, drawing by weights when a V2
 * campaign has them. The message is the V2 campaign's first SMS template, or the original
 * campaign's welcome content, or the campaign's name.
 */
export function runCampaign(
  runtime: MockRuntime,
  campaignId: string,
  options: RunCampaignOptions = {},
): RunCampaignResult {
  return runToEnd(runCampaignSteps(runtime, campaignId, options));
}

/** {@link runCampaign} as steps, to run a slice at a time (a run to 800,000 contacts takes seconds). */
export function runCampaignSteps(
  runtime: MockRuntime,
  campaignId: string,
  options: RunCampaignOptions = {},
): Steps<RunCampaignResult> {
  const campaign = runtime.world.campaigns.get(campaignId) ?? runtime.world.campaignsV2.get(campaignId);
  if (!campaign) throw new ControlError(404, 'Campaign not found');
  return sendCampaignSteps(runtime, campaign, { ...options, trigger: 'manualCampaign' });
}

// Contacts looked at a step, and sends made a step. A slice of work ends at the first step that
// ends past its time, so a step must stay short even when V8 is marking a large heap: a send
// allocates, and each allocation may run one of V8's marking steps (16-57 ms each were seen with
// a gigabyte of sends), so 250 sends a step held a health probe 100-200 ms in a 120-day clock
// move; 16 a step cost nothing measurable (a yield is a few tens of nanoseconds).
const CONTACTS_PER_STEP = 256;
const SENDS_PER_STEP = 16;

/**
 * One send of a campaign to its targeting, as {@link runCampaign} and the scheduler's daily
 * recurring sends make it, with the trigger the outbox shows: as steps, a few thousand contacts
 * a step.
 */
export function* sendCampaignSteps(
  runtime: MockRuntime,
  campaign: AnyCampaign,
  options: RunCampaignOptions & { trigger: 'manualCampaign' | 'recurringSend' },
): Steps<RunCampaignResult> {
  const { world, clock } = runtime;
  const org = world.orgs.get(campaign.org_id)!;
  const targeting = targetingOf(campaign);
  const now = clock.now();
  const result: RunCampaignResult = { campaign_id: campaign._id, sends: [], unpaid: 0 };
  if (!inSendWindow(now, targeting.window, org.timezone))
    return { ...result, skipped: 'outside_send_window' };

  const store = world.contactsOf(campaign.org_id);
  const candidates: Iterable<Contact> =
    targeting.includeTags.length > 0 ? store.withAnyTag(targeting.includeTags) : store.all();
  let chosen: Contact[];
  if (!targeting.weights) {
    // The first `limit` targeted contacts: a run of 10 in a world of 800,000 looked at all of
    // them first (1.3 s).
    chosen = [];
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    let seen = 0;
    for (const contact of candidates) {
      if (chosen.length >= limit) break;
      if (isTargeted(runtime, campaign, contact, now)) chosen.push(contact);
      if (++seen % CONTACTS_PER_STEP === 0) yield;
    }
  } else {
    const eligible: Contact[] = [];
    let seen = 0;
    for (const contact of candidates) {
      if (isTargeted(runtime, campaign, contact, now)) eligible.push(contact);
      if (++seen % CONTACTS_PER_STEP === 0) yield;
    }
    yield;
    const limit = Math.min(options.limit ?? eligible.length, eligible.length);
    const eligibleById = new Map<string, Contact>();
    for (const contact of eligible) {
      eligibleById.set(contact._id, contact);
      if (eligibleById.size % CONTACTS_PER_STEP === 0) yield;
    }
    const pools: Record<string, string[]> = {};
    for (const tag of targeting.includeTags) {
      const pool: string[] = [];
      pools[tag] = pool;
      for (const contact of store.withTag(tag)) {
        if (eligibleById.has(contact._id)) pool.push(contact._id);
        if (++seen % CONTACTS_PER_STEP === 0) yield;
      }
    }
    const draw = yield* weightedDrawSteps({
      pools,
      weights: targeting.weights,
      total: limit,
      seed: options.seed ?? 1,
    });
    chosen = [];
    for (const pick of draw.picks) {
      chosen.push(eligibleById.get(pick.id)!);
      if (chosen.length % CONTACTS_PER_STEP === 0) yield;
    }
  }

  const templateId = 'targeting' in campaign ? campaign.channels.sms?.template_ids[0] : undefined;
  const text =
    (templateId ? world.templates.get(templateId)?.body : undefined) ??
    ('welcomeConfig' in campaign ? campaign.welcomeConfig?.content : undefined) ??
    '{{campaign.name}}';
  for (const [index, contact] of chosen.entries()) {
    if (index % SENDS_PER_STEP === SENDS_PER_STEP - 1) yield;
    const send = sendToContact(runtime, campaign, contact, { text, trigger: options.trigger });
    if (!send) {
      result.unpaid += 1;
      continue;
    }
    noteSent(campaign, contact._id, now);
    result.sends.push({ send_id: send._id, cell: contact.cell });
  }
  return result;
}

/** Whether a campaign's targeting (without its send window) takes a contact now. */
export function isTargeted(
  runtime: MockRuntime,
  campaign: AnyCampaign,
  contact: Contact,
  now: Date,
): boolean {
  const activity = { segmentIds: runtime.world.segmentsOfCell(campaign.org_id, contact.cell) };
  return targetContact(contact, targetingOf(campaign), { now, activity }).eligible;
}

/**
 * Renders, charges and records one campaign SMS to a contact; `undefined` when the organisation
 * cannot pay (nothing is sent then).
 */
export function sendToContact(
  runtime: MockRuntime,
  campaign: AnyCampaign,
  contact: Contact,
  message: { text: string; trigger: SendRecord['trigger'] },
): SendRecord | undefined {
  const { world } = runtime;
  const now = runtime.clock.now();
  const org = world.orgs.get(campaign.org_id)!;
  const method = asDeliveryMethod(
    'targeting' in campaign ? campaign.channels.sms?.delivery_method : campaign.deliveryMethod,
  );
  const content = renderTemplate(message.text, { contact, campaign, now, timeZone: org.timezone }).text;
  const { parts, cost } = priceSms(runtime.settings, content, method);
  if (!charge({ settings: runtime.settings, org }, cost)) return undefined;
  return recordMessage(world, runtime.newId, now, {
    org_id: org._id,
    channel: 'sms',
    to: contact.cell,
    content,
    parts,
    cost,
    trigger: message.trigger,
    campaign_id: campaign._id,
  });
}
