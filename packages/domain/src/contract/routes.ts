import type { Permission } from './permissions.js';

/** The zod-free facts of an endpoint: enough to call it. */
export interface RouteDefinition {
  /** `group.operation`: `contacts.get`. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path with `:name` parameters. */
  readonly path: string;
  readonly permission: Permission;
  /** `bearer`: `Authorization: Bearer <key>`; `query-key`: the `?key=` of postback routes. */
  readonly auth: 'bearer' | 'query-key';
  /** Whether repeating the request after an unknown outcome is safe: it cannot act twice. */
  readonly retrySafe: boolean;
}

/**
 * Every endpoint's method, path, permission, authentication and retry safety, as plain data with
 * no schemas, so that a client can import it without zod. The contract builds on these entries.
 *
 * @example
 * ```ts
 * import { routes } from '@marketing/domain/routes';
 * routes.send.sms.retrySafe; // false: a single SMS send is never repeated blindly
 * ```
 */
export const routes = {
  contacts: {
    get: {
      id: 'contacts.get',
      method: 'GET',
      path: '/contacts/:cell',
      permission: 'contact.read.pii',
      auth: 'bearer',
      retrySafe: true,
    },
    search: {
      id: 'contacts.search',
      method: 'POST',
      path: '/contacts/search',
      permission: 'contact.read.pii',
      auth: 'bearer',
      retrySafe: true,
    },
    delete: {
      id: 'contacts.delete',
      method: 'DELETE',
      path: '/contacts/:cell',
      permission: 'contact.delete',
      auth: 'bearer',
      retrySafe: true,
    },
    optOut: {
      id: 'contacts.optOut',
      method: 'POST',
      path: '/contacts/:cell/optOut',
      permission: 'contact.update.deduped_campaign_ids',
      auth: 'bearer',
      retrySafe: true,
    },
    optOutCampaign: {
      id: 'contacts.optOutCampaign',
      method: 'PUT',
      path: '/contacts/:cell/optOut',
      permission: 'contact.update.deduped_campaign_ids',
      auth: 'bearer',
      retrySafe: true,
    },
    addTags: {
      id: 'contacts.addTags',
      method: 'PUT',
      path: '/contacts/:cell/tag/add',
      permission: 'contact.update.tag_ids',
      auth: 'bearer',
      retrySafe: true,
    },
    removeTags: {
      id: 'contacts.removeTags',
      method: 'PUT',
      path: '/contacts/:cell/tag/remove',
      permission: 'contact.update.tag_ids',
      auth: 'bearer',
      retrySafe: true,
    },
    create: {
      id: 'contacts.create',
      method: 'POST',
      path: '/contacts',
      permission: 'contact.create',
      auth: 'bearer',
      retrySafe: false,
    },
    upsert: {
      id: 'contacts.upsert',
      method: 'PUT',
      path: '/contacts',
      permission: 'contact.update',
      auth: 'bearer',
      retrySafe: true,
    },
    bulkUpdate: {
      id: 'contacts.bulkUpdate',
      method: 'POST',
      path: '/contacts/update',
      permission: 'contact.update',
      auth: 'bearer',
      retrySafe: true,
    },
  },
  tags: {
    list: {
      id: 'tags.list',
      method: 'GET',
      path: '/tags',
      permission: 'tag.read',
      auth: 'bearer',
      retrySafe: true,
    },
    get: {
      id: 'tags.get',
      method: 'GET',
      path: '/tags/:tag_id',
      permission: 'tag.read',
      auth: 'bearer',
      retrySafe: true,
    },
    delete: {
      id: 'tags.delete',
      method: 'DELETE',
      path: '/tags/:tag_id',
      permission: 'tag.delete',
      auth: 'bearer',
      retrySafe: false,
    },
  },
  campaigns: {
    list: {
      id: 'campaigns.list',
      method: 'GET',
      path: '/campaigns',
      permission: 'campaign.read.config',
      auth: 'bearer',
      retrySafe: true,
    },
    get: {
      id: 'campaigns.get',
      method: 'GET',
      path: '/campaigns/:campaign_id',
      permission: 'campaign.read.config',
      auth: 'bearer',
      retrySafe: true,
    },
  },
  campaignsV2: {
    list: {
      id: 'campaignsV2.list',
      method: 'GET',
      path: '/campaigns/v2',
      permission: 'campaign.read.config',
      auth: 'bearer',
      retrySafe: true,
    },
    get: {
      id: 'campaignsV2.get',
      method: 'GET',
      path: '/campaigns/v2/:campaign_id',
      permission: 'campaign.read.config',
      auth: 'bearer',
      retrySafe: true,
    },
  },
  send: {
    sms: {
      id: 'send.sms',
      method: 'POST',
      path: '/send/sms',
      permission: 'sendLog.create',
      auth: 'bearer',
      retrySafe: false,
    },
    emailBulk: {
      id: 'send.emailBulk',
      method: 'POST',
      path: '/send/email/bulk',
      permission: 'sendLog.create',
      auth: 'bearer',
      retrySafe: false,
    },
  },
  sales: {
    create: {
      id: 'sales.create',
      method: 'POST',
      path: '/sales',
      permission: 'sale.create',
      auth: 'bearer',
      retrySafe: false,
    },
    createByPostback: {
      id: 'sales.createByPostback',
      method: 'GET',
      path: '/sales/create',
      permission: 'sale.create',
      auth: 'query-key',
      retrySafe: false,
    },
  },
  transactions: {
    create: {
      id: 'transactions.create',
      method: 'POST',
      path: '/exchange/buyer/transaction',
      permission: 'marketplace_transaction.create',
      auth: 'bearer',
      retrySafe: true,
    },
    createByPostback: {
      id: 'transactions.createByPostback',
      method: 'GET',
      path: '/exchange/buyer/transaction/create',
      permission: 'marketplace_transaction.create',
      auth: 'query-key',
      retrySafe: true,
    },
    updateStatus: {
      id: 'transactions.updateStatus',
      method: 'PUT',
      path: '/exchange/buyer/transaction/:id/status',
      permission: 'marketplace_transaction.create',
      auth: 'bearer',
      retrySafe: false,
    },
    search: {
      id: 'transactions.search',
      method: 'POST',
      path: '/exchange/buyer/transaction/search',
      permission: 'marketplace_transaction.create',
      auth: 'bearer',
      retrySafe: true,
    },
  },
  compliance: {
    checkSend: {
      id: 'compliance.checkSend',
      method: 'POST',
      path: '/compliance/send',
      permission: 'compliance:send.create',
      auth: 'bearer',
      retrySafe: true,
    },
  },
} as const satisfies Record<string, Record<string, RouteDefinition>>;
