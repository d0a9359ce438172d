import { routes } from '@marketing/domain/routes';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';

/** Tags: list, read and delete. */
export class Tags {
  constructor(private readonly requester: Requester) {}

  /**
   * Lists the organisation's tags.
   *
   * @example
   * ```ts
   * const tags = await client.tags.list();
   * ```
   */
  list(options?: RequestOptions) {
    return this.requester.request(routes.tags.list, {}, options);
  }

  /**
   * Gets a tag.
   *
   * @example
   * ```ts
   * const tag = await client.tags.get('tag_vip');
   * ```
   */
  get(tagId: string, options?: RequestOptions) {
    return this.requester.request(routes.tags.get, { params: { tag_id: tagId } }, options);
  }

  /**
   * Deletes a tag, removing it from every contact and campaign; answers the deleted tag.
   *
   * @example
   * ```ts
   * await client.tags.delete('tag_old');
   * ```
   */
  delete(tagId: string, options?: RequestOptions) {
    return this.requester.request(routes.tags.delete, { params: { tag_id: tagId } }, options);
  }
}
