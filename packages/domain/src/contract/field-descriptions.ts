/**
 * What the service interface says of each field and parameter, by name, once. The OpenAPI
 * document puts these on every parameter and schema property of that name, so doc renderers,
 * Prism and generated clients explain them.
 */
export const fieldDescriptions: Readonly<Record<string, string>> = {
  // Identifiers and path parameters
  _id: 'The record’s unique ID.',
  cell: 'A cell number. Stored and answered as an MSISDN: country code and number, no "+" (27821234567). Where the request allows it, a local number with a `country` is accepted.',
  tag_id: 'The tag’s ID.',
  id: 'The lead transaction’s `_id`.',
  key: 'The API key (the postback routes take it here instead of the `Authorization` header).',
  campaign_id: 'The campaign’s `_id` (either model). Attributes the record to that campaign.',
  send_id: 'The `_id` of a send (an SMS or email the service sent).',
  click_id: 'The `_id` of a click on a send’s tracking link.',
  org_id: 'The organisation that owns the record.',
  offer_id: 'The marketplace offer the lead was matched to.',
  buyer_org_id: 'The marketplace buyer’s organisation.',
  resource_id: 'A buyer-supplied unique ID for the lead, for audit and idempotency.',
  // Contacts
  tag_ids: 'IDs of tags.',
  nin_tag_ids: 'IDs of tags whose contacts are excluded.',
  tags: 'Tag names (IDs are recommended: names can change).',
  deduped_campaign_ids:
    'Campaign IDs the contact is deduped (opted out) against; writable through bulk update.',
  validated: 'When the contact was last validated (`at`) and whether it was reachable (`reachable`).',
  createdAt: 'When the record was created (ISO 8601).',
  updatedAt: 'When the record was last changed (ISO 8601); filterable in contact search.',
  global_opt_out: 'Whether the contact opted out of everything.',
  create_missing_contact: 'Create the contact first when it does not exist.',
  all: 'Apply to all existing and future campaigns.',
  campaign_ids: 'IDs of campaigns.',
  country: 'A country, as an ISO 3166-1 alpha-2 code (`ZA`).',
  contacts: 'Contacts, with the default field names and custom field IDs (`c1` ... `c10`).',
  send: 'Sends a message to each newly uploaded contact: `campaign_id` attributes it, `template.data.template_id` names the template.',
  find: 'Which contacts: a subset of MongoDB query syntax (`cell`, `tag_ids.$in`/`$all`, `updatedAt.$gte`/`$lte`).',
  projection: 'The contact fields to answer, each mapped to 1; only the identifier by default.',
  options: '`skip` and `limit` for paging.',
  update: 'Exactly one operator: `$addToSet` (`tag_ids`, `deduped_campaign_ids`) or `$pull` (`tag_ids`).',
  matchedCount: 'How many contacts matched.',
  modifiedCount: 'How many contacts changed.',
  validContacts: 'How many rows were stored.',
  invalidContacts: 'The rows that were not stored: `row` (0-based index) and the `issue`.',
  parsed_request: 'The search as the service read it, defaults filled in.',
  parsedRequest: 'The update as the service read it, defaults filled in and the fields actually used.',
  // Sends
  content:
    'The message text; may use templates (`{{contact.firstname}}`) when sending to contacts of the caller’s organisation.',
  skipNonContacts: 'Skip cells that are not contacts of the organisation.',
  deliveryMethod:
    'How the SMS is delivered: `standard`, `reverse` or `transactional` (each has its own price per part).',
  sendOptions: 'Send options; `testMode` answers without sending or charging.',
  customerId: 'The unique ID of this send, to query its delivery status.',
  totalCost: 'What the send cost, in credits.',
  from: 'The sender’s email address.',
  template_id: 'The `_id` of the email template.',
  destinations: 'Recipient email addresses.',
  filter_non_contacts: 'Drop addresses that are not contacts; required when the template has custom fields.',
  to_start_at: 'When to send (ISO 8601); now by default.',
  // Sales
  soldAt: 'When the sale happened: an ISO date `YYYY-MM-DD`, time optional; now when blank.',
  saleValue: 'The sale’s value; the campaign’s `defaultSaleValue` when blank.',
  // Lead transactions
  status: 'A lead transaction status: `pending`, `completed` or `rejected`.',
  price: 'What the buyer pays the seller for a completed lead, in credits.',
  // Compliance
  cells: 'The cell numbers to check.',
  can_send: 'Whether the cell may be sent to.',
  reason: 'Why the cell may not be sent to.',
  credits_used: 'What the check cost, in credits (0.14 per cell).',
  results: 'One verdict per cell, in the order given.',
  // Campaigns
  name: 'The display name.',
  description: 'A description.',
  kind: 'The campaign kind: `recurring`, `welcome` or `once-off`.',
  active: 'Whether the campaign is active.',
  categories: 'Category labels.',
  optOutLevel: 'What an opt-out reply opts out of: `campaign`, `tag` or `global`.',
  opt_out_level: 'What an opt-out reply opts out of: `campaign` or `org`.',
  maxSMSParts: 'The most SMS parts a message may have.',
  defaultSaleValue: 'The sale value used when a sale gives none.',
  segment_ids: 'IDs of segments (fixed lists of cells).',
  nin_segment_ids: 'IDs of segments whose contacts are excluded.',
  targeting:
    'Who the campaign sends to: tags and segments in and out (with optional weights), reachability, events.',
  channels: 'The SMS and email channel settings.',
  hooks: 'The reply hooks (`hook_ids`) and the template data they get (`custom_data`).',
  marketplace: 'Present when sourced from a marketplace offer: `offer_id`, `buyer_org_id`.',
};
