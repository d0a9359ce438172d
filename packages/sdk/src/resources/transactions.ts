import { limits, routes } from '@marketing/domain/routes';
import type { Lead, TransactionSearchBody } from '../contract-types.js';
import type { ExactlyOne } from '../core/input-types.js';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';
import { type ChunkOptions, sendInChunks } from '../internal/chunks.js';

const LEADS_PER_REQUEST = limits.leads;

/**
 * One lead to submit: its `resource_id`, the `cell`, and exactly one matchback (`campaign_id`,
 * `send_id` or `click_id`) naming the offer it answers.
 */
export type LeadInput = ExactlyOne<Lead, 'campaign_id' | 'send_id' | 'click_id'>;

/** Marketplace buyer transactions: submit leads, accept or reject, search. */
export class Transactions {
  constructor(private readonly requester: Requester) {}

  /**
   * Submits 1 to 1000 leads. Safe to retry: a `resource_id` already submitted creates nothing new.
   *
   * @example
   * ```ts
   * await client.transactions.create([{ resource_id: 'lead-1', cell: '27821234567', campaign_id: 'cmp_v2' }]);
   * ```
   */
  create(leads: LeadInput[], options?: RequestOptions) {
    return this.requester.request(routes.transactions.create, { body: leads }, options);
  }

  /**
   * Submits any number of leads in batches of up to 1000, reporting progress.
   *
   * @example
   * ```ts
   * await client.transactions.createMany(leads, { onProgress: ({ done, total }) => console.log(`${done}/${total}`) });
   * ```
   */
  async createMany(
    leads: readonly LeadInput[],
    params: ChunkOptions = {},
    options?: RequestOptions,
  ): Promise<void> {
    await sendInChunks('transactions.createMany', leads, LEADS_PER_REQUEST, params, (part) =>
      this.create(part, options),
    );
  }

  /**
   * Accepts (`completed`) or rejects a pending transaction; accepting moves the credits.
   *
   * @example
   * ```ts
   * const transaction = await client.transactions.updateStatus('tx_1', 'completed');
   * ```
   */
  updateStatus(id: string, status: 'completed' | 'rejected', options?: RequestOptions) {
    const input = { params: { id }, body: { status } };
    return this.requester.request(routes.transactions.updateStatus, input, options);
  }

  /**
   * Searches the caller's transactions, oldest first.
   *
   * @example
   * ```ts
   * const pending = await client.transactions.search({ status: 'pending' });
   * ```
   */
  search(params: TransactionSearchBody = {}, options?: RequestOptions) {
    return this.requester.request(routes.transactions.search, { body: params }, options);
  }

  /**
   * The `GET /exchange/buyer/transaction/create` URL that submits one lead, with the API key in
   * `key`, for postbacks.
   *
   * @example
   * ```ts
   * client.transactions.postbackUrl({ resource_id: 'lead-1', cell: '27821234567', click_id: '{click_id}' });
   * ```
   */
  postbackUrl(lead: LeadInput): string {
    return this.requester.url(routes.transactions.createByPostback, lead);
  }
}
