import {
  type Campaign,
  type CampaignV2,
  type Contact,
  calendarDay,
  type Offer,
  type Reply,
  saleDuplicateKey,
} from '@marketing/domain';
import { ChunkedList } from './chunked-list.js';
import { ContactStore } from './contact-store.js';
import type {
  ApiKeyRecord,
  ClickRecord,
  HookRecord,
  OrgRecord,
  OutboxMessage,
  SaleRecordStored,
  SegmentRecord,
  TagRecord,
  TemplateRecord,
  WebhookDelivery,
} from './records.js';
import { SendStore } from './send-store.js';
import { ShardedMap } from './sharded-map.js';
import { TransactionStore } from './transaction-store.js';

/** Told of writes the mock's scheduler acts on later (it sets itself as the world's listener). */
export interface WorldListener {
  /** A service write gave a contact tags it did not have (`updatedAt` is when). */
  tagsGained(orgId: string, contact: Contact, tagIds: string[]): void;
  /** A message was recorded for a later time (`scheduled_for`). */
  messageScheduled(message: OutboxMessage): void;
  /** A webhook attempt got no answer (a timeout or a failed connection): its retry may be due. */
  webhookAttemptFailed(attempt: WebhookDelivery): void;
  /**
   * Runs a webhook attempt, handing `send` the signal that ends it early (as a failed connection,
   * retried when the mock starts again) when the mock stops, and keeping it until it ends.
   */
  webhookAttempt<T>(send: (stop: AbortSignal) => Promise<T>): Promise<T>;
}

/**
 * The records the mock holds, by collection, with the lookups handlers share. {@link World} adds
 * seeding and saving on top; the collection table and the seed check read these records.
 */
export class WorldRecords {
  orgs = new Map<string, OrgRecord>();
  keys = new Map<string, ApiKeyRecord>();
  tags = new Map<string, TagRecord>();
  segments = new Map<string, SegmentRecord>();
  campaigns = new Map<string, Campaign>();
  campaignsV2 = new Map<string, CampaignV2>();
  templates = new Map<string, TemplateRecord>();
  hooks = new Map<string, HookRecord>();
  offers = new Map<string, Offer>();
  contacts = new Map<string, ContactStore>();
  sends = new SendStore();
  clicks = new ShardedMap<ClickRecord>();
  sales: SaleRecordStored[] = [];
  saleKeys = new Set<string>();
  /** Lead transactions, with the indexes and counters the lead rules read. */
  transactions = new TransactionStore((orgId) => this.orgs.get(orgId)?.timezone);
  replies: Reply[] = [];
  // Millions of messages after a long clock move: an array's growth copied them all at once.
  outbox = new ChunkedList<OutboxMessage>();
  webhookDeliveries: WebhookDelivery[] = [];
  /** The scheduler, told of writes it acts on later; none until one attaches. */
  listener: WorldListener | undefined;

  /** The contacts of an organisation (an empty store for one with none yet). */
  contactsOf(orgId: string): ContactStore {
    let store = this.contacts.get(orgId);
    if (!store) {
      store = new ContactStore((contact, tagIds) => this.listener?.tagsGained(orgId, contact, tagIds));
      this.contacts.set(orgId, store);
    }
    return store;
  }

  /** A campaign of either model in an organisation. */
  campaignOf(
    orgId: string,
    id: string,
  ): { model: 'original'; campaign: Campaign } | { model: 'v2'; campaign: CampaignV2 } | undefined {
    const original = this.campaigns.get(id);
    if (original?.org_id === orgId) return { model: 'original', campaign: original };
    const v2 = this.campaignsV2.get(id);
    if (v2?.org_id === orgId) return { model: 'v2', campaign: v2 };
    return undefined;
  }

  /** Every campaign of an organisation, both models. */
  campaignsOfOrg(orgId: string): (Campaign | CampaignV2)[] {
    return [...this.campaigns.values(), ...this.campaignsV2.values()].filter((c) => c.org_id === orgId);
  }

  /** The tags of an organisation by ID and by name. */
  tagOf(orgId: string, id: string): TagRecord | undefined {
    const tag = this.tags.get(id);
    return tag?.org_id === orgId ? tag : undefined;
  }

  tagByName(orgId: string, name: string): TagRecord | undefined {
    for (const tag of this.tags.values()) if (tag.org_id === orgId && tag.name === name) return tag;
    return undefined;
  }

  /** The segments of an organisation that hold a cell. */
  segmentsOfCell(orgId: string, cell: string): string[] {
    const ids: string[] = [];
    for (const segment of this.segments.values())
      if (segment.org_id === orgId && segment.cells.has(cell)) ids.push(segment._id);
    return ids;
  }

  /** The duplicate key of a stored sale: cell, campaign and calendar day in its org's time zone. */
  saleKey(sale: { org_id: string; cell: string; campaign_id: string; soldAt: string }): string {
    const soldOn = calendarDay(new Date(sale.soldAt), this.orgs.get(sale.org_id)?.timezone);
    return `${sale.org_id}|${saleDuplicateKey({ cell: sale.cell, campaign_id: sale.campaign_id, soldOn })}`;
  }
}
