import type { ControlError } from './control-error.js';
import { textResponse } from './text-response.js';

/** What a handler answers: a status, an envelope, and any extra headers. */
export interface Outcome {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An answer of the core: the outcome, with what the transports and logs need to know of it. */
export interface Answer extends Outcome {
  /** The caller's organisation, when its key was known. */
  orgId?: string | undefined;
  /** The journal ID of a service request (also its `x-request-id` header). */
  requestId?: string | undefined;
  /** A body that is not a JSON envelope (the dashboard's page), written as it is. */
  raw?: { contentType: string; text: string } | undefined;
}

/** A success: its envelope carries `data` of type `T` (none when `T` is `undefined`). */
export interface Success<T> extends Outcome {
  body: { ok: true; data: T } | { ok: true };
  /** Never set: it keeps `T` in the type, so a success of one shape does not pass for another's. */
  readonly __data?: [T];
}

/** A refusal: its envelope carries the `error` (and maybe a `hint`). */
export interface Failure extends Outcome {
  body: { ok: false; error: unknown; hint?: string };
}

/** A success envelope `{ok: true, data}`; `{ok: true}` when there is no data. */
export function ok<T = undefined>(data?: T, status = 200): Success<NoInfer<T>> {
  return { status, body: data === undefined ? { ok: true } : { ok: true, data } };
}

/** What a failure may carry besides its `error`. */
export interface FailureExtras {
  /** Response headers (`allow`, `retry-after`). */
  headers?: Record<string, string>;
  /**
   * How to fix the call, as a sentence. The `error` keeps the service's exact text; the hint
   * travels beside it in the envelope (`{ok: false, error, hint}`).
   */
  hint?: string;
}

/** A failure envelope `{ok: false, error}`, or `{ok: false, error, hint}` when a hint is given. */
export function fail(status: number, error: unknown, extras: FailureExtras = {}): Failure {
  const body: Failure['body'] =
    extras.hint === undefined ? { ok: false, error } : { ok: false, error, hint: extras.hint };
  return extras.headers ? { status, body, headers: extras.headers } : { status, body };
}

/** A {@link ControlError}'s answer: its status, its message in an envelope, and its headers. */
export function failWith(error: ControlError): Failure {
  return fail(error.status, error.message, error.headers ? { headers: error.headers } : {});
}

// The text is kept on the outcome itself: a WeakMap entry per answer costs the collector more
// than the answer (weak tables are walked on every collection).
const TEXT = Symbol('bodyText');
type WithText = Outcome & { [TEXT]?: string };

/**
 * The JSON text of an outcome's body, made once: the transport writes it and the request journal
 * reads the same text later, so the journal shows what was sent even if records change after.
 */
export function bodyText(outcome: Outcome): string {
  const cached = (outcome as WithText)[TEXT];
  if (cached !== undefined) return cached;
  const pieces = (outcome as WithPieces)[PIECES];
  const text = pieces ? pieces.join('') : JSON.stringify(outcome.body);
  (outcome as WithText)[TEXT] = text;
  if (pieces) markSent(outcome);
  return text;
}

/**
 * The start of an outcome's JSON text, at least `chars` long when the text is: for the journal,
 * which keeps no more. An answer made in pieces is not joined (nor marked sent), so the transport
 * still writes it a piece at a time.
 */
export function bodyTextHead(outcome: Outcome, chars: number): string {
  const pieces = (outcome as WithText)[TEXT] === undefined ? (outcome as WithPieces)[PIECES] : undefined;
  if (!pieces) return bodyText(outcome);
  let head = '';
  for (const piece of pieces) {
    head += piece;
    if (head.length >= chars) break;
  }
  return head;
}

const SENT = Symbol('whenSent');
type WithSent = Outcome & { [SENT]?: { promise: Promise<void>; resolve: () => void } };
// A transport that never says it sent an answer in pieces does not hold the next export for ever.
const SENT_AT_THE_LATEST_MS = 120_000;

/**
 * Settles once a transport has sent (or given up on) an answer made in pieces, which it says with
 * {@link markSent}; at once for any other answer. An export waits for the one before it to be
 * sent, not only made: made and held unsent, several at once took gigabytes.
 */
export function whenSent(outcome: Outcome): Promise<void> {
  if ((outcome as WithPieces)[PIECES] === undefined) return Promise.resolve();
  const holder = outcome as WithSent;
  if (!holder[SENT]) {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    const timer = setTimeout(resolve, SENT_AT_THE_LATEST_MS);
    (timer as { unref?: () => void }).unref?.();
    holder[SENT] = {
      promise,
      resolve: () => {
        clearTimeout(timer);
        resolve();
      },
    };
  }
  return holder[SENT].promise;
}

/** Says that an answer has been sent, or will not be: see {@link whenSent}. */
export function markSent(outcome: Outcome): void {
  (outcome as WithSent)[SENT]?.resolve();
  (outcome as WithSent)[SENT] ??= { promise: Promise.resolve(), resolve: () => {} };
}

const PIECES = Symbol('bodyPieces');
type WithPieces = Outcome & { [PIECES]?: readonly string[] };

/**
 * A 200 whose body is JSON text made already in pieces (a state of a million contacts): the Node
 * server writes them one at a time, a turn of the event loop apart, where joining and writing
 * 80 MB at once held it 200 ms. Others take the joined text (`bodyText`).
 */
export function okPieces(pieces: readonly string[]): Outcome {
  const outcome: WithPieces = { status: 200, body: undefined };
  outcome[PIECES] = pieces;
  return outcome;
}

/**
 * A 200 `{"ok":true,"data":…}` whose data is JSON text made in pieces (see {@link okPieces}),
 * typed as `ok(data)` would be for a `data` of type `T`: for answers too large to make at once (a
 * campaign sent to 800,000 contacts, a state export, a run's sends).
 *
 * @example
 * ```ts
 * return okDataPieces<Campaign>(await runInSlices(campaignJsonSteps(campaign)));
 * ```
 */
export function okDataPieces<T = unknown>(dataPieces: readonly string[]): Success<T> {
  return okPieces(['{"ok":true,"data":', ...dataPieces, '}']) as unknown as Success<T>;
}

/** The pieces of an answer made by {@link okPieces}, not yet joined; `undefined` for any other. */
export function bodyPieces(outcome: Outcome): readonly string[] | undefined {
  return (outcome as WithText)[TEXT] === undefined ? (outcome as WithPieces)[PIECES] : undefined;
}

/**
 * A 200 whose body is JSON text made already (a large answer built in parts): transports write
 * the text as it is.
 */
export function okText(text: string): Outcome {
  const outcome: WithText = { status: 200, body: undefined };
  outcome[TEXT] = text;
  return outcome;
}

// Texts made of stored records, by what was made of them (an envelope, a projection) and by
// record: at most this many in all, dropped all at once past it.
const RECORD_TEXTS_KEPT = 4_096;
const recordTexts = new Map<string, Map<object, string>>();
let recordTextCount = 0;

/**
 * The JSON text of what `kind` makes of a stored record that is never changed in place (a change
 * replaces it, as the contact store does), made by `make` once and kept for the record's next
 * answer. Clients ask for the same contacts again and again: `JSON.stringify` was a quarter of
 * the core's time for a GET of one, and a third of a search's.
 *
 * @example
 * ```ts
 * recordText(contact, 'projection:_id,cell', () => JSON.stringify(projectContact(contact, projection)));
 * ```
 */
export function recordText(record: object, kind: string, make: () => string): string {
  let texts = recordTexts.get(kind);
  const kept = texts?.get(record);
  if (kept !== undefined) return kept;
  if (recordTextCount >= RECORD_TEXTS_KEPT) {
    recordTexts.clear();
    recordTextCount = 0;
    texts = undefined;
  }
  if (!texts) {
    texts = new Map();
    recordTexts.set(kind, texts);
  }
  const text = make();
  texts.set(record, text);
  recordTextCount += 1;
  return text;
}

/**
 * `ok(record)` for a stored record that is never changed in place: its envelope's text is made
 * once and kept for the record's next answer (see {@link recordText}).
 *
 * @example
 * ```ts
 * return okRecord(contactsOf(ctx).getByCell(ctx.cell)!);
 * ```
 */
export function okRecord<T extends object>(record: T): Success<T> {
  const outcome: Success<T> & { [TEXT]?: string } = { status: 200, body: { ok: true, data: record } };
  outcome[TEXT] = recordText(record, 'envelope', () => JSON.stringify(outcome.body));
  return outcome;
}

/**
 * `ok(data)` whose data's JSON text the caller made already (of texts kept with
 * {@link recordText}): it must be exactly `JSON.stringify(data)`, which the journal and every
 * transport then send.
 *
 * @example
 * ```ts
 * return okWithDataText({ contacts }, `{"contacts":[${texts.join(',')}]}`);
 * ```
 */
export function okWithDataText<T>(data: T, dataText: string): Success<T> {
  const outcome: Success<T> & { [TEXT]?: string } = { status: 200, body: { ok: true, data } };
  outcome[TEXT] = `{"ok":true,"data":${dataText}}`;
  return outcome;
}

/** The `error` of a failure envelope (`{ok: false, error}`); `undefined` for any other answer. */
export function envelopeError(outcome: Pick<Outcome, 'body'>): unknown {
  const envelope = outcome.body as { ok?: unknown; error?: unknown } | null | undefined;
  return envelope?.ok === false ? envelope.error : undefined;
}

/** Turns an outcome into a JSON `Response` (one that hands its text back without a stream). */
export function toResponse(answer: Answer, method?: string): Response {
  // A 204, 205 or 304 carries no body (the Response constructor refuses one), nor does a HEAD's answer.
  const empty = answer.status === 204 || answer.status === 205 || answer.status === 304 || method === 'HEAD';
  return textResponse(empty ? null : answer.raw ? answer.raw.text : bodyText(answer), {
    status: answer.status,
    headers: {
      'content-type': answer.raw ? answer.raw.contentType : 'application/json; charset=utf-8',
      ...answer.headers,
    },
  });
}

/**
 * A 200 answer that is a web page rather than an envelope (the dashboard), which no other site
 * may frame: a page of its own could lay it under a decoy and have a user click its buttons.
 */
export function htmlPage(text: string): Answer {
  return {
    status: 200,
    body: null,
    raw: { contentType: 'text/html; charset=utf-8', text },
    headers: { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" },
  };
}
