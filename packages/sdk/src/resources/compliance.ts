import { routes } from '@marketing/domain/routes';
import type { ComplianceBody } from '../contract-types.js';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';

/** Compliance checks for suppliers. */
export class Compliance {
  constructor(private readonly requester: Requester) {}

  /**
   * Checks which cells may be sent to: global opt-outs only, or a campaign's opt-outs and
   * exclusions too with `campaign_id`. Costs 0.14 credits per cell.
   *
   * @example
   * ```ts
   * const { results } = await client.compliance.checkSend({ cells: ['0821234567'], country: 'ZA' }, { campaign_id: 'cmp_1' });
   * ```
   */
  checkSend(params: ComplianceBody, query: { campaign_id?: string } = {}, options?: RequestOptions) {
    return this.requester.request(routes.compliance.checkSend, { body: params, query }, options);
  }
}
