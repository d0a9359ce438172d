import { messages } from '@marketing/domain';
import { BodyTooLargeError } from './body-too-large.js';
import { ControlError } from './control-error.js';
import { tooDenseMessage, tooDenseSteps } from './json-density.js';
import { JsonLimitError, type JsonLimits, parseJsonSteps, tooManyMembers } from './json-in-slices.js';
import { fail, failWith, type Outcome } from './responses.js';
import { runInSlices, runToEnd, type Steps } from './slices.js';

/**
 * What a request body may hold, the mock's own bounds (the service states none): no request has a
 * use for more, and each stalled or crashed the server when a body went past it. An object of
 * millions of keys took seconds and a 74 MB answer naming each; a 60 MB key was echoed back in
 * its 400; 3,000,000 nested lists took 4 s to refuse; a 60 MB cell kept in the journal 150 times
 * ran the server out of memory.
 */
export const bodyLimits: JsonLimits = { depth: 64, members: 10_000, stringChars: 1 << 20 };

/**
 * {@link bodyLimits} for a seed document: a string that is not a key may hold 16 MiB characters (a
 * text column holds a field of every contact in one: 1.5 million cells). A string is parsed in one
 * call whatever its length, so it is bounded still: 40 MB held the server 0.1 s.
 */
export const seedBodyLimits: JsonLimits = { ...bodyLimits, textChars: 16 * 2 ** 20 };

/** What a body is read from: a `Request`, or the mock's own view of one. */
export interface BodySource {
  headers: { get(name: string): string | null };
  /** The body as text; a transport that counts it as it streams stops past `maxBytes`. */
  text(maxBytes?: number): Promise<string>;
}

/**
 * The same source with its text read now, to its end or its failure: read before a request waits
 * its turn in a queue, so that a slow or stalled upload does not hold the turn (one held every
 * seed and new world for its 5-minute request timeout; one whose client left held them for good).
 *
 * @example
 * ```ts
 * const source = await readFirst(call, maxBytes);
 * await growth.run(() => readJsonBody(source, maxBytes));
 * ```
 */
export async function readFirst(request: BodySource, maxBytes: number): Promise<BodySource> {
  const text = request.text(maxBytes);
  await text.then(
    () => undefined,
    () => undefined,
  );
  return { headers: request.headers, text: () => text };
}

/** A body read as JSON, or the 4xx that answers it. */
export type ReadBody = { body: unknown } | { error: Outcome };

// Up to this size a body is parsed by JSON.parse alone: it cannot hold an object of more members,
// a longer string or a deeper nesting than the limits allow (a few milliseconds at worst).
const PLAIN_PARSE_UP_TO_CHARS = 48 * 1024;
// Parsing this much at once holds the thread about 10 ms; a larger body is parsed in slices.
const SLICED_PARSE_FROM_CHARS = 1 << 20;
const VALUES_PER_STEP = 50_000;

const tooComplex = (what: string) => fail(413, `${messages.bodyTooComplexPrefix}${what}, the mock's limit`);

/**
 * Reads a request body as JSON: `undefined` for an empty one, a 400 for text that is not JSON, a
 * 413 for one larger than `maxBytes` or past {@link bodyLimits}. A body over 1 MiB is parsed a
 * slice at a time, other requests answered between the slices.
 *
 * @example
 * ```ts
 * const read = await readJsonBody(call, 64 * 1024 * 1024);
 * if ('error' in read) return read.error;
 * ```
 */
export async function readJsonBody(
  request: BodySource,
  maxBytes: number,
  limits: JsonLimits = bodyLimits,
): Promise<ReadBody> {
  const encoding = request.headers.get('content-encoding');
  // Read as sent: a gzip body was refused as "not JSON", and one marked gzip but plain accepted.
  if (encoding !== null && !/^\s*(identity)?\s*$/i.test(encoding))
    return {
      error: fail(
        415,
        `${messages.bodyEncodedPrefix}(Content-Encoding: ${encoding.slice(0, 100)}): the mock reads bodies as sent; send it uncompressed, without that header`,
      ),
    };
  const tooLarge = () => ({ error: fail(413, `${messages.bodyTooLargePrefix}${maxBytes} bytes`) });
  let text: string;
  try {
    text = await request.text(maxBytes);
  } catch (error) {
    // A transport that counts the body as it streams stops at the limit (the Node server does).
    if (error instanceof BodyTooLargeError) return tooLarge();
    // One that has no room for it now (the Node server's 503 when bodies hold too much).
    if (error instanceof ControlError) return { error: failWith(error) };
    throw error;
  }
  if (text.length > maxBytes) return tooLarge();
  if (text.length > SLICED_PARSE_FROM_CHARS) return runInSlices(largeBodySteps(text, limits));
  if (text.length > PLAIN_PARSE_UP_TO_CHARS) return runToEnd(checkedBodySteps(text, limits));
  if (text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { error: fail(400, messages.bodyNotJson) };
  }
}

function* largeBodySteps(text: string, limits: JsonLimits): Steps<ReadBody> {
  if (yield* tooDenseSteps(text)) return { error: fail(413, tooDenseMessage) };
  yield;
  return yield* checkedBodySteps(text, limits);
}

function* checkedBodySteps(text: string, limits: JsonLimits): Steps<ReadBody> {
  if (!(yield* hasNonSpaceSteps(text))) return { body: undefined };
  let body: unknown;
  try {
    body = yield* parseJsonSteps(text, undefined, limits);
  } catch (error) {
    if (error instanceof JsonLimitError) return { error: tooComplex(error.what) };
    return { error: fail(400, messages.bodyNotJson) };
  }
  return yield* withinMembers(body);
}

// A regular expression finds a character that is not white space without copying (trim made a
// copy: 300 ms for 60 MB of spaces), a slice at a time (in one go, 60 MB held the thread 50 ms).
function* hasNonSpaceSteps(text: string): Steps<boolean> {
  for (let from = 0; from < text.length; from += SLICED_PARSE_FROM_CHARS) {
    if (/\S/.test(text.slice(from, from + SLICED_PARSE_FROM_CHARS))) return true;
    yield;
  }
  return false;
}

// The parse counts the members of objects too large to parse whole; this counts the others.
function* withinMembers(body: unknown): Steps<ReadBody> {
  const pending = [body];
  let seen = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== null && typeof item === 'object') pending.push(item);
        if (++seen % VALUES_PER_STEP === 0) yield;
      }
    } else {
      let members = 0;
      for (const key in value) {
        if (++members > bodyLimits.members) return { error: tooComplex(tooManyMembers(bodyLimits).what) };
        const item = (value as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') pending.push(item);
        if (++seen % VALUES_PER_STEP === 0) yield;
      }
    }
  }
  return { body };
}
