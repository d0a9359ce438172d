import { type Campaign, type CampaignV2, type Contact, toMsisdn } from '@marketing/domain';
import { CAMPAIGN_DEFAULTS, type ParsedSeedDocument } from './seed-schema.js';
import type { WorldRecords as World } from './world-records.js';

/** The name of a collection of the seed document (and of the state the mock saves). */
export type CollectionName = keyof ParsedSeedDocument;
type SeedRecord<K extends CollectionName> = ParsedSeedDocument[K][number];

/** What the seed check found that the seed then stores: segment cells as MSISDN, contacts by organisation. */
export interface SeedPlan {
  segmentCells: string[][];
  contactsByOrg: Map<string, Contact[]>;
}

/** What a seed's records are stored with: its time stamp, the ID generator and the checked plan. */
export interface ApplyContext {
  stamp: string;
  ids: { next(prefix?: string): string };
  plan: SeedPlan;
}

/**
 * One collection of the world, as the seed document, the seed check and the saved state see it.
 * The table below is the only place that lists them, so a new collection is added once.
 */
export interface Collection<K extends CollectionName = CollectionName> {
  name: K;
  /** For collections whose records have IDs that must be new: the ID of a seeded record. */
  key?(record: SeedRecord<K>): string;
  /** Whether the world holds this ID already (in this collection or another sharing its IDs). */
  has?(world: World, id: string): boolean;
  /** Collections that share one ID space (both campaign models) name the same group. */
  idGroup?: string;
  /** The fields of a record that name an organisation, which must exist. */
  orgFields: readonly string[];
  /** Stores the seeded records, answering their IDs. */
  apply(world: World, records: SeedRecord<K>[], context: ApplyContext): string[];
  /** The stored records, as a seed document holds them. */
  saved(world: World): unknown[];
}

const collection = <K extends CollectionName>(definition: Collection<K>) => definition;
const copies = <T extends object>(records: Iterable<T>) => [...records].map((record) => ({ ...record }));
const clones = <T>(records: Iterable<T>) => [...records].map((record) => structuredClone(record));
const hasCampaign = (world: World, id: string) => world.campaigns.has(id) || world.campaignsV2.has(id);

/** Every collection, in the order a seed is applied (organisations first) and state is saved. */
export const collections = [
  collection({
    name: 'orgs',
    key: (org) => org._id,
    has: (world, id) => world.orgs.has(id),
    orgFields: [],
    apply: (world, orgs) =>
      orgs.map((org) => {
        world.orgs.set(org._id, { ...org, name: org.name ?? org._id });
        return org._id;
      }),
    saved: (world) => copies(world.orgs.values()),
  }),
  collection({
    name: 'api_keys',
    key: (key) => key.key,
    has: (world, id) => world.keys.has(id),
    orgFields: ['org_id'],
    apply: (world, keys) =>
      keys.map((key) => {
        world.keys.set(key.key, key);
        return key.key;
      }),
    saved: (world) => copies(world.keys.values()),
  }),
  collection({
    name: 'tags',
    key: (tag) => tag.tag_id,
    has: (world, id) => world.tags.has(id),
    orgFields: ['org_id'],
    apply: (world, tags) =>
      tags.map((tag) => {
        world.tags.set(tag.tag_id, { tag_id: tag.tag_id, org_id: tag.org_id, name: tag.name ?? tag.tag_id });
        return tag.tag_id;
      }),
    saved: (world) => copies(world.tags.values()),
  }),
  collection({
    name: 'segments',
    key: (segment) => segment._id,
    has: (world, id) => world.segments.has(id),
    orgFields: ['org_id'],
    apply: (world, segments, { plan }) =>
      segments.map((segment, i) => {
        const { _id, org_id, name } = segment;
        world.segments.set(_id, { _id, org_id, name, cells: new Set(plan.segmentCells[i]) });
        return _id;
      }),
    saved: (world) => [...world.segments.values()].map((s) => ({ ...s, cells: [...s.cells] })),
  }),
  collection({
    name: 'campaigns',
    key: (campaign) => campaign._id,
    has: hasCampaign,
    idGroup: 'campaigns',
    orgFields: ['org_id'],
    apply: (world, campaigns) =>
      campaigns.map((campaign) => {
        world.campaigns.set(campaign._id, {
          ...CAMPAIGN_DEFAULTS,
          name: campaign._id,
          ...campaign,
        } as Campaign);
        return campaign._id;
      }),
    saved: (world) => clones(world.campaigns.values()),
  }),
  collection({
    name: 'campaigns_v2',
    key: (campaign) => campaign._id,
    has: hasCampaign,
    idGroup: 'campaigns',
    orgFields: ['org_id'],
    apply: (world, campaigns, { stamp }) =>
      campaigns.map((campaign) => {
        const targeting = campaign.targeting ?? {};
        world.campaignsV2.set(campaign._id, {
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
        return campaign._id;
      }),
    saved: (world) => clones(world.campaignsV2.values()),
  }),
  collection({
    name: 'templates',
    key: (template) => template._id,
    has: (world, id) => world.templates.has(id),
    orgFields: ['org_id'],
    apply: (world, templates) =>
      templates.map((template) => {
        world.templates.set(template._id, template);
        return template._id;
      }),
    saved: (world) => copies(world.templates.values()),
  }),
  collection({
    name: 'hooks',
    key: (hook) => hook._id,
    has: (world, id) => world.hooks.has(id),
    orgFields: ['org_id'],
    apply: (world, hooks) =>
      hooks.map((hook) => {
        world.hooks.set(hook._id, hook);
        return hook._id;
      }),
    saved: (world) => copies(world.hooks.values()),
  }),
  collection({
    name: 'offers',
    key: (offer) => offer._id,
    has: (world, id) => world.offers.has(id),
    orgFields: ['seller_org_id', 'buyer_org_id'],
    apply: (world, offers) =>
      offers.map((offer) => {
        world.offers.set(offer._id, offer);
        return offer._id;
      }),
    saved: (world) => clones(world.offers.values()),
  }),
  collection({
    name: 'contacts',
    // Checked one by one by the seed check (cells, repeats), which groups them by organisation.
    orgFields: [],
    apply: (world, _raw, { plan, ids }) => {
      const created: string[] = [];
      for (const [orgId, contacts] of plan.contactsByOrg) {
        for (const contact of contacts) {
          contact._id ||= ids.next();
          created.push(contact._id);
        }
        world.contactsOf(orgId).insertMany(contacts);
      }
      return created;
    },
    saved: (world) =>
      [...world.contacts.entries()].flatMap(([org_id, store]) =>
        [...store.all()].map((contact) => ({ org_id, ...structuredClone(contact) })),
      ),
  }),
  collection({
    name: 'sends',
    key: (send) => send._id,
    has: (world, id) => world.sends.has(id),
    orgFields: ['org_id'],
    apply: (world, sends, { stamp }) =>
      sends.map((send) => {
        const cell = send.cell === undefined ? undefined : (toMsisdn(send.cell) ?? send.cell);
        world.sends.set(send._id, { ...send, cell, to_start_at: send.to_start_at ?? stamp });
        return send._id;
      }),
    saved: (world) => copies(world.sends.values()),
  }),
  collection({
    name: 'clicks',
    key: (click) => click._id,
    has: (world, id) => world.clicks.has(id),
    orgFields: [],
    apply: (world, clicks, { stamp }) =>
      clicks.map((click) => {
        world.clicks.set(click._id, { ...click, createdAt: click.createdAt ?? stamp });
        return click._id;
      }),
    saved: (world) => copies(world.clicks.values()),
  }),
  collection({
    name: 'sales',
    orgFields: ['org_id'],
    apply: (world, sales, { ids }) =>
      sales.map((sale) => {
        const stored = { ...sale, _id: sale._id ?? ids.next() };
        world.sales.push(stored);
        world.saleKeys.add(world.saleKey(stored));
        return stored._id;
      }),
    saved: (world) => copies(world.sales),
  }),
  collection({
    name: 'transactions',
    key: (transaction) => transaction._id,
    has: (world, id) => world.transactions.has(id),
    orgFields: [],
    apply: (world, transactions) =>
      transactions.map((transaction) => {
        world.transactions.add(transaction);
        return transaction._id;
      }),
    saved: (world) => copies(world.transactions.values()),
  }),
  collection({
    name: 'replies',
    orgFields: [],
    apply: (world, replies) => {
      world.replies.push(...replies);
      return [];
    },
    saved: (world) => copies(world.replies),
  }),
  collection({
    name: 'outbox',
    orgFields: ['org_id'],
    apply: (world, messages) => {
      world.outbox.push(...messages);
      return messages.map((m) => m._id);
    },
    saved: (world) => copies(world.outbox),
  }),
  collection({
    name: 'webhook_deliveries',
    orgFields: ['org_id'],
    apply: (world, deliveries) => {
      world.webhookDeliveries.push(...deliveries);
      return [];
    },
    saved: (world) => clones(world.webhookDeliveries),
  }),
] as const satisfies readonly Collection<CollectionName>[];
