import type { Campaign, CampaignV2, Contact, LeadTransaction, Offer, Reply } from '@marketing/domain';
import type { ApiKeySeed, HookSeed, OrgSeed, SaleRecord, TemplateSeed } from './seed-schema.js';

/** An organisation as the mock holds it. */
export type OrgRecord = OrgSeed & { name: string };
/** An API key. */
export type ApiKeyRecord = ApiKeySeed;
/** A tag with its organisation. */
export interface TagRecord {
  tag_id: string;
  org_id: string;
  name: string;
}
/** A segment: a fixed set of cells (MSISDN). */
export interface SegmentRecord {
  _id: string;
  org_id: string;
  name?: string | undefined;
  cells: Set<string>;
}
export type { Campaign, CampaignV2, Contact, LeadTransaction, Offer, Reply };
export type TemplateRecord = TemplateSeed;
export type HookRecord = HookSeed;
export type SaleRecordStored = SaleRecord & { _id: string };

/** A send, with the cell it went to (when it went to one). */
export interface SendRecord {
  _id: string;
  org_id: string;
  campaign_id?: string | undefined;
  cell?: string | undefined;
  trigger: 'recurringSend' | 'hook' | 'manualBulk' | 'manualSingle' | 'manualCampaign' | 'welcome' | 'test';
  channel: 'sms' | 'email';
  to_start_at: string;
  marketplace?: { offer_id: string; buyer_org_id: string } | undefined;
  variables?: Record<string, string> | undefined;
}

/** A click on a send's tracking link. */
export interface ClickRecord {
  _id: string;
  send_id: string;
  createdAt: string;
}

/** A message the mock "sent". */
export interface OutboxMessage {
  _id: string;
  org_id: string;
  channel: 'sms' | 'email';
  /** A cell (SMS) or an email address. */
  to: string;
  from?: string | undefined;
  subject?: string | undefined;
  content: string;
  parts?: number | undefined;
  cost: number;
  trigger: SendRecord['trigger'];
  send_id: string;
  campaign_id?: string | undefined;
  /** `sent`, or `scheduled` for a future `to_start_at`. */
  status: 'sent' | 'scheduled';
  scheduled_for?: string | undefined;
  createdAt: string;
}

/** One attempt of one webhook delivery. */
export interface WebhookDelivery {
  /** Shared by every attempt of one delivery; also the `service-idemptotency-key` header. */
  delivery_id: string;
  hook_id: string;
  org_id: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | undefined;
  attempt: number;
  outcome:
    | 'delivered'
    | 'http_error'
    | 'timeout'
    | 'connection_error'
    | 'skipped_insufficient_balance'
    | 'render_error';
  status?: number | undefined;
  error?: string | undefined;
  /**
   * When the attempt was sent, on the mock's clock (ISO); a retry sent late (the server was
   * stopped when it fell due) keeps the time it fell due.
   */
  at: string;
}
