import { limits, routes } from '@marketing/domain/routes';
import type {
  BulkUpdateBody,
  Contact,
  ContactSearchBody,
  OptOutBody,
  OptOutCampaignBody,
  ParsedSearchRequest,
  ProjectedContact,
  TagChangeBody,
  UploadContact,
  UploadContactsBody,
  UploadResult,
} from '../contract-types.js';
import type { APIPromise } from '../core/api-promise.js';
import type { AtLeastOne, AtMostSearchLimit, ExactlyOne } from '../core/input-types.js';
import type { RequestOptions } from '../core/options.js';
import type { Requester } from '../core/request.js';
import { ResponseValidationError } from '../errors.js';
import { type ChunkOptions, sendInChunks } from '../internal/chunks.js';

/** A projection: contact field names mapped to 1. */
export type Projection = Partial<Record<Exclude<keyof Contact, '_id'>, 1>>;

/**
 * A contact as a search with projection `P` answers it: `_id`, plus each projected field (as the
 * contact has it), and no other field.
 *
 * @example
 * ```ts
 * type Row = ProjectedRow<{ cell: 1 }>; // { _id: string; cell: string }
 * ```
 */
export type ProjectedRow<P extends Projection | undefined> = { _id: string } & (P extends Projection
  ? { [K in keyof P & keyof Contact]: Contact[K] }
  : unknown);

/** The answer of a contact search: the request as understood, and the page of contacts. */
export interface ContactSearchResult<P extends Projection | undefined = Projection | undefined> {
  parsed_request: ParsedSearchRequest;
  contacts: (Projection extends P ? ProjectedContact : ProjectedRow<P>)[];
}

/** The filter of a contact search or bulk update: at least one of `cell`, `tag_ids`, `updatedAt`. */
export type ContactFind = AtLeastOne<ContactSearchBody['find']>;

/** The body of a contact search, with its filter and projection typed. */
export type ContactSearchParams<P extends Projection | undefined> = Omit<
  ContactSearchBody,
  'projection' | 'find'
> & {
  /** Which contacts: at least one of `cell`, `tag_ids`, `updatedAt` (all given must match). */
  find: ContactFind;
  // A field that is not a contact field is refused (a generic parameter skips excess checks).
  projection?: P & { [K in Exclude<keyof P, keyof Projection>]: never };
};

/**
 * The body of a bulk update: at least one filter (`cell`, `tag_ids`) and exactly one operator
 * (`$addToSet` or `$pull`).
 */
export type BulkUpdateParams = {
  find: AtLeastOne<BulkUpdateBody['find']>;
  update: ExactlyOne<BulkUpdateBody['update'], '$addToSet' | '$pull'>;
};

/**
 * The body of an opt-out: `campaign_ids`, or `all: true` for every campaign, now and later. An
 * opt-out of neither (`{}`, or `all: false` alone) does not compile; the service refuses it.
 *
 * @example
 * ```ts
 * const everything: OptOutParams = { all: true, create_missing_contact: true };
 * ```
 */
export type OptOutParams = OptOutBody & ({ campaign_ids: string[] } | { all: true });

/** Parameters of {@link Contacts.searchAll}: a search without paging options, and a page size. */
export type SearchAllParams<
  P extends Projection | undefined = Projection | undefined,
  N extends number = number,
> = Omit<ContactSearchParams<P>, 'options'> & {
  /** Contacts per page (per request), 1 to 10,000. Each page costs 10 credits. @default 10000 */
  pageSize?: N & AtMostSearchLimit<N>;
  /**
   * How many matching contacts to pass over first: to resume an iteration that failed part way,
   * pass the number of contacts it had yielded. @default 0
   */
  skip?: number;
};

/** Parameters of a chunked upload: the upload body without `contacts`, a chunk size and progress. */
export type UploadManyParams = Omit<UploadContactsBody, 'contacts'> & ChunkOptions;

const CREATE_LIMIT = limits.createContacts;
const UPSERT_LIMIT = limits.upsertContacts;

// An upload's answer as the contract has it, checked before the chunks' answers are added up
// (with validation off, a broken answer threw a raw TypeError there).
const isUploadResult = (value: unknown): value is UploadResult =>
  typeof (value as UploadResult | null)?.validContacts === 'number' &&
  Array.isArray((value as UploadResult).invalidContacts);

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
  get(cell: string, options?: RequestOptions) {
    return this.requester.request(routes.contacts.get, { params: { cell } }, options);
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
  search<P extends Projection | undefined = undefined>(
    params: ContactSearchParams<P>,
    options?: RequestOptions,
  ): APIPromise<ContactSearchResult<P>> {
    return this.requester.request(routes.contacts.search, { body: params }, options) as APIPromise<
      ContactSearchResult<P>
    >;
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
  async *searchAll<P extends Projection | undefined = undefined, N extends number = number>(
    params: SearchAllParams<P, N>,
    options?: RequestOptions,
  ): AsyncGenerator<ContactSearchResult<P>['contacts'][number], void, undefined> {
    const { pageSize = 10_000 as N, skip: first = 0, ...search } = params;
    if (!Number.isInteger(first) || first < 0)
      throw new RangeError(`contacts.searchAll: skip must be a whole number, 0 or more, got ${first}`);
    // Pages come in ascending `_id` order: a page that is no list, or that repeats or goes back,
    // would make the loop run (and pay 10 credits a page) for ever.
    let lastId: string | undefined;
    for (let skip = first; ; skip += pageSize) {
      const page = await this.search<P>({ ...search, options: { skip, limit: pageSize } }, options);
      const contacts = (page as { contacts?: unknown } | null)?.contacts;
      if (!Array.isArray(contacts))
        throw new ResponseValidationError('contacts.search', ['data.contacts: expected a list']);
      for (const [row, contact] of (contacts as { _id?: unknown }[]).entries()) {
        const id = contact?._id;
        // The service answers `_id` with every contact, whatever the projection: without it, a
        // page that repeats could not be told from the next one.
        if (typeof id !== 'string' || (lastId !== undefined && id <= lastId))
          throw new ResponseValidationError('contacts.search', [
            `data.contacts.${row}._id: ${id} is not text after ${lastId ?? 'the start'} (pages come in _id order)`,
          ]);
        lastId = id;
      }
      yield* page.contacts;
      if (contacts.length < pageSize) return;
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
  delete(cell: string, options?: RequestOptions) {
    return this.requester.request(routes.contacts.delete, { params: { cell } }, options);
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
  optOut(cell: string, params: OptOutParams, options?: RequestOptions) {
    return this.requester.request(routes.contacts.optOut, { params: { cell }, body: params }, options);
  }

  /**
   * Opts a contact out of one campaign.
   *
   * @example
   * ```ts
   * await client.contacts.optOutCampaign('27821234567', { campaign_id: 'cmp_1' });
   * ```
   */
  optOutCampaign(cell: string, params: OptOutCampaignBody, options?: RequestOptions) {
    const input = { params: { cell }, body: params };
    return this.requester.request(routes.contacts.optOutCampaign, input, options);
  }

  /**
   * Adds tags to a contact by ID (recommended) or name; unknown tags are dropped, and when none is
   * left the call is refused (`BadRequestError`, code `no_tags_to_change`).
   *
   * @example
   * ```ts
   * await client.contacts.addTags('27821234567', { tag_ids: ['tag_optout'] });
   * ```
   */
  addTags(cell: string, params: TagChangeBody, options?: RequestOptions) {
    return this.requester.request(routes.contacts.addTags, { params: { cell }, body: params }, options);
  }

  /**
   * Removes tags from a contact by ID or name; unknown tags are dropped, and when none is left
   * the call is refused (`BadRequestError`, code `no_tags_to_change`).
   *
   * @example
   * ```ts
   * await client.contacts.removeTags('27821234567', { tags: ['VIP'] });
   * ```
   */
  removeTags(cell: string, params: TagChangeBody, options?: RequestOptions) {
    const input = { params: { cell }, body: params };
    return this.requester.request(routes.contacts.removeTags, input, options);
  }

  /**
   * Uploads new contacts (at most 100,000); existing ones come back as invalid rows.
   *
   * @example
   * ```ts
   * const { validContacts, invalidContacts } = await client.contacts.create({ country: 'ZA', contacts: [{ cell: '0821234567' }] });
   * ```
   */
  create(params: UploadContactsBody, options?: RequestOptions) {
    return this.requester.request(routes.contacts.create, { body: params }, options);
  }

  /**
   * Uploads contacts (at most 20,000), creating new ones and updating existing ones.
   *
   * @example
   * ```ts
   * await client.contacts.upsert({ contacts: [{ cell: '27821234567', lastname: 'Nkosi' }] });
   * ```
   */
  upsert(params: UploadContactsBody, options?: RequestOptions) {
    return this.requester.request(routes.contacts.upsert, { body: params }, options);
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
    const { chunkSize, startAt, onProgress, ...rest } = params;
    const merged: UploadResult = { validContacts: 0, invalidContacts: [] };
    await sendInChunks(
      `contacts.${method}Many`,
      contacts,
      limit,
      { chunkSize, startAt, onProgress },
      async (part, offset) => {
        const result: unknown = await this[method]({ ...rest, contacts: part }, options);
        if (!isUploadResult(result))
          throw new ResponseValidationError(`contacts.${method}`, [
            `data: not an upload result, for the chunk from row ${offset} (it may be stored)`,
          ]);
        merged.validContacts += result.validContacts;
        for (const invalid of result.invalidContacts)
          merged.invalidContacts.push({ ...invalid, row: invalid.row + offset });
      },
    );
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
  bulkUpdate(params: BulkUpdateParams, options?: RequestOptions) {
    return this.requester.request(routes.contacts.bulkUpdate, { body: params }, options);
  }
}
