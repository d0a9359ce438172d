import type {
  BulkUpdateBody,
  BulkUpdateResult,
  Contact,
  ContactSearchBody,
  MatchResult,
  OptOutBody,
  OptOutCampaignBody,
  ParsedSearchRequest,
  ProjectedContact,
  TagChangeBody,
  UploadContact,
  UploadContactsBody,
  UploadResult,
} from '@marketing/domain';
import { routes } from '@marketing/domain/routes';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';
import { chunk, type Progress } from '../internal/chunks.js';

/** The answer of a contact search: the request as understood, and the page of contacts. */
export interface ContactSearchResult {
  parsed_request: ParsedSearchRequest;
  contacts: ProjectedContact[];
}

/** Parameters of {@link Contacts.searchAll}: a search without paging options, and a page size. */
export type SearchAllParams = Omit<ContactSearchBody, 'options'> & {
  /** Contacts per page (per request). Each page costs 10 credits. @default 10000 */
  pageSize?: number;
};

/** Parameters of a chunked upload: the upload body without `contacts`, a chunk size and progress. */
export type UploadManyParams = Omit<UploadContactsBody, 'contacts'> & {
  /** Contacts per request; at most the endpoint's limit. */
  chunkSize?: number;
  /** Called after each chunk. */
  onProgress?: (progress: Progress) => void;
};

const CREATE_LIMIT = 100_000;
const UPSERT_LIMIT = 20_000;

/** Contacts: read, search, tag, opt out, upload and bulk-update. */
export class Contacts {
  constructor(private readonly requester: Requester) {}

  /**
   * Gets a contact by cell number (MSISDN or `+` form).
   *
   * @example
   * ```ts
   * const contact = await client.contacts.get('27821234567');
   * ```
   */
  async get(cell: string, options?: RequestOptions): Promise<Contact> {
    return (await this.requester.request<Contact>(routes.contacts.get, { params: { cell } }, options)).data;
  }

  /**
   * Searches contacts: one page, `_id` plus the projected fields. Costs 10 credits.
   *
   * @example
   * ```ts
   * const { contacts } = await client.contacts.search({
   *   find: { tag_ids: { $all: ['tag_optout'] }, updatedAt: { $gte: '2026-11-01T00:00:00Z' } },
   *   projection: { cell: 1 },
   * });
   * ```
   */
  async search(params: ContactSearchBody, options?: RequestOptions): Promise<ContactSearchResult> {
    return (
      await this.requester.request<ContactSearchResult>(routes.contacts.search, { body: params }, options)
    ).data;
  }

  /**
   * Iterates every contact a search matches, page by page with skip and limit, in `_id` order, so
   * no contact is skipped or repeated while the data does not change. Each page is one request
   * and costs 10 credits: 25,000 matches at the default page size of 10,000 cost 30 credits.
   *
   * @example
   * ```ts
   * for await (const contact of client.contacts.searchAll({ find: { tag_ids: { $in: ['vip'] } }, projection: { cell: 1 } })) {
   *   console.log(contact.cell);
   * }
   * ```
   */
  async *searchAll(
    params: SearchAllParams,
    options?: RequestOptions,
  ): AsyncGenerator<ProjectedContact, void, undefined> {
    const { pageSize = 10_000, ...search } = params;
    for (let skip = 0; ; skip += pageSize) {
      const page = await this.search({ ...search, options: { skip, limit: pageSize } }, options);
      yield* page.contacts;
      if (page.contacts.length < pageSize) return;
    }
  }

  /**
   * Deletes a contact.
   *
   * @example
   * ```ts
   * await client.contacts.delete('27821234567');
   * ```
   */
  async delete(cell: string, options?: RequestOptions): Promise<void> {
    await this.requester.request(routes.contacts.delete, { params: { cell } }, options);
  }

  /**
   * Opts a contact out of campaigns (`campaign_ids`) or all of them (`all: true`), as an opt-out
   * reply would.
   *
   * @example
   * ```ts
   * await client.contacts.optOut('27821234567', { campaign_ids: ['cmp_1'] });
   * ```
   */
  async optOut(cell: string, params: OptOutBody, options?: RequestOptions): Promise<MatchResult> {
    return (
      await this.requester.request<MatchResult>(
        routes.contacts.optOut,
        { params: { cell }, body: params },
        options,
      )
    ).data;
  }

  /**
   * Opts a contact out of one campaign.
   *
   * @example
   * ```ts
   * await client.contacts.optOutCampaign('27821234567', { campaign_id: 'cmp_1' });
   * ```
   */
  async optOutCampaign(
    cell: string,
    params: OptOutCampaignBody,
    options?: RequestOptions,
  ): Promise<MatchResult> {
    const input = { params: { cell }, body: params };
    return (await this.requester.request<MatchResult>(routes.contacts.optOutCampaign, input, options)).data;
  }

  /**
   * Adds tags to a contact by ID (recommended) or name; unknown tags are dropped.
   *
   * @example
   * ```ts
   * await client.contacts.addTags('27821234567', { tag_ids: ['tag_optout'] });
   * ```
   */
  async addTags(cell: string, params: TagChangeBody, options?: RequestOptions): Promise<MatchResult> {
    return (
      await this.requester.request<MatchResult>(
        routes.contacts.addTags,
        { params: { cell }, body: params },
        options,
      )
    ).data;
  }

  /**
   * Removes tags from a contact by ID or name.
   *
   * @example
   * ```ts
   * await client.contacts.removeTags('27821234567', { tags: ['VIP'] });
   * ```
   */
  async removeTags(cell: string, params: TagChangeBody, options?: RequestOptions): Promise<MatchResult> {
    const input = { params: { cell }, body: params };
    return (await this.requester.request<MatchResult>(routes.contacts.removeTags, input, options)).data;
  }

  /**
   * Uploads new contacts (at most 100,000); existing ones come back as invalid rows.
   *
   * @example
   * ```ts
   * const { validContacts, invalidContacts } = await client.contacts.create({ country: 'ZA', contacts: [{ cell: '0821234567' }] });
   * ```
   */
  async create(params: UploadContactsBody, options?: RequestOptions): Promise<UploadResult> {
    return (await this.requester.request<UploadResult>(routes.contacts.create, { body: params }, options))
      .data;
  }

  /**
   * Uploads contacts (at most 20,000), creating new ones and updating existing ones.
   *
   * @example
   * ```ts
   * await client.contacts.upsert({ contacts: [{ cell: '27821234567', lastname: 'Nkosi' }] });
   * ```
   */
  async upsert(params: UploadContactsBody, options?: RequestOptions): Promise<UploadResult> {
    return (await this.requester.request<UploadResult>(routes.contacts.upsert, { body: params }, options))
      .data;
  }

  /**
   * Uploads any number of new contacts in chunks of up to 100,000, reporting progress. The result
   * adds up every chunk, and each `invalidContacts[].row` indexes your `contacts` array.
   *
   * @example
   * ```ts
   * const result = await client.contacts.createMany(rows, { country: 'ZA', onProgress: (p) => console.log(p.done, p.total) });
   * ```
   */
  createMany(
    contacts: readonly UploadContact[],
    params: UploadManyParams = {},
    options?: RequestOptions,
  ): Promise<UploadResult> {
    return this.#uploadMany('create', contacts, params, CREATE_LIMIT, options);
  }

  /**
   * Creates or updates any number of contacts in chunks of up to 20,000, reporting progress;
   * rows of the result index your `contacts` array.
   *
   * @example
   * ```ts
   * await client.contacts.upsertMany(rows, { tag_ids: ['tag_import'] });
   * ```
   */
  upsertMany(
    contacts: readonly UploadContact[],
    params: UploadManyParams = {},
    options?: RequestOptions,
  ): Promise<UploadResult> {
    return this.#uploadMany('upsert', contacts, params, UPSERT_LIMIT, options);
  }

  async #uploadMany(
    method: 'create' | 'upsert',
    contacts: readonly UploadContact[],
    params: UploadManyParams,
    limit: number,
    options?: RequestOptions,
  ): Promise<UploadResult> {
    const { chunkSize = limit, onProgress, ...rest } = params;
    if (chunkSize > limit) throw new RangeError(`contacts.${method}Many: chunkSize is at most ${limit}`);
    const chunks = chunk(contacts, chunkSize);
    const merged: UploadResult = { validContacts: 0, invalidContacts: [] };
    let done = 0;
    for (const [index, part] of chunks.entries()) {
      const result = await this[method]({ ...rest, contacts: part }, options);
      merged.validContacts += result.validContacts;
      for (const invalid of result.invalidContacts)
        merged.invalidContacts.push({ ...invalid, row: invalid.row + done });
      done += part.length;
      onProgress?.({ done, total: contacts.length, chunks: index + 1, totalChunks: chunks.length });
    }
    return merged;
  }

  /**
   * Adds or removes tags, or dedupes against campaigns, on every contact a filter matches. The
   * service allows 5 of these a minute; the SDK waits and retries when told to.
   *
   * @example
   * ```ts
   * await client.contacts.bulkUpdate({ find: { tag_ids: { $in: ['tag_a'] } }, update: { $addToSet: { tag_ids: { $each: ['tag_b'] } } } });
   * ```
   */
  async bulkUpdate(params: BulkUpdateBody, options?: RequestOptions): Promise<BulkUpdateResult> {
    return (
      await this.requester.request<BulkUpdateResult>(routes.contacts.bulkUpdate, { body: params }, options)
    ).data;
  }
}
