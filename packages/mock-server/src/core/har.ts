import { VERSION } from '../version.js';
import type { TextBound } from './json-pieces.js';
import type { RequestLogEntry } from './request-journal.js';
import { utf8Length } from './utf8-length.js';

/** A name and value of a HAR header or query parameter. */
export interface HarPair {
  name: string;
  value: string;
}

/** One request and its answer in a HAR 1.2 log. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: HarPair[];
    queryString: HarPair[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: HarPair[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    /** Set when the mock dropped the connection (status 0): no answer was sent. */
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** The journal entry's ID (the answer's `x-request-id`). */
  _request_id: string;
}

/** A HAR 1.2 document (`{log: {...}}`) of the request journal. */
export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    /** Set when a body or answer in the journal was cut at 64 kB. */
    comment?: string;
  };
}

const pairs = (record: Record<string, string | string[]>): HarPair[] =>
  Object.entries(record).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })),
  );

// The core also runs in browsers: no node:http table, no Buffer.
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const textOf = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The journal's entries as a HAR 1.2 log, for browser dev tools and HAR viewers. URLs are the
 * mock's base URL with each entry's path and query; keys are redacted as in the journal.
 *
 * @example
 * ```ts
 * const har = harOf(mock.requests(), mock.baseUrl);
 * har.log.entries[0]?.request.url; // 'https://api.marketing.test/tags'
 * ```
 */
export function harOf(entries: readonly RequestLogEntry[], baseUrl: string): HarLog {
  return {
    log: {
      version: '1.2',
      creator: CREATOR,
      entries: entries.map((entry) => harEntryOf(entry, baseUrl)),
      ...(entries.some(isCut) ? { comment: CUT_COMMENT } : {}),
    },
  };
}

/**
 * The text of {@link harOf} (what `JSON.stringify` makes of it) in pieces, an entry each, with a
 * turn of the event loop between a few: a log of 1,000 entries of 64 kB is 84 MB, which made at
 * once held the server's thread for a second or two. Past `bound.most` bytes (of UTF-8) it stops and
 * throws the bound's error.
 *
 * @example
 * ```ts
 * const text = (await harJsonPieces(journal.listInTurns(), baseUrl)).join('');
 * ```
 */
export async function harJsonPieces(
  entries: AsyncIterable<RequestLogEntry>,
  baseUrl: string,
  bound?: TextBound,
): Promise<string[]> {
  const pieces = [`{"log":{"version":"1.2","creator":${JSON.stringify(CREATOR)},"entries":[`];
  let cut = false;
  const tail = () => (cut ? CUT_TAIL : TAIL);
  let length = utf8Length(pieces[0]!);
  for await (const entry of entries) {
    cut ||= isCut(entry);
    const piece = `${pieces.length > 1 ? ',' : ''}${JSON.stringify(harEntryOf(entry, baseUrl))}`;
    // Counted as it is made, its closing text too: escaping (a control character is six) and
    // headers made the HAR of some journals several times their bodies' bytes.
    length += utf8Length(piece);
    if (bound && length + utf8Length(tail()) > bound.most) throw bound.tooLarge();
    pieces.push(piece);
  }
  pieces.push(tail());
  return pieces;
}

const CREATOR = { name: 'marketing-mock', version: VERSION };
const CUT_COMMENT = 'Bodies and answers longer than 64 kB are cut, as in the journal.';
// The text that closes the log, with the comment when an entry was cut.
const TAIL = ']}}';
const CUT_TAIL = `],"comment":${JSON.stringify(CUT_COMMENT)}}}`;
const isCut = (entry: RequestLogEntry) => entry.body_truncated === true || entry.response_truncated === true;

function harEntryOf(entry: RequestLogEntry, baseUrl: string): HarEntry {
  const query = new URLSearchParams();
  for (const { name, value } of pairs(entry.query)) query.append(name, value);
  const search = query.toString();
  const body = textOf(entry.body);
  const response = entry.status === 0 ? '' : textOf(entry.response);
  const mimeType = entry.response_headers['content-type'] ?? 'application/json; charset=utf-8';
  return {
    startedDateTime: entry.at,
    time: entry.duration_ms,
    request: {
      method: entry.method,
      url: `${baseUrl}${entry.path}${search ? `?${search}` : ''}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(entry.headers),
      queryString: pairs(entry.query),
      ...(entry.body === undefined
        ? {}
        : { postData: { mimeType: entry.headers['content-type'] ?? 'application/json', text: body } }),
      headersSize: -1,
      bodySize: entry.body === undefined ? 0 : utf8Length(body),
    },
    response: {
      status: entry.status,
      statusText: STATUS_TEXT[entry.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: entry.status === 0 ? [] : pairs(entry.response_headers),
      content: { size: utf8Length(response), mimeType, text: response },
      redirectURL: '',
      headersSize: -1,
      bodySize: entry.status === 0 ? 0 : utf8Length(response),
      ...(entry.status === 0 ? { _error: 'The mock dropped the connection (an armed fault)' } : {}),
    },
    cache: {},
    timings: { send: 0, wait: entry.duration_ms, receive: 0 },
    _request_id: entry.id,
  };
}
