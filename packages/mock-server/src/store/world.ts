import {
  type Campaign,
  type CampaignV2,
  type Contact,
  calendarDay,
  type LeadTransaction,
  type Offer,
  type Reply,
  saleDuplicateKey,
  toMsisdn,
} from '@marketing/domain';
import { checkContactSeed, IdPool, toStoredContact } from './contact-seed.js';
import { ContactStore } from './contact-store.js';
import type {
  ApiKeyRecord,
  ClickRecord,
  HookRecord,
  OrgRecord,
  OutboxMessage,
  SaleRecordStored,
  SegmentRecord,
  SendRecord,
  TagRecord,
  TemplateRecord,
  WebhookDelivery,
} from './records.js';
import {
  CAMPAIGN_DEFAULTS,
  type ParsedSeedDocument,
  type SeedDocument,
  SeedDocumentSchema,
  type StateDocument,
} from './seed-schema.js';

/** A seed document the mock cannot apply; `issues` say what and where. */
export class SeedError extends Error {
  override name = 'SeedError' as const;
  readonly issues: { path: string; message: string }[];
  constructor(issues: { path: string; message: string }[]) {
    super(
      `Invalid seed document: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`,
    );
    this.issues = issues;
  }
}

/** The IDs of the records a seed created, by collection. */
export type SeedResult = Record<keyof ParsedSeedDocument, string[]>;

type Ids = { next(prefix?: string): string };

/** Everything the mock holds. One instance per mock; nothing is global. */
export class World {
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
  sends = new Map<string, SendRecord>();
  clicks = new Map<string, ClickRecord>();
  sales: SaleRecordStored[] = [];
  saleKeys = new Set<string>();
  transactions = new Map<string, LeadTransaction>();
  transactionByResource = new Map<string, string>();
  /** Per offer: completed leads in all, spend, and completed leads by calendar day (seller's zone). */
  offerUsageCounters = new Map<
    string,
    { completedTotal: number; spent: number; byDay: Map<string, number> }
  >();
  /** The latest transaction time for each offer and cell, for the duplicate window. */
  latestLead = new Map<string, string>();
  replies: Reply[] = [];
  outbox: OutboxMessage[] = [];
  webhookDeliveries: WebhookDelivery[] = [];

  /** The contacts of an organisation (an empty store for one with none yet). */
  contactsOf(orgId: string): ContactStore {
    let store = this.contacts.get(orgId);
    if (!store) {
      store = new ContactStore();
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

  /** Records a transaction and its indexes. */
  addTransaction(transaction: LeadTransaction): void {
    this.transactions.set(transaction._id, transaction);
    this.transactionByResource.set(`${transaction.buyer_org_id}|${transaction.resource_id}`, transaction._id);
    const key = `${transaction.offer_id}|${transaction.cell}`;
    const latest = this.latestLead.get(key);
    if (latest === undefined || transaction.createdAt > latest)
      this.latestLead.set(key, transaction.createdAt);
    if (transaction.status === 'completed') this.#countCompleted(transaction);
  }

  /** Replaces a stored transaction with its new state. */
  replaceTransaction(next: LeadTransaction): void {
    const previous = this.transactions.get(next._id);
    this.transactions.set(next._id, next);
    if (next.status === 'completed' && previous?.status !== 'completed') this.#countCompleted(next);
  }

  /** The earlier transactions the duplicate rule needs: the latest one of this offer and cell. */
  priorLeads(offerId: string, cell: string): { cell: string; offer_id: string; createdAt: string }[] {
    const createdAt = this.latestLead.get(`${offerId}|${cell}`);
    return createdAt === undefined ? [] : [{ cell, offer_id: offerId, createdAt }];
  }

  /** An offer's cap usage now, from counters kept as transactions complete. */
  usageOf(offerId: string, now: Date, timeZone: string | undefined) {
    const counters = this.offerUsageCounters.get(offerId);
    return {
      completedTotal: counters?.completedTotal ?? 0,
      completedToday: counters?.byDay.get(calendarDay(now, timeZone)) ?? 0,
      spent: counters?.spent ?? 0,
    };
  }

  #countCompleted(transaction: LeadTransaction): void {
    const counters = this.offerUsageCounters.get(transaction.offer_id) ?? {
      completedTotal: 0,
      spent: 0,
      byDay: new Map(),
    };
    const seller = this.orgs.get(transaction.seller_org_id);
    const day = calendarDay(new Date(transaction.updatedAt), seller?.timezone);
    counters.completedTotal += 1;
    counters.spent += transaction.price;
    counters.byDay.set(day, (counters.byDay.get(day) ?? 0) + 1);
    this.offerUsageCounters.set(transaction.offer_id, counters);
  }

  /**
   * Validates and applies a seed document: every record must name an organisation that exists
   * (in the world or the document) and IDs must be new. Nothing is applied when anything is wrong.
   */
  seed(input: SeedDocument, ids: Ids, now: Date, options: { trusted?: boolean } = {}): SeedResult {
    const parsed = SeedDocumentSchema.safeParse(input);
    if (!parsed.success) {
      throw new SeedError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    }
    const doc = parsed.data;
    const stamp = now.toISOString();
    const plan = this.#check(doc, stamp, options.trusted === true);
    const result = Object.fromEntries(Object.keys(doc).map((k) => [k, [] as string[]])) as SeedResult;

    for (const org of doc.orgs) {
      this.orgs.set(org._id, { ...org, name: org.name ?? org._id });
      result.orgs.push(org._id);
    }
    for (const key of doc.api_keys) {
      this.keys.set(key.key, key);
      result.api_keys.push(key.key);
    }
    for (const tag of doc.tags) {
      this.tags.set(tag.tag_id, { tag_id: tag.tag_id, org_id: tag.org_id, name: tag.name ?? tag.tag_id });
      result.tags.push(tag.tag_id);
    }
    for (const [i, segment] of doc.segments.entries()) {
      this.segments.set(segment._id, {
        _id: segment._id,
        org_id: segment.org_id,
        name: segment.name,
        cells: new Set(plan.segmentCells[i]),
      });
      result.segments.push(segment._id);
    }
    for (const campaign of doc.campaigns) {
      this.campaigns.set(campaign._id, { ...CAMPAIGN_DEFAULTS, name: campaign._id, ...campaign } as Campaign);
      result.campaigns.push(campaign._id);
    }
    for (const campaign of doc.campaigns_v2) {
      const targeting = campaign.targeting ?? {};
      this.campaignsV2.set(campaign._id, {
        name: campaign._id,
        active: true,
        categories: [],
        opt_out_level: 'campaign',
        channels: {},
        hooks: { hook_ids: [] },
        createdAt: stamp,
        updatedAt: stamp,
        ...campaign,
        targeting: {
          reachability_days: targeting.reachability_days ?? null,
          tag_ids: targeting.tag_ids ?? { $in: [], $nin: [] },
          segment_ids: targeting.segment_ids ?? { $in: [], $nin: [] },
          events: targeting.events ?? [],
        },
      } as CampaignV2);
      result.campaigns_v2.push(campaign._id);
    }
    for (const template of doc.templates) {
      this.templates.set(template._id, template);
      result.templates.push(template._id);
    }
    for (const hook of doc.hooks) {
      this.hooks.set(hook._id, hook);
      result.hooks.push(hook._id);
    }
    for (const offer of doc.offers) {
      this.offers.set(offer._id, offer);
      result.offers.push(offer._id);
    }
    for (const [orgId, contacts] of plan.contactsByOrg) {
      for (const contact of contacts) {
        contact._id ||= ids.next();
        result.contacts.push(contact._id);
      }
      this.contactsOf(orgId).insertMany(contacts);
    }
    for (const send of doc.sends) {
      const cell = send.cell === undefined ? undefined : (toMsisdn(send.cell) ?? send.cell);
      this.sends.set(send._id, { ...send, cell, to_start_at: send.to_start_at ?? stamp });
      result.sends.push(send._id);
    }
    for (const click of doc.clicks) {
      this.clicks.set(click._id, { ...click, createdAt: click.createdAt ?? stamp });
      result.clicks.push(click._id);
    }
    for (const sale of doc.sales) {
      const stored = { ...sale, _id: sale._id ?? ids.next() };
      this.sales.push(stored);
      this.saleKeys.add(this.saleKey(stored));
      result.sales.push(stored._id);
    }
    for (const transaction of doc.transactions) {
      this.addTransaction(transaction);
      result.transactions.push(transaction._id);
    }
    this.replies.push(...doc.replies);
    this.outbox.push(...doc.outbox);
    result.outbox.push(...doc.outbox.map((m) => m._id));
    this.webhookDeliveries.push(...doc.webhook_deliveries);
    return result;
  }

  // Checks references and IDs before anything is written, so a bad seed changes nothing.
  // A trusted document (a state file this mock wrote, its hash intact, seeded into an empty
  // world) holds contacts the mock stored: valid MSISDNs, no repeats. Checking them again is most
  // of a large load, so only their shape and references are checked.
  #check(doc: ParsedSeedDocument, stamp: string, trusted: boolean) {
    const issues: { path: string; message: string }[] = [];
    const orgIds = new Set([...this.orgs.keys(), ...doc.orgs.map((o) => o._id)]);
    const needOrg = (path: string, orgId: string) => {
      if (!orgIds.has(orgId)) issues.push({ path, message: `Unknown organisation ${orgId}` });
    };
    const unique = (collection: string, existing: { has(id: string): boolean }, list: string[]) => {
      const seen = new Set<string>();
      list.forEach((id, i) => {
        if (existing.has(id) || seen.has(id))
          issues.push({ path: `${collection}.${i}`, message: `Duplicate id ${id}` });
        seen.add(id);
      });
    };
    unique(
      'orgs',
      this.orgs,
      doc.orgs.map((o) => o._id),
    );
    unique(
      'api_keys',
      this.keys,
      doc.api_keys.map((k) => k.key),
    );
    unique(
      'tags',
      this.tags,
      doc.tags.map((t) => t.tag_id),
    );
    unique(
      'segments',
      this.segments,
      doc.segments.map((s) => s._id),
    );
    const campaignIds = { has: (id: string) => this.campaigns.has(id) || this.campaignsV2.has(id) };
    unique('campaigns', campaignIds, [
      ...doc.campaigns.map((c) => c._id),
      ...doc.campaigns_v2.map((c) => c._id),
    ]);
    unique(
      'templates',
      this.templates,
      doc.templates.map((t) => t._id),
    );
    unique(
      'hooks',
      this.hooks,
      doc.hooks.map((h) => h._id),
    );
    unique(
      'offers',
      this.offers,
      doc.offers.map((o) => o._id),
    );
    unique(
      'sends',
      this.sends,
      doc.sends.map((s) => s._id),
    );
    unique(
      'clicks',
      this.clicks,
      doc.clicks.map((c) => c._id),
    );
    unique(
      'transactions',
      this.transactions,
      doc.transactions.map((t) => t._id),
    );
    for (const [name, list] of Object.entries({
      api_keys: doc.api_keys,
      tags: doc.tags,
      segments: doc.segments,
      campaigns: doc.campaigns,
      campaigns_v2: doc.campaigns_v2,
      templates: doc.templates,
      hooks: doc.hooks,
      sends: doc.sends,
      sales: doc.sales,
    })) {
      (list as { org_id: string }[]).forEach((r, i) => {
        needOrg(`${name}.${i}.org_id`, r.org_id);
      });
    }
    doc.outbox.forEach((m, i) => {
      needOrg(`outbox.${i}.org_id`, m.org_id);
    });
    doc.webhook_deliveries.forEach((d, i) => {
      needOrg(`webhook_deliveries.${i}.org_id`, d.org_id);
    });
    doc.offers.forEach((o, i) => {
      needOrg(`offers.${i}.seller_org_id`, o.seller_org_id);
      needOrg(`offers.${i}.buyer_org_id`, o.buyer_org_id);
    });
    const segmentCells = doc.segments.map((s, i) =>
      s.cells.map((cell, j) => {
        const msisdn = toMsisdn(cell);
        if (!msisdn) issues.push({ path: `segments.${i}.cells.${j}`, message: 'Invalid cell number' });
        return msisdn ?? cell;
      }),
    );
    const cellsByOrg = new Map<string, Set<string>>();
    const contactIds = new Set<string>();
    const contactsByOrg = new Map<string, Contact[]>();
    const ids = new IdPool();
    doc.contacts.forEach((raw, i) => {
      const checked = checkContactSeed(raw, ids);
      if (!checked.ok) {
        for (const issue of checked.issues)
          issues.push({ path: ['contacts', i, ...issue.path].join('.'), message: issue.message });
        return;
      }
      const { orgId: org_id, country, fields } = checked;
      needOrg(`contacts.${i}.org_id`, org_id);
      const msisdn = trusted ? checked.cell : toMsisdn(checked.cell, country);
      if (!msisdn) {
        issues.push({ path: `contacts.${i}.cell`, message: 'Invalid cell number' });
        return;
      }
      if (!trusted) {
        let cells = cellsByOrg.get(org_id);
        if (!cells) {
          cells = new Set<string>();
          cellsByOrg.set(org_id, cells);
        }
        const seenBefore = cells.size;
        if (cells.add(msisdn).size === seenBefore || this.contacts.get(org_id)?.hasCell(msisdn)) {
          issues.push({ path: `contacts.${i}.cell`, message: `Duplicate contact ${msisdn} in ${org_id}` });
        }
        const id = fields._id as string | undefined;
        if (id !== undefined) {
          if (contactIds.has(id) || this.contacts.get(org_id)?.get(id)) {
            issues.push({ path: `contacts.${i}._id`, message: `Duplicate id ${id}` });
          }
          contactIds.add(id);
        }
      }
      const contact = toStoredContact(fields, msisdn, stamp);
      const list = contactsByOrg.get(org_id);
      if (list) list.push(contact);
      else contactsByOrg.set(org_id, [contact]);
    });
    if (issues.length > 0) throw new SeedError(issues.slice(0, 50));
    return { segmentCells, contactsByOrg };
  }

  /** The whole state as a seed document: seeding it into an empty mock gives the same state. */
  state(): StateDocument {
    return {
      orgs: [...this.orgs.values()].map((o) => ({ ...o })),
      api_keys: [...this.keys.values()].map((k) => ({ ...k })),
      tags: [...this.tags.values()].map((t) => ({ ...t })),
      segments: [...this.segments.values()].map((s) => ({ ...s, cells: [...s.cells] })),
      campaigns: [...this.campaigns.values()].map((c) => structuredClone(c)),
      campaigns_v2: [...this.campaignsV2.values()].map((c) => structuredClone(c)),
      templates: [...this.templates.values()].map((t) => ({ ...t })),
      hooks: [...this.hooks.values()].map((h) => ({ ...h })),
      offers: [...this.offers.values()].map((o) => structuredClone(o)),
      contacts: [...this.contacts.entries()].flatMap(([org_id, store]) =>
        [...store.all()].map((c) => ({ org_id, ...structuredClone(c) })),
      ),
      sends: [...this.sends.values()].map((s) => ({ ...s })),
      clicks: [...this.clicks.values()].map((c) => ({ ...c })),
      sales: this.sales.map((s) => ({ ...s })),
      transactions: [...this.transactions.values()].map((t) => ({ ...t })),
      replies: this.replies.map((r) => ({ ...r })),
      outbox: this.outbox.map((m) => ({ ...m })),
      webhook_deliveries: this.webhookDeliveries.map((d) => structuredClone(d)),
    } as StateDocument;
  }
}
