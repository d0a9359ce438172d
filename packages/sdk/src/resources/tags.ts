import type { Tag } from '@marketing/domain';
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
  async list(options?: RequestOptions): Promise<Tag[]> {
    return (await this.requester.request<Tag[]>(routes.tags.list, {}, options)).data;
  }

  /**
   * Gets a tag.
   *
   * @example
   * ```ts
   * const tag = await client.tags.get('tag_vip');
   * ```
   */
  async get(tagId: string, options?: RequestOptions): Promise<Tag> {
    return (await this.requester.request<Tag>(routes.tags.get, { params: { tag_id: tagId } }, options)).data;
  }

  /**
   * Deletes a tag, removing it from every contact and campaign; answers the deleted tag.
   *
   * @example
   * ```ts
   * await client.tags.delete('tag_old');
   * ```
   */
  async delete(tagId: string, options?: RequestOptions): Promise<Tag> {
    return (await this.requester.request<Tag>(routes.tags.delete, { params: { tag_id: tagId } }, options))
      .data;
  }
}
