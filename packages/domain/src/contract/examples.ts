import { CAMPAIGN_DEFAULTS } from '../schemas/campaign.js';

// One campaign of each model, answered alone by `get` and in a list by `list`; the domain's test
// fixtures vary these same records.
/** The contract's example original campaign. */
export const campaignExample = {
  ...CAMPAIGN_DEFAULTS,
  tag_ids: ['tag_vip'],
  nin_tag_ids: ['tag_optout'],
  maxSMSParts: 2,
  defaultSaleValue: 100,
  name: 'Spring',
  _id: 'cmp_1',
  org_id: 'org_a',
  nin_segment_ids: ['seg_blocked'],
};

/** The contract's example V2 campaign. */
export const campaignV2Example = {
  name: 'Offer',
  active: true,
  categories: [],
  opt_out_level: 'campaign',
  channels: {},
  hooks: { hook_ids: [] },
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
  _id: 'cmp_v2',
  org_id: 'org_a',
  targeting: {
    reachability_days: null,
    tag_ids: { $in: ['tag_vip'], $nin: [] },
    segment_ids: { $in: [], $nin: [] },
    events: [],
  },
  financials: { income_per_sale: 120 },
  marketplace: { offer_id: 'off_1', buyer_org_id: 'org_b' },
};

/**
 * A realistic request body and success `data` for each endpoint, by endpoint ID: the OpenAPI
 * document shows them as examples (so Prism's mock, doc renderers and generated clients show real
 * data), and a test checks each against its schema. Recorded from the mock's answers to these
 * requests, against a world with org `org_a`, contacts `27821234567` (Thandi) and `27821234568`,
 * tags `tag_vip` and `tag_new`, and campaigns `cmp_1` and `cmp_v2`.
 */
export const endpointExamples: Readonly<
  Record<string, { readonly body?: unknown; readonly data?: unknown }>
> = {
  'contacts.get': {
    data: {
      tag_ids: ['tag_vip'],
      deduped_campaign_ids: [],
      cell: '27821234567',
      firstname: 'Thandi',
      email: 'thandi@example.com',
      _id: '6b02a1000000000000000001',
      createdAt: '2026-11-22T08:00:00.000Z',
      updatedAt: '2026-11-22T08:00:00.000Z',
    },
  },
  'contacts.search': {
    body: {
      find: { tag_ids: { $in: ['tag_vip'] } },
      projection: { cell: 1 },
      options: { skip: 0, limit: 5 },
    },
    data: {
      parsed_request: {
        find: { tag_ids: { $in: ['tag_vip'] } },
        projection: { _id: 1, cell: 1 },
        options: { skip: 0, limit: 5 },
      },
      contacts: [
        { _id: '6b02a1000000000000000001', cell: '27821234567' },
        { _id: '6b02a1000000000000000002', cell: '27821234568' },
        { _id: '6b02a1000000000000000003', cell: '27820000009' },
      ],
    },
  },
  'contacts.delete': {},
  'contacts.optOut': { body: { campaign_ids: ['cmp_1'] }, data: { matchedCount: 1, modifiedCount: 1 } },
  'contacts.optOutCampaign': { body: { campaign_id: 'cmp_1' }, data: { matchedCount: 1, modifiedCount: 1 } },
  'contacts.addTags': { body: { tag_ids: ['tag_new'] }, data: { matchedCount: 1, modifiedCount: 1 } },
  'contacts.removeTags': { body: { tags: ['VIP'] }, data: { matchedCount: 1, modifiedCount: 1 } },
  'contacts.create': {
    body: { country: 'ZA', contacts: [{ cell: '0835550001', firstname: 'A' }] },
    data: { validContacts: 1, invalidContacts: [] },
  },
  'contacts.upsert': {
    body: { contacts: [{ cell: '27821234567', lastname: 'B' }] },
    data: { validContacts: 1, invalidContacts: [] },
  },
  'contacts.bulkUpdate': {
    body: {
      find: { tag_ids: { $in: ['tag_vip'] } },
      update: { $addToSet: { tag_ids: { $each: ['tag_new'] } } },
    },
    data: {
      matchedCount: 3,
      modifiedCount: 2,
      parsedRequest: {
        find: { tag_ids: { $in: ['tag_vip'] } },
        update: { $addToSet: { tag_ids: { $each: ['tag_new'] } } },
      },
    },
  },
  'tags.list': { data: [{ tag_id: 'tag_vip', name: 'VIP' }] },
  'tags.get': { data: { tag_id: 'tag_vip', name: 'VIP' } },
  'tags.delete': { data: { tag_id: 'tag_new', name: 'New' } },
  'campaigns.list': { data: [campaignExample] },
  'campaigns.get': { data: campaignExample },
  'campaignsV2.list': { data: [campaignV2Example] },
  'campaignsV2.get': { data: campaignV2Example },
  'send.sms': {
    body: {
      content: 'Hi {{contact.firstname}}',
      cell: '0821234567',
      skipNonContacts: true,
      country: 'ZA',
      deliveryMethod: 'standard',
    },
    data: { customerId: '6b02a1000000000000000006', totalCost: 1 },
  },
  'send.emailBulk': {
    body: { from: 'a@acme.example', template_id: 'tpl_plain', destinations: ['x@example.com'] },
    data: {},
  },
  'sales.create': { body: [{ campaign_id: 'cmp_1', cell: '0821234567', soldAt: '2026-11-20' }] },
  'sales.createByPostback': {},
  'transactions.create': {
    body: [{ resource_id: 'r1', cell: '27831110001', campaign_id: 'cmp_v2' }],
    data: 'Lead(s) submitted',
  },
  'transactions.createByPostback': { data: 'Lead(s) submitted' },
  'transactions.updateStatus': {
    body: { status: 'completed' },
    data: {
      _id: 'tx_6b02a1000000000000000005',
      resource_id: 'r9',
      offer_id: 'off_1',
      campaign_id: 'cmp_v2',
      cell: '27831110009',
      status: 'completed',
      status_reason: 'accepted',
      price: 25,
      buyer_org_id: 'org_b',
      seller_org_id: 'org_a',
      createdAt: '2026-11-22T08:00:00.000Z',
      updatedAt: '2026-11-22T08:00:00.000Z',
    },
  },
  'transactions.search': { body: { status: 'pending' }, data: [] },
  'compliance.checkSend': {
    body: { cells: ['0821234567', 'junk'], country: 'ZA' },
    data: {
      credits_used: 0.28,
      results: [
        { cell: '0821234567', can_send: true },
        { cell: 'junk', can_send: false, reason: 'invalid_cell' },
      ],
    },
  },
};
