import { routes } from '@marketing/domain/routes';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';

/** Campaigns V2 (read-only, full records). */
export class CampaignsV2 {
  constructor(private readonly requester: Requester) {}

  /**
   * Lists the organisation's V2 campaigns.
   *
   * @example
   * ```ts
   * const campaigns = await client.campaignsV2.list();
   * ```
   */
  list(options?: RequestOptions) {
    return this.requester.request(routes.campaignsV2.list, {}, options);
  }

  /**
   * Gets a V2 campaign; a missing one throws `NotFoundError`.
   *
   * @example
   * ```ts
   * const campaign = await client.campaignsV2.get('cmp_v2');
   * ```
   */
  get(campaignId: string, options?: RequestOptions) {
    const input = { params: { campaign_id: campaignId } };
    return this.requester.request(routes.campaignsV2.get, input, options);
  }
}
