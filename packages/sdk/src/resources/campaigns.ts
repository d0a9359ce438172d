import type { Campaign } from '@marketing/domain';
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
  async list(options?: RequestOptions): Promise<Campaign[]> {
    return (await this.requester.request<Campaign[]>(routes.campaigns.list, {}, options)).data;
  }

  /**
   * Gets a campaign; a missing one throws `NotFoundError`.
   *
   * @example
   * ```ts
   * const campaign = await client.campaigns.get('cmp_1');
   * ```
   */
  async get(campaignId: string, options?: RequestOptions): Promise<Campaign> {
    return (
      await this.requester.request<Campaign>(
        routes.campaigns.get,
        { params: { campaign_id: campaignId } },
        options,
      )
    ).data;
  }
}
