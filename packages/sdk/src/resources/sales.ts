import { routes } from '@marketing/domain/routes';
import type { Sale } from '../contract-types.js';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';

/** Sales: upload, and the postback URL for one sale. */
export class Sales {
  constructor(private readonly requester: Requester) {}

  /**
   * Uploads sales; the batch is stored whole or not at all (`NotFoundError` for an unknown
   * campaign, `ConflictError` for a duplicate).
   *
   * @example
   * ```ts
   * await client.sales.create([{ campaign_id: 'cmp_1', cell: '0821234567', soldAt: '2026-11-20', saleValue: 99 }]);
   * ```
   */
  create(sales: Sale[], options?: RequestOptions) {
    return this.requester.request(routes.sales.create, { body: sales }, options);
  }

  /**
   * The `GET /sales/create` URL that records one sale, with the API key in `key`, for postbacks
   * from systems that can only call a URL.
   *
   * @example
   * ```ts
   * client.sales.postbackUrl({ campaign_id: 'cmp_1', cell: '27821234567', soldAt: '2026-11-20 14:30' });
   * // 'https://api.example.com/sales/create?key=...&campaign_id=cmp_1&cell=27821234567&soldAt=2026-11-20+14%3A30'
   * ```
   */
  postbackUrl(sale: Sale): string {
    return this.requester.url(routes.sales.createByPostback, sale);
  }
}
