import type { Campaign, Contact } from '@marketing/domain';
import { type ControlledClock, createClock } from '../core/clock.js';
import type { MockRuntime } from '../core/runtime.js';
import { type ScheduledEventView, Scheduler } from '../core/scheduler.js';
import { awaitingRetry } from '../hooks/deliver-webhook.js';
import { setFor, valueFor } from '../store/campaign-contact-maps.js';
import type { OutboxMessage, WebhookDelivery } from '../store/records.js';
import type { World } from '../store/world.js';
import type { WorldListener } from '../store/world-records.js';
import {
  isRecurringCampaign,
  nextRecurringSendAt,
  RECURRING_SEND,
  recurringSendEvent,
} from './recurring-sends.js';
import { scheduledSendEvent } from './scheduled-email.js';
import { WebhookRetries } from './webhook-retries.js';
import { isWelcomeCampaign, welcomeDueAt, welcomeEvent } from './welcome-sends.js';

// The most scheduled events one clock move runs (a daily send of one campaign for 55 years).
// Advancing 60,000 days over a daily campaign ran the server out of memory, every other request
// waiting; past this the move stops at the next event's time and says so (400).
const EVENTS_PER_MOVE = 20_000;

/**
 * What the service does by itself as time passes, on the mock's clock: scheduled bulk emails,
 * welcome sends, daily recurring sends and webhook retries, in one time-ordered queue. Moving the
 * clock forward runs every event on the way, each at its own time; real time passing runs them
 * before the mock answers anything ({@link ServiceSchedule.catchUp}), and webhook retries without
 * waiting for a request. Rate-limit windows and lead daily caps need no events: they are computed
 * from the clock, so they roll over with it.
 */
export class ServiceSchedule implements WorldListener {
  readonly #queue = new Scheduler();
  readonly #runtime: () => MockRuntime;
  readonly #clock: ControlledClock;
  // Scheduled messages by send, so that a bulk send to many addresses is one event.
  #pendingSends = new Map<string, OutboxMessage[]>();
  // Welcome campaigns by organisation; campaigns come only from seeds, so it is rebuilt with them.
  #welcomes: Map<string, Campaign[]> | undefined;
  readonly #retries: WebhookRetries;
  readonly #idle: () => boolean;
  #world: World | undefined;

  /**
   * `idle`: whether what fell due may run now (not while work in slices, a clock move or a
   * reset, runs it in its own order).
   */
  constructor(runtime: () => MockRuntime, clock: ControlledClock, idle: () => boolean = () => true) {
    this.#runtime = runtime;
    this.#clock = clock;
    this.#idle = idle;
    this.#retries = new WebhookRetries(() => this.#runtime().settings, {
      add: (event) => this.#queue.add(event),
      catchUp: () => {
        if (this.#idle()) this.catchUp();
      },
    });
    clock.onMove((target, stepTo) => this.#queue.runDueSteps(target, stepTo, EVENTS_PER_MOVE));
    // Set back, a daily campaign's next send is its next window after the new time: planned from
    // the old time it waited days (a clock set back a week then advanced 7 days sent once, not 7
    // times). What already ran stays done; scheduled emails and welcomes keep their own times.
    clock.onMoveBack(() => {
      this.#queue.removeWhere((event) => event.view.kind === RECURRING_SEND);
      this.#planEveryCampaign(this.#runtime().world);
    });
  }

  /**
   * Stops for good, for a mock no longer used (a deleted world, a server stopping): webhook
   * attempts still out end at once, written as failed connections (a state file saved next keeps
   * their deliveries waiting for a retry), then every event is dropped and the world let go.
   */
  async stop(): Promise<void> {
    await this.#retries.stop();
    this.#queue.clear();
    this.#retries.clear();
    if (this.#world) this.#world.listener = undefined;
    this.#world = undefined;
  }

  /** Runs every event due by now (real time may have passed since the last look). O(1) when none is. */
  catchUp(): void {
    const next = this.#queue.nextAt();
    if (next !== undefined && next <= this.#clock.nowMs()) this.#queue.runDue(this.#clock.nowMs());
  }

  /**
   * Waits until no webhook attempt is still out (a clock move sends the retries that fell due and
   * answers before their receivers do).
   */
  webhooksSettled(): Promise<void> {
    return this.#retries.settled();
  }

  /** The next events, in the order they will run. */
  upcoming(limit = 50): ScheduledEventView[] {
    this.catchUp();
    return this.#queue.upcoming(limit);
  }

  /**
   * Starts over for a world (at start and after a reset): its scheduled messages, the next
   * daily send of each recurring campaign, and welcomes still to come (`contactCreatedAt` of a
   * welcome campaign is when each contact joined it).
   */
  attach(world: World): void {
    this.#queue.clear();
    this.#retries.clear();
    this.#pendingSends = new Map();
    // Attempts still out in the world left behind end there, retrying nothing.
    if (this.#world && this.#world !== world) this.#world.listener = undefined;
    this.#world = world;
    world.listener = this;
    for (const message of world.outbox) if (message.status === 'scheduled') this.messageScheduled(message);
    this.#planEveryCampaign(world);
    const now = this.#clock.nowMs();
    for (const campaign of world.campaigns.values()) {
      if (!isWelcomeCampaign(campaign)) continue;
      for (const [contactId, joined] of Object.entries(campaign.contactCreatedAt)) {
        const due = welcomeDueAt(campaign, typeof joined === 'string' ? Date.parse(joined) : Number.NaN);
        if (due > now) this.#queue.add(welcomeEvent(this.#runtimeAt, campaign._id, contactId, due));
      }
    }
    // Deliveries a state file left waiting for a retry: due when they were, as the other events.
    for (const attempt of awaitingRetry(world.webhookDeliveries, this.#runtime().settings))
      this.#retries.failed(world, attempt, false);
  }

  // The next daily send of every recurring campaign of both models.
  #planEveryCampaign(world: World): void {
    this.campaignsAdded([...world.campaigns.keys(), ...world.campaignsV2.keys()]);
  }

  /** Schedules the daily sends of campaigns a seed added. */
  campaignsAdded(campaignIds: readonly string[]): void {
    this.#welcomes = undefined;
    const runtime = this.#runtime();
    const now = this.#clock.nowMs();
    for (const id of campaignIds) {
      const campaign = runtime.world.campaigns.get(id) ?? runtime.world.campaignsV2.get(id);
      if (!campaign || !isRecurringCampaign(campaign)) continue;
      const at = nextRecurringSendAt(runtime, campaign, now);
      this.#queue.add(recurringSendEvent(this.#runtimeAt, id, at, (event) => this.#queue.add(event)));
    }
  }

  /** @inheritdoc */
  messageScheduled(message: OutboxMessage): void {
    const pending = this.#pendingSends.get(message.send_id);
    if (pending) {
      pending.push(message);
      return;
    }
    const messages = [message];
    this.#pendingSends.set(message.send_id, messages);
    const at = Date.parse(message.scheduled_for!);
    const event = scheduledSendEvent(message.send_id, at, messages);
    this.#queue.add({
      ...event,
      run: (now) => {
        this.#pendingSends.delete(message.send_id);
        event.run(now);
      },
    });
  }

  /** @inheritdoc */
  webhookAttempt<T>(send: (stop: AbortSignal) => Promise<T>): Promise<T> {
    return this.#retries.attempt(send);
  }

  /** @inheritdoc */
  webhookAttemptFailed(attempt: WebhookDelivery): void {
    if (this.#world) this.#retries.failed(this.#world, attempt);
  }

  /** @inheritdoc */
  tagsGained(orgId: string, contact: Contact, tagIds: string[]): void {
    const campaigns = this.#welcomesOf(orgId);
    if (campaigns.length === 0) return;
    const joined = Date.parse(contact.updatedAt);
    for (const campaign of campaigns) {
      if (!campaign.tag_ids.some((tag) => tagIds.includes(tag))) continue;
      // Welcomed once: a contact that joined before (and left, and came back) is not welcomed again.
      if (valueFor(campaign, 'contactCreatedAt', contact._id) !== undefined) continue;
      setFor(campaign, 'contactCreatedAt', contact._id, contact.updatedAt);
      const due = welcomeDueAt(campaign, joined);
      this.#queue.add(welcomeEvent(this.#runtimeAt, campaign._id, contact._id, due));
    }
  }

  #welcomesOf(orgId: string): Campaign[] {
    if (!this.#welcomes) {
      this.#welcomes = new Map();
      for (const campaign of this.#runtime().world.campaigns.values()) {
        if (!isWelcomeCampaign(campaign)) continue;
        const list = this.#welcomes.get(campaign.org_id);
        if (list) list.push(campaign);
        else this.#welcomes.set(campaign.org_id, [campaign]);
      }
    }
    return this.#welcomes.get(orgId) ?? [];
  }

  // An event runs with a clock that reads its own time, however late real time finds it.
  readonly #runtimeAt = (at: Date): MockRuntime => ({ ...this.#runtime(), clock: createClock(at) });
}
