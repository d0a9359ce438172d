import { type Campaign, type CampaignV2, type Contact, toMsisdn } from '@marketing/domain';
import { RECORDS_AT_ONCE, runToEnd, type Steps } from '../core/slices.js';
import { campaignAsNow, campaignJsonPieces, contactValueCount } from './campaign-contact-maps.js';
import type { CellIndex } from './cell-index.js';
import { RECORDS_PER_STEP } from './seed-parse.js';
import { CAMPAIGN_DEFAULTS, type ParsedSeedDocument } from './seed-schema.js';
import type { WorldRecords as World } from './world-records.js';

/** The name of a collection of the seed document (and of the state the mock saves). */
export type CollectionName = keyof ParsedSeedDocument;
// Contacts may also be columns: a record is a row of a collection's list.
type SeedRecord<K extends CollectionName> = Extract<ParsedSeedDocument[K], readonly unknown[]>[number];

/** What the seed check found that the seed then stores: segment cells as MSISDN, contacts by organisation. */
export interface SeedPlan {
  segmentCells: string[][];
  contactsByOrg: Map<string, Contact[]>;
  /**
   * Each organisation's new contacts by cell, when the check built that index to find repeats (a
   * seed it validated): a store that holds no contacts yet takes it as its own.
   */
  cellsByOrg?: Map<string, CellIndex<Contact>>;
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
  /** `apply` as steps, for a collection that can be large (contacts), to run a slice at a time. */
  applySteps?(world: World, records: SeedRecord<K>[], context: ApplyContext): Steps<string[]>;
  /** The stored records, as a seed document holds them. */
  saved(world: World): unknown[];
  /**
   * The stored records as `saved` gives them but not copied, for a caller that writes them as JSON
   * at once (copying a million contacts was most of the cost); `saved` serves where this is missing.
   */
  written?(world: World): Iterable<unknown>;
  /**
   * The records as they stand now, for a state file written while the mock goes on (see
   * `snapshotOf`): for the collections that reach millions (sends, clicks, the outbox), a view
   * taken without copying each record, which held the server 1.5 s at a million sends. `saved`
   * serves where this is missing.
   */
  asNow?(world: World): Iterable<unknown>;
  /**
   * A record's JSON text in pieces when it is too large to write in one go (a campaign sent to
   * many contacts: 66 MB written at once held the server seconds), an empty piece where other work
   * may run; `undefined` for a record written with the others.
   */
  jsonPieces?(record: unknown): Iterable<string> | undefined;
}

const collection = <K extends CollectionName>(definition: Collection<K>) => definition;
const copies = <T extends object>(records: Iterable<T>) => [...records].map((record) => ({ ...record }));
const clones = <T>(records: Iterable<T>) => [...records].map((record) => structuredClone(record));
const hasCampaign = (world: World, id: string) => world.campaigns.has(id) || world.campaignsV2.has(id);

/**
 * A collection kept in a map by its key: each seeded record is stored as `store` makes it (as it
 * is by default), and saved as a copy (`deep` for records with nested objects).
 */
function keyed<K extends CollectionName, Stored extends object>(
  name: K,
  options: {
    map: (world: World) => Map<string, Stored>;
    key: (record: SeedRecord<K>) => string;
    orgFields: readonly string[];
    /** For collections that share an ID space: the group, and where else its IDs are held. */
    idGroup?: string;
    has?: (world: World, id: string) => boolean;
    store?: (record: SeedRecord<K>, stamp: string) => Stored;
    deep?: boolean;
    asNow?: (world: World) => Iterable<Stored>;
    jsonPieces?: (record: Stored) => Iterable<string> | undefined;
  },
): Collection<K> {
  const { map, key, store = (record) => record as unknown as Stored } = options;
  return {
    name,
    key,
    has: options.has ?? ((world, id) => map(world).has(id)),
    ...(options.idGroup ? { idGroup: options.idGroup } : {}),
    orgFields: options.orgFields,
    apply: (world, records, { stamp }) =>
      records.map((record) => {
        map(world).set(key(record), store(record, stamp));
        return key(record);
      }),
    saved: (world) => (options.deep ? clones(map(world).values()) : copies(map(world).values())),
    written: (world) => map(world).values(),
    ...(options.asNow ? { asNow: options.asNow } : {}),
    ...(options.jsonPieces ? { jsonPieces: options.jsonPieces as Collection<K>['jsonPieces'] } : {}),
  };
}

/** A collection kept as a list the mock appends to (what happened: replies, messages, attempts). */
function appended<K extends CollectionName>(
  name: K,
  options: {
    list: (world: World) => { push(record: SeedRecord<K>): void } & Iterable<SeedRecord<K>>;
    orgFields: readonly string[];
    /** The ID a seed reports for a record, for the lists whose records have one. */
    idOf?: (record: SeedRecord<K>) => string;
    deep?: boolean;
    asNow?: (world: World) => Iterable<SeedRecord<K>>;
  },
): Collection<K> {
  return {
    name,
    orgFields: options.orgFields,
    apply: (world, records) => {
      // One at a time: spread into push, 140,000 sends overflowed the call stack.
      const list = options.list(world);
      for (const record of records) list.push(record);
      return options.idOf ? records.map(options.idOf) : [];
    },
    saved: (world) => (options.deep ? clones(options.list(world)) : copies(options.list(world) as object[])),
    written: (world) => options.list(world),
    // A record appended is never changed (a webhook's next attempt is an entry of its own), so a
    // state file takes the list as it stands: cloning 500,000 attempts held the server 1.7 s.
    asNow: options.asNow ?? ((world) => [...options.list(world)]),
  };
}

/** Every collection, in the order a seed is applied (organisations first) and state is saved. */
export const collections = [
  keyed('orgs', {
    map: (world) => world.orgs,
    key: (org) => org._id,
    orgFields: [],
    store: (org) => ({ ...org, name: org.name ?? org._id }),
  }),
  keyed('api_keys', { map: (world) => world.keys, key: (key) => key.key, orgFields: ['org_id'] }),
  keyed('tags', {
    map: (world) => world.tags,
    key: (tag) => tag.tag_id,
    orgFields: ['org_id'],
    store: (tag) => ({ tag_id: tag.tag_id, org_id: tag.org_id, name: tag.name ?? tag.tag_id }),
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
  keyed('campaigns', {
    map: (world) => world.campaigns,
    key: (campaign) => campaign._id,
    idGroup: 'campaigns',
    has: hasCampaign,
    orgFields: ['org_id'],
    store: (campaign) =>
      ({ ...structuredClone(CAMPAIGN_DEFAULTS), name: campaign._id, ...campaign }) as Campaign,
    deep: true,
    // Shallow copies, their per-contact maps views of the entries as they stand (see
    // campaign-contact-maps.ts); nothing else in a campaign changes once seeded. Cloned deep, ten
    // campaigns of 2,000 contacts each held a save's start 157 ms; spread, a campaign sent to
    // 800,000 contacts made its maps' objects in that one turn.
    asNow: (world) => [...world.campaigns.values()].map(campaignAsNow),
    jsonPieces: (campaign) =>
      contactValueCount(campaign) > RECORDS_AT_ONCE ? campaignJsonPieces(campaign) : undefined,
  }),
  keyed('campaigns_v2', {
    map: (world) => world.campaignsV2,
    key: (campaign) => campaign._id,
    idGroup: 'campaigns',
    has: hasCampaign,
    orgFields: ['org_id'],
    store: (campaign, stamp) => {
      const targeting = campaign.targeting ?? {};
      return {
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
      } as CampaignV2;
    },
    deep: true,
  }),
  keyed('templates', { map: (world) => world.templates, key: (t) => t._id, orgFields: ['org_id'] }),
  keyed('hooks', { map: (world) => world.hooks, key: (hook) => hook._id, orgFields: ['org_id'] }),
  keyed('offers', {
    map: (world) => world.offers,
    key: (offer) => offer._id,
    // The buyer may be an organisation the world does not hold (yet): the offer then matches no
    // lead until it does. The example seed of the mock's own specification names such a buyer.
    orgFields: ['seller_org_id'],
    deep: true,
  }),
  collection({
    name: 'contacts',
    // Checked one by one by the seed check (cells, repeats), which groups them by organisation.
    orgFields: [],
    apply(world, raw, context) {
      return runToEnd(this.applySteps!(world, raw, context));
    },
    *applySteps(world, _raw, { plan, ids }) {
      const created: string[] = [];
      for (const [orgId, contacts] of plan.contactsByOrg) {
        for (let i = 0; i < contacts.length; i++) {
          if (i % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
          const contact = contacts[i]!;
          contact._id ||= ids.next();
          created.push(contact._id);
        }
        const cells = plan.cellsByOrg?.get(orgId);
        yield* world.contactsOf(orgId).insertManySteps(contacts, cells ? { cells } : {});
      }
      return created;
    },
    saved: (world) =>
      [...world.contacts.entries()].flatMap(([org_id, store]) =>
        [...store.all()].map((contact) => ({ org_id, ...structuredClone(contact) })),
      ),
    *written(world) {
      for (const [org_id, store] of world.contacts)
        for (const contact of store.all()) yield { org_id, ...contact };
    },
  }),
  keyed('sends', {
    map: (world) => world.sends,
    asNow: (world) => world.sends.valuesAsNow(),
    key: (send) => send._id,
    orgFields: ['org_id'],
    store: (send, stamp) => ({
      ...send,
      cell: send.cell === undefined ? undefined : (toMsisdn(send.cell) ?? send.cell),
      to_start_at: send.to_start_at ?? stamp,
    }),
  }),
  keyed('clicks', {
    map: (world) => world.clicks,
    asNow: (world) => world.clicks.valuesAsNow(),
    key: (click) => click._id,
    orgFields: [],
    store: (click, stamp) => ({ ...click, createdAt: click.createdAt ?? stamp }),
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
    written: (world) => world.sales,
    asNow: (world) => world.sales.slice(),
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
    written: (world) => world.transactions.values(),
    // An update replaces the stored transaction (see `TransactionStore.replace`).
    asNow: (world) => [...world.transactions.values()],
  }),
  appended('replies', { list: (world) => world.replies, orgFields: [] }),
  appended('outbox', {
    list: (world) => world.outbox,
    orgFields: ['org_id'],
    idOf: (m) => m._id,
    // A message scheduled now and sent before the writer reaches it is written as sent.
    asNow: (world) => world.outbox.prefix(world.outbox.length),
  }),
  appended('webhook_deliveries', {
    list: (world) => world.webhookDeliveries,
    orgFields: ['org_id'],
    deep: true,
  }),
] as const satisfies readonly Collection<CollectionName>[];
