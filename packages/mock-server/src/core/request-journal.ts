import { OffHeapTexts } from './off-heap-texts.js';
import { pathMatches } from './path-pattern.js';
import { envelopeError } from './responses.js';

/** The most of a request or response body the journal keeps, in characters. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;

/** One request the mock answered, as `mock.requests()` and `GET /__mock/requests` list it. */
export interface RequestLogEntry {
  /** Also the `x-request-id` header of the answer. */
  id: string;
  /** When the request arrived, on the mock's clock (ISO 8601). */
  at: string;
  method: string;
  /** The path under the base URL: `/contacts/27821234567`. */
  path: string;
  /** The query parameters; a repeated parameter is a list. */
  query: Record<string, string | string[]>;
  /**
   * The request headers as they arrived, names in lower case; a repeated header once, its values
   * joined with `, `. `authorization` shows its scheme and last 4 characters.
   */
  headers: Record<string, string>;
  /** The body: parsed JSON, or the raw text when it is not JSON; cut at 64 kB (then `body_truncated`). */
  body?: unknown;
  body_truncated?: true;
  status: number;
  /** The envelope that was answered, cut at 64 kB (then `response_truncated` and the raw text). */
  response: unknown;
  response_truncated?: true;
  /** The envelope's `error` when `ok` is false. */
  error?: unknown;
  /** The caller's organisation, when its key was known. */
  org_id?: string;
  duration_ms: number;
  /** The armed fault that shaped the answer, if one did. */
  fault_id?: string;
}

/** Which journal entries to list or count. Every field is optional and they combine. */
export interface RequestFilter {
  /** Exact method: `POST`. */
  method?: string;
  /** Exact path, or a pattern with `:name` segments: `/contacts/:cell`. */
  path?: string;
  /** Exact status. */
  status?: number;
  /** Exact organisation ID. */
  org?: string;
  /** Only entries at or after this instant (ISO 8601). */
  since?: string;
  /** The newest this many (after the other filters). */
  limit?: number;
}

/** What the core records as it answers; the entry is built only when the journal is read. */
export interface JournalRecord {
  id: string;
  atMs: number;
  method: string;
  path: string;
  search: string;
  /** Names and values in turn, as received: `['Authorization', 'Bearer key_a', ...]`. */
  headers: readonly string[];
  /** The request body when it is known as the record is made; one read later is given to `add`. */
  bodyText: string | undefined;
  status: number;
  /** The answer's text as sent; the entry's `response` and `error` are read from it. */
  responseText: string;
  orgId: string | undefined;
  durationMs: number;
  faultId: string | undefined;
}

/** A filter that is not usable; the message names the field. */
export class RequestFilterError extends Error {
  override name = 'RequestFilterError' as const;
}

const FILTER_FIELDS = new Set(['method', 'path', 'status', 'org', 'since', 'limit']);
const notWholeNumber = (name: string) => `${name}: Expected a whole number of 0 or more`;

function refuseUnknownFilters(names: Iterable<string>): void {
  for (const name of names)
    if (!FILTER_FIELDS.has(name))
      throw new RequestFilterError(`${name}: Unknown filter; use method, path, status, org, since or limit`);
}

/**
 * A query parameter that must be a whole number of 0 or more: its value, or `undefined` when it is
 * absent. Throws `RequestFilterError` naming it otherwise.
 */
export function wholeNumberParam(params: URLSearchParams, name: string): number | undefined {
  const text = params.get(name);
  if (text === null) return undefined;
  if (!/^\d+$/.test(text)) throw new RequestFilterError(notWholeNumber(name));
  return Number(text);
}

/**
 * Reads a filter from query parameters (`?method=POST&path=/contacts/:cell&status=400`). Throws
 * `RequestFilterError` naming an unknown field or a bad value.
 */
export function filterFromQuery(params: URLSearchParams): RequestFilter {
  refuseUnknownFilters(params.keys());
  const filter: Record<string, string | number | undefined> = Object.fromEntries(params);
  for (const name of ['status', 'limit'] as const) filter[name] = wholeNumberParam(params, name);
  for (const name of ['status', 'limit']) if (filter[name] === undefined) delete filter[name];
  return checkFilter(filter as RequestFilter);
}

/** Checks a filter given in process; throws `RequestFilterError` naming what is wrong. */
export function checkFilter(filter: RequestFilter): RequestFilter {
  refuseUnknownFilters(Object.keys(filter));
  if (filter.since !== undefined && Number.isNaN(Date.parse(filter.since)))
    throw new RequestFilterError('since: Expected an ISO 8601 instant');
  for (const name of ['status', 'limit'] as const) {
    const value = filter[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 0))
      throw new RequestFilterError(notWholeNumber(name));
  }
  return filter;
}

/**
 * The request journal: what the mock answered, newest last, bounded at `limit` entries. Entries
 * are formatted when read.
 *
 * Cheap to write and cheap to keep: numbers go into typed columns and the texts of a record (its
 * ID, path, query, headers and the answer) into {@link OffHeapTexts}. Kept as JS objects and
 * strings, a thousand records were copied by every young-generation collection: 1.65 µs of
 * collection a standalone GET, against 0.39 µs now.
 */
export class RequestJournal {
  readonly #limit: number;
  #next = 0;
  #count = 0;
  // Tells a body read after its record apart from a later record in the same slot.
  #serial = 0;
  readonly #serials: Float64Array;
  readonly #atMs: Float64Array;
  readonly #durationMs: Float64Array;
  readonly #status: Uint16Array;
  // Short strings the process already holds (methods, organisation IDs), or rare ones.
  readonly #method: string[];
  readonly #orgId: (string | undefined)[];
  readonly #faultId: (string | undefined)[];
  // Each slot's text: its ID, path, query and header names and values, each ended by a line feed
  // (URLs and headers exclude it; a call made in process that slips one in shows a space), then
  // the answer's text.
  readonly #texts: OffHeapTexts;
  readonly #headLength: Int32Array;
  readonly #bodies: OffHeapTexts;

  constructor(limit: number) {
    this.#limit = limit;
    this.#serials = new Float64Array(limit);
    this.#atMs = new Float64Array(limit);
    this.#durationMs = new Float64Array(limit);
    this.#status = new Uint16Array(limit);
    this.#method = new Array<string>(limit).fill('');
    this.#orgId = new Array<string | undefined>(limit).fill(undefined);
    this.#faultId = new Array<string | undefined>(limit).fill(undefined);
    this.#texts = new OffHeapTexts(limit);
    this.#headLength = new Int32Array(limit);
    this.#bodies = new OffHeapTexts(limit);
  }

  /**
   * Keeps a record, dropping the oldest past the limit. `laterBody` is the request body still
   * being read; it joins the record when it arrives, unless the record has been dropped by then.
   */
  add(record: JournalRecord, laterBody?: Promise<string>): void {
    if (this.#limit === 0) return;
    const slot = this.#next;
    this.#next = (slot + 1) % this.#limit;
    if (this.#count < this.#limit) this.#count++;
    const serial = ++this.#serial;
    this.#serials[slot] = serial;
    this.#atMs[slot] = record.atMs;
    this.#durationMs[slot] = record.durationMs;
    this.#status[slot] = record.status;
    this.#method[slot] = record.method;
    this.#orgId[slot] = record.orgId;
    this.#faultId[slot] = record.faultId;
    let head = `${record.id}\n${oneLine(record.path)}\n${oneLine(record.search)}\n`;
    for (const part of record.headers) head += `${oneLine(part)}\n`;
    this.#headLength[slot] = head.length;
    this.#texts.set(slot, head + record.responseText);
    if (record.bodyText === undefined) this.#bodies.delete(slot);
    else this.#bodies.set(slot, keptBody(record.bodyText));
    laterBody?.then(
      (text) => {
        if (this.#serials[slot] === serial) this.#bodies.set(slot, keptBody(text));
      },
      () => {},
    );
  }

  /** Empties the journal. */
  clear(): void {
    this.#next = 0;
    this.#count = 0;
    this.#serials.fill(0);
    this.#texts.clear();
    this.#bodies.clear();
  }

  // The slots kept, oldest first.
  #inOrder(): number[] {
    const first = this.#count < this.#limit ? 0 : this.#next;
    return Array.from({ length: this.#count }, (_, n) => (first + n) % this.#limit);
  }

  #matching(filter: RequestFilter): number[] {
    const since = filter.since === undefined ? undefined : Date.parse(filter.since);
    const method = filter.method?.toUpperCase();
    return this.#inOrder().filter(
      (slot) =>
        (method === undefined || this.#method[slot] === method) &&
        (filter.status === undefined || this.#status[slot] === filter.status) &&
        (filter.org === undefined || this.#orgId[slot] === filter.org) &&
        (since === undefined || this.#atMs[slot]! >= since) &&
        (filter.path === undefined || pathMatches(filter.path, this.#head(slot).path)),
    );
  }

  #head(
    slot: number,
    text = this.#texts.get(slot)!,
  ): Pick<JournalRecord, 'id' | 'path' | 'search' | 'headers'> {
    const [id, path, search, ...headers] = text.slice(0, this.#headLength[slot]! - 1).split('\n') as [
      string,
      string,
      string,
      ...string[],
    ];
    return { id, path, search, headers };
  }

  #entry(slot: number): RequestLogEntry {
    const text = this.#texts.get(slot)!;
    const { id, path, search, headers } = this.#head(slot, text);
    const entry: RequestLogEntry = {
      id,
      at: new Date(this.#atMs[slot]!).toISOString(),
      method: this.#method[slot]!,
      path,
      query: queryOf(search),
      headers: headersOf(headers),
      status: this.#status[slot]!,
      response: undefined,
      duration_ms: Math.round(this.#durationMs[slot]! * 1000) / 1000,
    };
    const bodyText = this.#bodies.get(slot);
    if (bodyText !== undefined && bodyText !== '') {
      const body = parseCut(bodyText);
      entry.body = body.value;
      if (body.truncated) entry.body_truncated = true;
    }
    const response = parseCut(text.slice(this.#headLength[slot]));
    entry.response = response.value;
    if (response.truncated) entry.response_truncated = true;
    const error = envelopeError({ body: response.parsed });
    if (error !== undefined) entry.error = error;
    const orgId = this.#orgId[slot];
    if (orgId !== undefined) entry.org_id = orgId;
    const faultId = this.#faultId[slot];
    if (faultId !== undefined) entry.fault_id = faultId;
    return entry;
  }

  /** The entries that match, oldest first. */
  list(filter: RequestFilter = {}): RequestLogEntry[] {
    const matching = this.#matching(checkFilter(filter));
    const newest =
      filter.limit === undefined ? matching : filter.limit === 0 ? [] : matching.slice(-filter.limit);
    return newest.map((slot) => this.#entry(slot));
  }

  /** How many entries match (the `limit` of the filter does not apply). */
  count(filter: RequestFilter = {}): number {
    return this.#matching(checkFilter(filter)).length;
  }
}

// An entry shows a body cut at the limit: one character past it is enough to know it was cut,
// and a 10 MB upload is not copied to be shown as 64 kB.
const keptBody = (text: string) =>
  text.length > JOURNAL_BODY_LIMIT ? text.slice(0, JOURNAL_BODY_LIMIT + 1) : text;

const oneLine = (part: string) => (part.includes('\n') ? part.replaceAll('\n', ' ') : part);

function redact(name: string, value: string): string {
  if (name !== 'authorization') return value;
  const [scheme, secret] = value.includes(' ') ? value.split(/\s+/, 2) : ['', value];
  const tail = (secret ?? '').slice(-4);
  return `${scheme ? `${scheme} ` : ''}…${tail}`;
}

function headersOf(list: readonly string[]): Record<string, string> {
  const headers = new Map<string, string>();
  for (let n = 0; n + 1 < list.length; n += 2) {
    const name = list[n]!.toLowerCase();
    const value = redact(name, list[n + 1]!);
    // A repeated header reads as one, its values joined as HTTP joins them.
    const previous = headers.get(name);
    headers.set(name, previous === undefined ? value : `${previous}, ${value}`);
  }
  return Object.fromEntries(headers);
}

function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const previous = query[name];
    query[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}

// The text as the entry shows it (cut past the limit), and its JSON whatever its length.
function parseCut(text: string): { value: unknown; truncated: boolean; parsed: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (text.length > JOURNAL_BODY_LIMIT)
    return { value: text.slice(0, JOURNAL_BODY_LIMIT), truncated: true, parsed };
  return { value: parsed === undefined ? text : parsed, truncated: false, parsed };
}
