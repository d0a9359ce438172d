import { isIsoInstant, notAnInstant } from './iso-instant.js';
import { ListPieces } from './json-pieces.js';
import { newest } from './newest.js';
import { OffHeapTexts } from './off-heap-texts.js';
import { pathMatches } from './path-pattern.js';
import { CONTROL_TOKEN_HEADER, redactSecret } from './redact.js';
import { envelopeError } from './responses.js';
import { sliceTurn, spentInTurn } from './slices.js';

/** The most of a request or response body the journal keeps, in characters. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;

/** The most of a body or response each entry of a listed journal page shows, in characters. */
export const JOURNAL_LIST_CUT = 4 * 1024;

/** How many entries `GET /__mock/requests` answers when no `limit` is given. */
export const JOURNAL_LIST_DEFAULT = 100;

/** The largest `limit` `GET /__mock/requests` takes. */
export const JOURNAL_LIST_MAX = 1000;

/** One request the mock answered, as `mock.requests()` and `GET /__mock/requests` list it. */
export interface RequestLogEntry {
  /** Also the `x-request-id` header of the answer. */
  id: string;
  /** When the request arrived, on the mock's clock (ISO 8601). */
  at: string;
  method: string;
  /** The path under the base URL: `/contacts/27821234567`. */
  path: string;
  /**
   * The query parameters; a repeated parameter is a list of its values in order. A `key`
   * parameter (a postback key) shows its last 4 characters, as `authorization` does.
   */
  query: Record<string, string | string[]>;
  /**
   * The request headers as they arrived, names in lower case; a repeated header once, its values
   * joined with `, `. `authorization` shows its scheme and last 4 characters, `x-mock-token` (the
   * control token) its last 4.
   */
  headers: Record<string, string>;
  /** The body: parsed JSON, or the raw text when it is not JSON; cut at 64 kB (then `body_truncated`). */
  body?: unknown;
  body_truncated?: true;
  status: number;
  /** The envelope that was answered, cut at 64 kB (then `response_truncated` and the raw text). */
  response: unknown;
  response_truncated?: true;
  /** The answer's headers, names in lower case: `content-type`, `x-request-id`, `retry-after`, `allow`. */
  response_headers: Record<string, string>;
  /**
   * Set in a listed page (`GET /__mock/requests`) when `body` or `response` was cut at 4 kB to
   * keep the page small; `GET /__mock/requests/<id>` answers the entry whole.
   */
  truncated?: true;
  /** The envelope's `error` when `ok` is false. */
  error?: unknown;
  /** The caller's organisation, when its key was known. */
  org_id?: string;
  duration_ms: number;
  /** The armed fault that shaped the answer, if one did. */
  fault_id?: string;
  /** The world that answered (`POST /__mock/worlds`); left out for the default world. */
  world?: string;
}

/** A page of the journal, as `GET /__mock/requests` answers it. */
export interface RequestPage {
  /** The matching entries, oldest first, bodies and answers cut at 4 kB. */
  entries: RequestLogEntry[];
  /** How many entries the journal's bound has dropped since it was last emptied. */
  dropped: number;
  /**
   * How many times the journal has been emptied (`DELETE /__mock/requests`, a reset). A reader
   * polling with `after` that sees it change knows the entries it holds are gone.
   */
  emptied: number;
}

/** A status class: `4xx` matches 400 to 499. */
export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

/** Which journal entries to list or count. Every field is optional and they combine. */
export interface RequestFilter {
  /** Exact method: `POST`. */
  method?: string;
  /** Exact path, or a pattern with `:name` segments: `/contacts/:cell`. */
  path?: string;
  /** An exact status (`404`), or a class (`'4xx'`, `'5xx'`). */
  status?: number | StatusClass;
  /** Only failures: status 0 (a dropped connection) or 400 and above. */
  failed?: boolean;
  /** Exact organisation ID. */
  org?: string;
  /** Only entries at or after this instant (ISO 8601). */
  since?: string;
  /** Only entries newer than this entry ID (a dropped or cleared ID still works: IDs are ordered). */
  after?: string;
  /** Exactly this entry ID (the `x-request-id` of an answer). */
  id?: string;
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
  /** The answer's headers, names and values in turn. */
  responseHeaders?: readonly string[];
  /** The request body when it is known as the record is made; one read later is given to `add`. */
  bodyText: string | undefined;
  status: number;
  /** The answer's text as sent; the entry's `response` is read from it. */
  responseText: string;
  /** The envelope's `error` as JSON, for a refusal: a listed page shows it without the answer. */
  errorText?: string | undefined;
  orgId: string | undefined;
  durationMs: number;
  faultId: string | undefined;
}

/** A filter that is not usable; the message names the field. */
export class RequestFilterError extends Error {
  override name = 'RequestFilterError' as const;
}

const FILTER_FIELDS = ['method', 'path', 'status', 'failed', 'org', 'since', 'after', 'id', 'limit'];
const notWholeNumber = (name: string) => `${name}: Expected a whole number of 0 or more`;

function refuseUnknownFilters(names: Iterable<string>): void {
  for (const name of names)
    if (!FILTER_FIELDS.includes(name))
      throw new RequestFilterError(`${name}: Unknown filter; use ${FILTER_FIELDS.join(', ')}`);
}

/**
 * Refuses a query parameter given more than once, naming it: a filter takes one value, and
 * silently taking the first of two would hide the caller's mistake.
 */
export function refuseRepeatedParams(params: URLSearchParams): void {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (seen.has(name)) throw new RequestFilterError(`${name}: Given more than once; give it once`);
    seen.add(name);
  }
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
 * Reads a filter from query parameters (`?method=POST&path=/contacts/:cell&status=4xx`). Throws
 * `RequestFilterError` naming an unknown field, a repeated one or a bad value.
 */
export function filterFromQuery(params: URLSearchParams): RequestFilter {
  refuseUnknownFilters(params.keys());
  refuseRepeatedParams(params);
  const filter: Record<string, string | number | boolean | undefined> = Object.fromEntries(params);
  const status = params.get('status');
  if (status !== null) filter.status = /^\d+$/.test(status) ? Number(status) : status;
  const limit = wholeNumberParam(params, 'limit');
  if (limit !== undefined) filter.limit = limit;
  const failed = params.get('failed');
  if (failed !== null) {
    if (failed !== 'true' && failed !== 'false')
      throw new RequestFilterError('failed: Expected true or false');
    filter.failed = failed === 'true';
  }
  return checkFilter(filter as RequestFilter);
}

const ID_PATTERN = /^req_[0-9a-f]{8}([0-9a-f]{16})$/;
// The journal's IDs end in a counter shared by every ID the mock makes: larger is newer.
const idOrder = (id: string): number | undefined => {
  const match = ID_PATTERN.exec(id);
  return match ? Number.parseInt(match[1]!, 16) : undefined;
};
// The same for a record's ID, which the mock made: read without the pattern, which took 4% of an
// in-process GET.
const recordOrder = (id: string): number | undefined =>
  id.length === 28 && id.startsWith('req_') ? Number.parseInt(id.slice(12), 16) : idOrder(id);

/** Checks a filter given in process; throws `RequestFilterError` naming what is wrong. */
export function checkFilter(filter: RequestFilter): RequestFilter {
  refuseUnknownFilters(Object.keys(filter));
  if (filter.since !== undefined && !isIsoInstant(filter.since))
    throw new RequestFilterError(`since: ${notAnInstant(filter.since)}`);
  const { status, limit } = filter;
  if (
    status !== undefined &&
    !(typeof status === 'number'
      ? Number.isInteger(status) && status >= 0
      : typeof status === 'string' && /^[1-5]xx$/.test(status))
  )
    throw new RequestFilterError('status: Expected a status code (404) or a class (4xx, 5xx)');
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0))
    throw new RequestFilterError(notWholeNumber('limit'));
  if (filter.failed !== undefined && typeof filter.failed !== 'boolean')
    throw new RequestFilterError('failed: Expected true or false');
  if (filter.after !== undefined && idOrder(filter.after) === undefined)
    throw new RequestFilterError('after: Expected a request ID (req_ and 24 hex digits)');
  if (filter.id !== undefined && typeof filter.id !== 'string')
    throw new RequestFilterError('id: Expected a request ID');
  return filter;
}

const PAGE_BATCH = 50;
const PAGE_BATCH_BYTES = 512 * 1024;

/** How a read shows each entry's body and answer. */
interface EntryView {
  /** Cut body and answer texts at this many characters (a listed page: 4 kB). */
  cut: number;
}

/**
 * The request journal: what the mock answered, newest last, bounded at `limit` entries. Entries
 * are formatted when read.
 *
 * Cheap to write and cheap to keep: numbers go into typed columns and the texts of a record (its
 * ID, path, query, headers and the answer) into {@link OffHeapTexts}, outside the JS heap, so
 * that young-generation collections do not copy a thousand records on every request.
 */
export class RequestJournal {
  readonly #limit: number;
  #next = 0;
  #count = 0;
  #dropped = 0;
  #emptied = 0;
  // Tells a body read after its record apart from a later record in the same slot.
  #serial = 0;
  readonly #serials: Float64Array;
  // Each slot's place in time: its ID's counter (IDs are ordered), for `after` and `id`.
  readonly #order: Float64Array;
  readonly #atMs: Float64Array;
  readonly #durationMs: Float64Array;
  readonly #status: Uint16Array;
  readonly #requestHeaderParts: Int32Array;
  // Short strings the process already holds (methods, organisation IDs), or rare ones.
  readonly #method: string[];
  readonly #orgId: (string | undefined)[];
  readonly #faultId: (string | undefined)[];
  // Each slot's head: its ID, path, query, request header names and values, then the answer's,
  // each ended by a line feed (URLs and headers exclude it; a call made in process that slips one
  // in shows a space). The answer and the body are kept apart, so filtering decodes heads only.
  readonly #heads: OffHeapTexts;
  readonly #responses: OffHeapTexts;
  readonly #bodies: OffHeapTexts;
  readonly #errors: OffHeapTexts;

  readonly #world: string | undefined;

  /** Keeps the newest `limit` records; `world` names a world's journal (not the default world's). */
  constructor(limit: number, world?: string) {
    this.#limit = limit;
    this.#world = world;
    this.#serials = new Float64Array(limit);
    this.#order = new Float64Array(limit);
    this.#atMs = new Float64Array(limit);
    this.#durationMs = new Float64Array(limit);
    this.#status = new Uint16Array(limit);
    this.#requestHeaderParts = new Int32Array(limit);
    this.#method = new Array<string>(limit).fill('');
    this.#orgId = new Array<string | undefined>(limit).fill(undefined);
    this.#faultId = new Array<string | undefined>(limit).fill(undefined);
    this.#heads = new OffHeapTexts(limit);
    this.#responses = new OffHeapTexts(limit);
    this.#bodies = new OffHeapTexts(limit);
    this.#errors = new OffHeapTexts(limit);
  }

  /** How many entries the bound has dropped since the journal was made or last cleared. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The most entries the journal keeps. */
  get limit(): number {
    return this.#limit;
  }

  /**
   * Keeps a record, dropping the oldest past the limit. `laterBody` is the request body still
   * being read; it joins the record when it arrives, unless the record has been dropped by then.
   */
  add(record: JournalRecord, laterBody?: Promise<string>): void {
    if (this.#limit === 0) {
      this.#dropped++;
      return;
    }
    const slot = this.#next;
    this.#next = (slot + 1) % this.#limit;
    if (this.#count < this.#limit) this.#count++;
    else this.#dropped++;
    const serial = ++this.#serial;
    this.#serials[slot] = serial;
    this.#order[slot] = recordOrder(record.id) ?? serial;
    this.#atMs[slot] = record.atMs;
    this.#durationMs[slot] = record.durationMs;
    this.#status[slot] = record.status;
    this.#method[slot] = record.method;
    this.#orgId[slot] = record.orgId;
    this.#faultId[slot] = record.faultId;
    this.#requestHeaderParts[slot] = record.headers.length;
    let head = `${record.id}\n${oneLine(record.path)}\n${oneLine(record.search)}\n`;
    for (const part of record.headers) head += `${oneLine(part)}\n`;
    if (record.responseHeaders) for (const part of record.responseHeaders) head += `${oneLine(part)}\n`;
    this.#heads.set(slot, head);
    this.#responses.set(slot, keptText(record.responseText));
    if (record.errorText === undefined) this.#errors.delete(slot);
    else this.#errors.set(slot, keptError(record.errorText));
    if (record.bodyText === undefined) this.#bodies.delete(slot);
    else this.#bodies.set(slot, keptText(record.bodyText));
    laterBody?.then(
      (text) => {
        if (this.#serials[slot] === serial) this.#bodies.set(slot, keptText(text));
      },
      () => {},
    );
  }

  /**
   * How many times the journal has been emptied (`DELETE /__mock/requests`, a reset): a reader
   * that polls with `after` sees it change and knows the entries it shows are gone.
   */
  get emptied(): number {
    return this.#emptied;
  }

  /** The bytes its texts take outside the JS heap (each body and answer at most 64 kB). */
  get bytesHeld(): number {
    return (
      this.#heads.bytesHeld + this.#responses.bytesHeld + this.#bodies.bytesHeld + this.#errors.bytesHeld
    );
  }

  /** Empties the journal and its count of dropped entries. */
  clear(): void {
    this.#emptied++;
    this.#next = 0;
    this.#count = 0;
    this.#dropped = 0;
    this.#serials.fill(0);
    this.#heads.clear();
    this.#responses.clear();
    this.#bodies.clear();
    this.#errors.clear();
  }

  // The slots kept, oldest first.
  #inOrder(): number[] {
    const first = this.#count < this.#limit ? 0 : this.#next;
    return Array.from({ length: this.#count }, (_, n) => (first + n) % this.#limit);
  }

  #matching(filter: RequestFilter): number[] {
    const since = filter.since === undefined ? undefined : Date.parse(filter.since);
    const after = filter.after === undefined ? undefined : idOrder(filter.after);
    const idOrderWanted = filter.id === undefined ? undefined : idOrder(filter.id);
    const method = filter.method?.toUpperCase();
    const { status } = filter;
    const classLow = typeof status === 'string' ? Number(status[0]) * 100 : undefined;
    const needsHead = filter.path !== undefined || filter.id !== undefined;
    return this.#inOrder().filter((slot) => {
      const code = this.#status[slot]!;
      if (method !== undefined && this.#method[slot] !== method) return false;
      if (typeof status === 'number' && code !== status) return false;
      if (classLow !== undefined && (code < classLow || code >= classLow + 100)) return false;
      if (filter.failed === true && !(code === 0 || code >= 400)) return false;
      if (filter.failed === false && (code === 0 || code >= 400)) return false;
      if (filter.org !== undefined && this.#orgId[slot] !== filter.org) return false;
      if (since !== undefined && this.#atMs[slot]! < since) return false;
      if (after !== undefined && this.#order[slot]! <= after) return false;
      if (idOrderWanted !== undefined && this.#order[slot] !== idOrderWanted) return false;
      if (!needsHead) return true;
      const head = this.#head(slot);
      return (
        (filter.id === undefined || head.id === filter.id) &&
        (filter.path === undefined || pathMatches(filter.path, head.path))
      );
    });
  }

  #head(slot: number) {
    const [id, path, search, ...headers] = this.#heads.get(slot)!.slice(0, -1).split('\n') as [
      string,
      string,
      string,
      ...string[],
    ];
    const requestParts = this.#requestHeaderParts[slot]!;
    return {
      id,
      path,
      search,
      headers: headers.slice(0, requestParts),
      responseHeaders: headers.slice(requestParts),
    };
  }

  #entry(slot: number, view: EntryView): RequestLogEntry {
    const { id, path, search, headers, responseHeaders } = this.#head(slot);
    const status = this.#status[slot]!;
    const entry: RequestLogEntry = {
      id,
      at: new Date(this.#atMs[slot]!).toISOString(),
      method: this.#method[slot]!,
      path,
      query: queryOf(search),
      headers: headersOf(headers),
      status,
      response: undefined,
      response_headers: headersOf(responseHeaders),
      duration_ms: Math.round(this.#durationMs[slot]! * 1000) / 1000,
    };
    if (this.#world !== undefined) entry.world = this.#world;
    let truncated = false;
    const body = this.#text(this.#bodies, slot, view.cut);
    if (body !== undefined && body.text !== '') {
      entry.body = body.value;
      if (body.truncated) {
        if (view.cut < JOURNAL_BODY_LIMIT) truncated = true;
        else entry.body_truncated = true;
      }
    }
    const response = this.#text(this.#responses, slot, view.cut)!;
    entry.response = response.value;
    if (response.truncated) {
      if (view.cut < JOURNAL_BODY_LIMIT) truncated = true;
      else entry.response_truncated = true;
    }
    if (truncated) entry.truncated = true;
    // The error is the whole answer's, cut or not: a refusal's error is what people look for.
    const errorText = this.#errors.get(slot);
    const error =
      errorText !== undefined
        ? parseJson(errorText)
        : status === 0 || status >= 400
          ? envelopeError({
              body: response.truncated ? parseJson(this.#responses.get(slot)!) : response.value,
            })
          : undefined;
    if (error !== undefined) entry.error = error;
    const orgId = this.#orgId[slot];
    if (orgId !== undefined) entry.org_id = orgId;
    const faultId = this.#faultId[slot];
    if (faultId !== undefined) entry.fault_id = faultId;
    return entry;
  }

  #newest(filter: RequestFilter): number[] {
    return newest(this.#matching(checkFilter(filter)), filter.limit);
  }

  // A slot's text as an entry shows it: parsed JSON, or the text cut at `cut` characters. Only
  // what can be shown is decoded: a listed page of 1,000 entries of 60 kB decodes 4 kB of each.
  #text(texts: OffHeapTexts, slot: number, cut: number) {
    const start = texts.getStart(slot, cut);
    if (start === undefined) return undefined;
    if (start.whole && start.text.length <= cut) {
      const parsed = parseJson(start.text);
      return { text: start.text, value: parsed === undefined ? start.text : parsed, truncated: false };
    }
    const text = start.text.slice(0, cut);
    return { text, value: text, truncated: true };
  }

  /** The entries that match, oldest first, whole (bodies and answers up to 64 kB). */
  list(filter: RequestFilter = {}): RequestLogEntry[] {
    return this.#newest(filter).map((slot) => this.#entry(slot, { cut: JOURNAL_BODY_LIMIT }));
  }

  /**
   * A page of entries as `GET /__mock/requests` answers it: the newest `limit` (default 100, at
   * most 1,000) that match, oldest first, each body and answer cut at 4 kB (`truncated: true`).
   */
  page(filter: RequestFilter = {}): RequestLogEntry[] {
    return this.#pageSlots(filter).map((slot) => this.#entry(slot, { cut: JOURNAL_LIST_CUT }));
  }

  #pageSlots(filter: RequestFilter): number[] {
    const limit = filter.limit ?? JOURNAL_LIST_DEFAULT;
    if (limit > JOURNAL_LIST_MAX)
      throw new RequestFilterError(`limit: At most ${JOURNAL_LIST_MAX}; page with after=<id>`);
    return this.#newest({ ...filter, limit });
  }

  /**
   * The same page as {@link page}, as JSON text, made 50 entries at a time with a turn of the
   * event loop between: a page of 1,000 large entries never holds other requests (a health
   * check) for long. An entry dropped while the page is made is left out.
   */
  async pageJson(filter: RequestFilter = {}): Promise<string> {
    return (await this.pageJsonPieces(filter)).join('');
  }

  /**
   * The text of {@link pageJson} in pieces of about 64 kB, for a transport to write one at a time:
   * joined and written whole, eight pages of 10 MB at once held a health check 100-170 ms.
   */
  async pageJsonPieces(filter: RequestFilter = {}): Promise<string[]> {
    const pieces = new ListPieces('[');
    for await (const entry of this.#inTurns(this.#pageSlots(filter), { cut: JOURNAL_LIST_CUT }))
      pieces.add(JSON.stringify(entry));
    return pieces.end(']');
  }

  /**
   * The entries {@link list} gives, made a few at a time with a turn of the event loop between: 50,
   * or fewer when they are large (each up to 64 kB of body and answer). An entry dropped meanwhile
   * is left out.
   */
  listInTurns(filter: RequestFilter = {}): AsyncGenerator<RequestLogEntry> {
    return this.#inTurns(this.#newest(filter), { cut: JOURNAL_BODY_LIMIT });
  }

  async *#inTurns(slots: number[], view: EntryView): AsyncGenerator<RequestLogEntry> {
    const serials = slots.map((slot) => this.#serials[slot]);
    let bytes = 0;
    // The time from one wait to the next, the reader's work included, counts against the turn's
    // budget that every sliced task shares.
    let started = performance.now();
    for (let k = 0, batch = 0; k < slots.length; k++, batch++) {
      // Fifty small entries, or fewer large ones: 50 entries of 60 kB held the thread 150 ms.
      if (batch === PAGE_BATCH || bytes > PAGE_BATCH_BYTES) {
        spentInTurn(performance.now() - started);
        await sliceTurn();
        started = performance.now();
        batch = 0;
        bytes = 0;
      }
      const slot = slots[k]!;
      bytes +=
        Math.min(view.cut, this.#responses.byteLength(slot)) +
        Math.min(view.cut, this.#bodies.byteLength(slot));
      if (this.#serials[slot] === serials[k]) yield this.#entry(slot, view);
    }
  }

  /** The entry with this ID, whole; `undefined` when it is not (or no longer) in the journal. */
  get(id: string): RequestLogEntry | undefined {
    const [slot] = this.#matching({ id });
    return slot === undefined ? undefined : this.#entry(slot, { cut: JOURNAL_BODY_LIMIT });
  }

  /**
   * How many entries a filter matches, and the fewest bytes an export of them takes: their bodies
   * and answers as the journal keeps them (an export escapes some characters, and adds headers
   * and fields), so that an export surely too large is refused before any of it is made.
   */
  exportBytes(filter: RequestFilter = {}): { entries: number; bytes: number } {
    const slots = this.#newest(filter);
    let bytes = 0;
    for (const slot of slots)
      bytes +=
        Math.min(JOURNAL_BODY_LIMIT, this.#responses.byteLength(slot)) +
        Math.min(JOURNAL_BODY_LIMIT, this.#bodies.byteLength(slot));
    return { entries: slots.length, bytes };
  }

  /** How many entries match (the `limit` of the filter does not apply). */
  count(filter: RequestFilter = {}): number {
    return this.#matching(checkFilter(filter)).length;
  }
}

// An entry shows a body or answer cut at the limit: one character past it is enough to know it
// was cut. Kept whole, a thousand answers of 60 MB (a search echoing a 60 MB cell) ran the server
// out of memory.
const keptText = (text: string) =>
  text.length > JOURNAL_BODY_LIMIT ? text.slice(0, JOURNAL_BODY_LIMIT + 1) : text;

// A refusal's error is shown whole, parsed, up to four times the limit; a longer one (a 60 MB key
// named in a 400) is kept as the text of its start.
const JOURNAL_ERROR_LIMIT = 4 * JOURNAL_BODY_LIMIT;
const keptError = (text: string) =>
  text.length > JOURNAL_ERROR_LIMIT ? JSON.stringify(`${text.slice(0, JOURNAL_ERROR_LIMIT)}…`) : text;

const oneLine = (part: string) => (part.includes('\n') ? part.replaceAll('\n', ' ') : part);

function redact(name: string, value: string): string {
  // The control token is as secret as a key, and shown as little of.
  if (name === CONTROL_TOKEN_HEADER) return redactSecret(value);
  if (name !== 'authorization') return value;
  const [scheme, secret] = value.includes(' ') ? value.split(/\s+/, 2) : ['', value];
  return `${scheme ? `${scheme} ` : ''}${redactSecret(secret ?? '')}`;
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

// A Map, not an object: a parameter named `toString` or `__proto__` is a parameter like any other.
function queryOf(search: string): Record<string, string | string[]> {
  const query = new Map<string, string | string[]>();
  for (const [name, raw] of new URLSearchParams(search)) {
    // A postback key in the URL is as secret as one in `authorization`.
    const value = name === 'key' ? redactSecret(raw) : raw;
    const previous = query.get(name);
    query.set(
      name,
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value],
    );
  }
  return Object.fromEntries(query);
}

/** How deep JSON may nest for the journal to show it parsed: deeper, it shows the text. */
const MAX_JSON_DEPTH = 256;

// JSON.parse takes any depth, but JSON.stringify (every answer that lists the entry) recurses and
// overflows the stack near 5,000 levels; such a body is shown as its text.
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let n = 0; n < text.length; n++) {
    const c = text.charCodeAt(n);
    if (inString) {
      if (c === 92) n++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

function parseJson(text: string): unknown {
  if (nestsTooDeep(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
