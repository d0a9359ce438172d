import { routes } from '@marketing/domain/routes';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';

/** Campaigns of the original model (read-only). */
export class Campaigns {
  constructor(private readonly requester: Requester) {}

  /**
   * Lists the organisation's campaigns.
   *
   * @example
   * ```ts
   * const campaigns = await client.campaigns.list();
   * ```
   */
  list(options?: RequestOptions) {
    return this.requester.request(routes.campaigns.list, {}, options);
  }

  /**
   * Gets a campaign; a missing one throws `NotFoundError`.
   *
   * @example
   * ```ts
   * const campaign = await client.campaigns.get('cmp_1');
   * ```
   */
  get(campaignId: string, options?: RequestOptions) {
    return this.requester.request(routes.campaigns.get, { params: { campaign_id: campaignId } }, options);
  }
}
