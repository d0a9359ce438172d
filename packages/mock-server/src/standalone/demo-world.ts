/**
 * The standalone server's demo world, as a seed document for your own mocks and tests.
 *
 * @packageDocumentation
 */
import type { SeedDocument } from '../index.js';

/** The demo world's API keys, printed when the server starts. */
export const DEMO_KEYS = {
  sellerAdmin: 'demo_seller_admin',
  sellerSupplier: 'demo_seller_supplier',
  buyerAdmin: 'demo_buyer_admin',
} as const;

const firstNames = [
  'Thandi',
  'Sipho',
  'Lerato',
  'Ayanda',
  'Pieter',
  'Naledi',
  'Johan',
  'Zanele',
  'Kagiso',
  'Anna',
];
const lastNames = ['Nkosi', 'Dlamini', 'Mokoena', 'van Wyk', 'Botha', 'Ndlovu', 'Shikongo', 'Naidoo'];

/**
 * A world to play in: a seller and a buyer organisation, admin and supplier keys, tags, campaigns
 * of both models, a marketplace offer, templates, reply hooks and 300 contacts.
 */
export function demoWorld(webhookUrl = 'http://127.0.0.1:9999/webhook'): SeedDocument {
  const contacts = Array.from({ length: 300 }, (_, i) => {
    const tags = ['tag_all'];
    if (i % 3 === 0) tags.push('tag_vip');
    if (i % 10 === 0) tags.push('tag_supplier_optout');
    return {
      org_id: 'org_seller',
      cell: `2782${String(1000000 + i).padStart(7, '0')}`,
      firstname: firstNames[i % firstNames.length]!,
      lastname: lastNames[i % lastNames.length]!,
      email: `contact${i}@example.com`,
      tag_ids: tags,
      ...(i % 25 === 0 ? { global_opt_out: true } : {}),
    };
  });
  return {
    orgs: [
      {
        _id: 'org_seller',
        name: 'Seller Co',
        credits: 10_000,
        custom_fields: [{ id: 'c1', name: 'Policy number', type: 'string' }],
      },
      { _id: 'org_buyer', name: 'Buyer Co', credits: 5_000 },
    ],
    api_keys: [
      { key: DEMO_KEYS.sellerAdmin, org_id: 'org_seller', permissions: ['*'] },
      {
        key: DEMO_KEYS.sellerSupplier,
        org_id: 'org_seller',
        permissions: [
          'contact.read.pii',
          'contact.update.deduped_campaign_ids',
          'contact.update.tag_ids',
          'compliance:send.create',
        ],
        resources: { tag_ids: ['tag_all', 'tag_supplier_optout'], campaign_ids: ['cmp_spring'] },
      },
      { key: DEMO_KEYS.buyerAdmin, org_id: 'org_buyer', permissions: ['*'] },
    ],
    tags: [
      { tag_id: 'tag_all', org_id: 'org_seller', name: 'All' },
      { tag_id: 'tag_vip', org_id: 'org_seller', name: 'VIP' },
      { tag_id: 'tag_supplier_optout', org_id: 'org_seller', name: 'Supplier opt-out' },
    ],
    campaigns: [
      {
        _id: 'cmp_spring',
        org_id: 'org_seller',
        name: 'Spring sale',
        tag_ids: ['tag_all'],
        nin_tag_ids: ['tag_supplier_optout'],
        optOutLevel: 'campaign',
        defaultSaleValue: 150,
        maxSMSParts: 2,
        hook_ids: ['hook_thanks', 'hook_webhook'],
      },
    ],
    campaigns_v2: [
      {
        _id: 'cmp_offer',
        org_id: 'org_seller',
        name: 'Insurance leads',
        targeting: {
          tag_ids: {
            $in: ['tag_vip', 'tag_all'],
            $nin: ['tag_supplier_optout'],
            weights: { tag_vip: 3, tag_all: 1 },
          },
        },
        channels: { sms: { template_ids: ['tpl_offer'], max_parts: 2, delivery_method: 'standard' } },
        financials: { income_per_sale: 200 },
        marketplace: { offer_id: 'off_insurance', buyer_org_id: 'org_buyer' },
      },
    ],
    templates: [
      {
        _id: 'tpl_offer',
        org_id: 'org_seller',
        channel: 'sms',
        body: 'Hi {{contact.firstname?there}}, want a quote? Reply YES',
      },
      {
        _id: 'tpl_news',
        org_id: 'org_seller',
        channel: 'email',
        subject: 'News',
        body: 'Hello {{contact.firstname?there}}',
      },
    ],
    hooks: [
      {
        _id: 'hook_thanks',
        org_id: 'org_seller',
        type: 'sms',
        content: 'Thanks {{contact.firstname?}}!',
        send_to_replying_contact: true,
      },
      {
        _id: 'hook_webhook',
        org_id: 'org_seller',
        type: 'webhook',
        url: webhookUrl,
        method: 'POST',
        body: '{"cell":"{{contact.cell}}","message":"{{reply.Message}}","kind":"{{reply.kind}}"}',
        headers: '{}',
      },
    ],
    offers: [
      {
        _id: 'off_insurance',
        seller_org_id: 'org_seller',
        buyer_org_id: 'org_buyer',
        campaign_id: 'cmp_offer',
        price: 25,
        default_status: 'completed',
        caps: { daily: 50, budget: 2500 },
      },
    ],
    contacts,
    sends: [{ _id: 'snd_demo', org_id: 'org_seller', campaign_id: 'cmp_spring', cell: '27821000000' }],
  };
}
