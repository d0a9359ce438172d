import { pathMatches } from './path-pattern.js';

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
  /** The request headers, names in lower case; `authorization` shows its scheme and last 4 characters. */
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
  headers: Iterable<[string, string]> | Record<string, string | string[] | undefined>;
  bodyText: string | undefined;
  status: number;
  /**
   * The answer's text as sent. Only it is kept of the answer: a record lives for a thousand more
   * requests, and each object it holds is copied by every garbage collection of the young heap.
   */
  responseText: string;
  /** The envelope's `error` when `ok` is false. */
  error: unknown;
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
 * The request journal: what the mock answered, newest last, bounded at `limit` entries. Cheap to
 * write (a record of references into a ring); entries are formatted when read.
 */
export class RequestJournal {
  // A ring of exactly `limit` slots: every record kept is one the collector copies while it is
  // young, so none is kept past the limit.
  #ring: JournalRecord[] = [];
  #next = 0;
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Keeps a record, dropping the oldest past the limit. */
  add(record: JournalRecord): void {
    if (this.#limit === 0) return;
    if (this.#ring.length < this.#limit) this.#ring.push(record);
    else this.#ring[this.#next] = record;
    this.#next = (this.#next + 1) % this.#limit;
  }

  /** Empties the journal. */
  clear(): void {
    this.#ring = [];
    this.#next = 0;
  }

  // The records kept, oldest first.
  #inOrder(): JournalRecord[] {
    const ring = this.#ring;
    return ring.length < this.#limit
      ? ring.slice()
      : [...ring.slice(this.#next), ...ring.slice(0, this.#next)];
  }

  #matching(filter: RequestFilter): JournalRecord[] {
    const since = filter.since === undefined ? undefined : Date.parse(filter.since);
    return this.#inOrder().filter(
      (r) =>
        (filter.method === undefined || r.method === filter.method.toUpperCase()) &&
        (filter.path === undefined || pathMatches(filter.path, r.path)) &&
        (filter.status === undefined || r.status === filter.status) &&
        (filter.org === undefined || r.orgId === filter.org) &&
        (since === undefined || r.atMs >= since),
    );
  }

  /** The entries that match, oldest first. */
  list(filter: RequestFilter = {}): RequestLogEntry[] {
    const matching = this.#matching(checkFilter(filter));
    const newest =
      filter.limit === undefined ? matching : filter.limit === 0 ? [] : matching.slice(-filter.limit);
    return newest.map(toEntry);
  }

  /** How many entries match (the `limit` of the filter does not apply). */
  count(filter: RequestFilter = {}): number {
    return this.#matching(checkFilter(filter)).length;
  }
}

function redact(name: string, value: string): string {
  if (name !== 'authorization') return value;
  const [scheme, secret] = value.includes(' ') ? value.split(/\s+/, 2) : ['', value];
  const tail = (secret ?? '').slice(-4);
  return `${scheme ? `${scheme} ` : ''}…${tail}`;
}

function headersOf(source: JournalRecord['headers']): Record<string, string> {
  const headers: Record<string, string> = {};
  const entries =
    Symbol.iterator in source
      ? [...(source as Iterable<[string, string]>)]
      : Object.entries(source as Record<string, string | string[] | undefined>);
  for (const [rawName, rawValue] of entries) {
    if (rawValue === undefined) continue;
    const name = rawName.toLowerCase();
    headers[name] = redact(name, Array.isArray(rawValue) ? rawValue.join(', ') : String(rawValue));
  }
  return headers;
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

function parseCut(text: string): { value: unknown; truncated: boolean } {
  if (text.length > JOURNAL_BODY_LIMIT) return { value: text.slice(0, JOURNAL_BODY_LIMIT), truncated: true };
  try {
    return { value: JSON.parse(text), truncated: false };
  } catch {
    return { value: text, truncated: false };
  }
}

function toEntry(record: JournalRecord): RequestLogEntry {
  const entry: RequestLogEntry = {
    id: record.id,
    at: new Date(record.atMs).toISOString(),
    method: record.method,
    path: record.path,
    query: queryOf(record.search),
    headers: headersOf(record.headers),
    status: record.status,
    response: undefined,
    duration_ms: Math.round(record.durationMs * 1000) / 1000,
  };
  if (record.bodyText !== undefined && record.bodyText !== '') {
    const body = parseCut(record.bodyText);
    entry.body = body.value;
    if (body.truncated) entry.body_truncated = true;
  }
  const response = parseCut(record.responseText);
  entry.response = response.value;
  if (response.truncated) entry.response_truncated = true;
  if (record.error !== undefined) entry.error = record.error;
  if (record.orgId !== undefined) entry.org_id = record.orgId;
  if (record.faultId !== undefined) entry.fault_id = record.faultId;
  return entry;
}
