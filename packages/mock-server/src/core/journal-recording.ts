import type { Fault } from './faults.js';
import type { IncomingCall } from './handle-request.js';
import { JOURNAL_BODY_LIMIT, type RequestJournal } from './request-journal.js';
import type { RequestTarget } from './request-target.js';
import { type Answer, bodyTextHead, envelopeError } from './responses.js';

/** A request body read at most once, for the handler and for the journal. */
export class ReadOnce implements IncomingCall {
  #text: Promise<string> | undefined;
  readonly headerList: IncomingCall['headerList'];
  constructor(readonly call: IncomingCall) {
    this.headerList = call.headerList;
  }
  get method() {
    return this.call.method;
  }
  get url() {
    return this.call.url;
  }
  get headers() {
    return this.call.headers;
  }
  /** The body, read once; `maxBytes` is the first reader's (the handler's, for its endpoint). */
  text(maxBytes?: number): Promise<string> {
    this.#text ??= this.call.text(maxBytes);
    return this.#text;
  }
  /**
   * The body if it was read, or its head read now when the method may carry one: no handler will
   * read it, and the journal keeps at most its first 64 kB (read whole, a hundred 30 MiB uploads
   * refused 401 were each held in full for it).
   */
  bodyForJournal(): Promise<string> | undefined {
    if (this.#text) return this.#text;
    if (this.method === 'GET' || this.method === 'HEAD') return undefined;
    return this.call.head ? this.call.head(JOURNAL_BODY_LIMIT + 1) : this.text();
  }
}

/** A service request as it is answered: what the journal records of it besides the answer. */
export interface PendingRequest {
  call: ReadOnce;
  url: RequestTarget;
  path: string;
  /** `performance.now()` when the request arrived. */
  started: number;
  /** The mock's clock when the request arrived. */
  atMs: number;
  requestId: string;
}

// The request's headers as names and values in turn: the transports lend a list (Node's raw
// headers, a call from `init`), and a fetch `Request`'s `Headers` iterate as pairs. A call made
// by hand may have neither: the journal then shows no headers.
function headerList(call: IncomingCall): readonly string[] {
  if (call.headerList) return call.headerList;
  if (!(Symbol.iterator in call.headers)) return [];
  const list: string[] = [];
  for (const [name, value] of call.headers as Iterable<[string, string]>) list.push(name, value);
  return list;
}

// The answer's headers as a transport writes them: the content type first, then the answer's own.
function answerHeaderList(headers: Record<string, string>): string[] {
  const list = ['content-type', 'application/json; charset=utf-8'];
  for (const name in headers) list.push(name, headers[name]!);
  return list;
}

// A refusal's error, kept apart so a listed page can show it without reading the whole answer.
function errorTextOf(answer: Answer): string | undefined {
  const error = envelopeError(answer);
  return error === undefined ? undefined : JSON.stringify(error);
}

/** Stamps an answer with its request ID and keeps it in the journal. */
export function recordAnswer(
  journal: RequestJournal,
  { call, url, path, started, atMs, requestId }: PendingRequest,
  answer: Answer,
  fault: Fault | undefined,
): Answer {
  answer.requestId = requestId;
  answer.headers = answer.headers
    ? { ...answer.headers, 'x-request-id': requestId }
    : { 'x-request-id': requestId };
  journal.add(
    {
      id: requestId,
      atMs,
      method: call.method,
      path,
      search: url.search,
      headers: headerList(call),
      responseHeaders: answerHeaderList(answer.headers),
      bodyText: undefined,
      status: answer.status,
      // The journal keeps at most this much of an answer: one made in pieces is not joined for it.
      responseText: bodyTextHead(answer, JOURNAL_BODY_LIMIT + 1),
      errorText: answer.status >= 400 ? errorTextOf(answer) : undefined,
      orgId: answer.orgId,
      durationMs: performance.now() - started,
      faultId: fault?.fault_id,
    },
    // The body joins the record once read, without holding up the answer.
    call.bodyForJournal(),
  );
  return answer;
}
