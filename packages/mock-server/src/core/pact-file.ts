import * as z from 'zod';
import { ControlError } from './control-error.js';
import type { ProviderState } from './pact-states.js';
import type { RequestLogEntry } from './request-journal.js';
import { runToEnd, type Steps } from './slices.js';

const ENTRIES_PER_STEP = 50;
const CHARS_PER_STEP = 512 * 1024;

/** The two sides a pact is between: `mock.pact({consumer: 'web-app', provider: 'marketing-service'})`. */
export interface PactParties {
  consumer: string;
  provider: string;
}

const PartiesSchema = z.strictObject({
  consumer: z.string().min(1, 'Name the consumer (the application that made the calls)'),
  provider: z.string().min(1, 'Name the provider (the service the pact is with)'),
});

/**
 * Checks the parties of a pact (`?consumer=&provider=` or `mock.pact(...)`); throws a
 * `ControlError` (400) naming a missing or unknown field.
 */
export function checkParties(parties: unknown): PactParties {
  const result = PartiesSchema.safeParse(parties);
  if (!result.success)
    throw new ControlError(
      400,
      result.error.issues
        .map((i) => {
          const field = i.path.join('.') || (i.code === 'unrecognized_keys' ? i.keys.join(', ') : 'parties');
          const message =
            i.code === 'invalid_type' && i.input === undefined
              ? 'Required: name it'
              : i.code === 'unrecognized_keys'
                ? 'Unknown; use consumer and provider'
                : i.message;
          return `${field}: ${message}`;
        })
        .join('; '),
    );
  return result.data;
}

/** A body in a Pact V4 file. */
export interface PactBody {
  content: unknown;
  contentType: string;
  encoded: false;
}

/** One HTTP interaction of a Pact V4 file. */
export interface PactInteraction {
  type: 'Synchronous/HTTP';
  description: string;
  providerStates?: ProviderState[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: PactBody;
  };
  response: {
    status: number;
    body?: PactBody;
    matchingRules?: { body: Record<string, { combine: 'AND'; matchers: { match: 'type' }[] }> };
  };
}

/** A Pact V4 file (pact specification 4.0) of HTTP interactions. */
export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
  metadata: {
    pactSpecification: { version: '4.0' };
    'marketing-mock': { version: string; skipped: { faults: number; truncated: number } };
  };
}

/**
 * Request headers left out of an exported pact: credentials (`authorization`, `cookie`, the
 * control token), and headers that describe the connection or the client program rather than the
 * call, which a verifier sets itself or which would differ on every run. `sec-*` stands for every
 * header with that prefix.
 *
 * @example
 * ```ts
 * PACT_OMITTED_HEADERS.includes('authorization'); // true
 * ```
 */
export const PACT_OMITTED_HEADERS: readonly string[] = [
  'authorization',
  'cookie',
  'x-mock-token',
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'upgrade',
  'expect',
  'accept-encoding',
  'accept-language',
  'user-agent',
  'origin',
  'referer',
  'traceparent',
  'tracestate',
  'sec-*',
];

const omittedHeader = (name: string) => name.startsWith('sec-') || PACT_OMITTED_HEADERS.includes(name);

function bodyOf(content: unknown, contentType: string | undefined): PactBody {
  const json = typeof content !== 'string' || /\bjson\b/i.test(contentType ?? '');
  return {
    content,
    contentType: json ? 'application/json' : (contentType ?? 'text/plain'),
    encoded: false,
  };
}

function requestOf(entry: RequestLogEntry): PactInteraction['request'] {
  const request: PactInteraction['request'] = { method: entry.method, path: entry.path };
  const query = Object.entries(entry.query);
  if (query.length > 0)
    request.query = Object.fromEntries(
      query.map(([name, value]) => [name, Array.isArray(value) ? value : [value]]),
    );
  const headers = Object.entries(entry.headers).filter(([name]) => !omittedHeader(name));
  if (headers.length > 0)
    request.headers = Object.fromEntries(headers.map(([name, value]) => [name, [value]]));
  if (entry.body !== undefined) request.body = bodyOf(entry.body, entry.headers['content-type']);
  return request;
}

// The envelope as the service sends it: the mock's `hint` beside an error is its own addition.
// `data` is matched by type: its values (generated IDs, times) are this run's, and the real
// provider's differ; the status, `ok` and an `error` are the contract and stay exact.
function responseOf(entry: RequestLogEntry): PactInteraction['response'] {
  const response: PactInteraction['response'] = { status: entry.status };
  const envelope = entry.response;
  if (envelope === undefined || envelope === '') return response;
  if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) {
    response.body = bodyOf(envelope, 'application/json');
    return response;
  }
  const { hint: _hint, ...content } = envelope as Record<string, unknown>;
  response.body = bodyOf(content, 'application/json');
  if ('data' in content)
    response.matchingRules = { body: { '$.data': { combine: 'AND', matchers: [{ match: 'type' }] } } };
  return response;
}

/**
 * Writes a Pact V4 file from journal entries (oldest first) and the provider state each was
 * answered in: one interaction per distinct request (state, method, path, query, kept headers and
 * body), with the answer it first got. Answers shaped by a fault, and requests or answers too large
 * for the journal to keep whole, are left out and counted in the metadata.
 */
export function pactFromJournal(
  parties: PactParties,
  entries: readonly RequestLogEntry[],
  states: readonly (ProviderState | undefined)[],
  version: string,
): PactFile {
  return runToEnd(pactFromJournalSteps(parties, entries, states, version));
}

/** {@link pactFromJournal} as steps, 50 entries each. */
export function* pactFromJournalSteps(
  parties: PactParties,
  entries: readonly RequestLogEntry[],
  states: readonly (ProviderState | undefined)[],
  version: string,
): Steps<PactFile> {
  const skipped = { faults: 0, truncated: 0 };
  const seen = new Set<string>();
  const descriptions = new Map<string, number>();
  const interactions: PactInteraction[] = [];
  // Entries answered in one setup share its state object: each object's text is written once and
  // numbered (equal states, equal numbers), not written out again for every entry.
  const numbersByText = new Map<string, number>();
  const stateNumbers = new Map<ProviderState, number>();
  const numberOf = (state: ProviderState | undefined) => {
    if (state === undefined) return 0;
    let number = stateNumbers.get(state);
    if (number === undefined) {
      const text = JSON.stringify(state);
      number = numbersByText.get(text) ?? numbersByText.size + 1;
      numbersByText.set(text, number);
      stateNumbers.set(state, number);
    }
    return number;
  };
  // A step is 50 entries, or fewer large ones: fifty requests of 63 kB of control characters are
  // 19 MB of text to make.
  let inStep = 0;
  let charsInStep = 0;
  for (const [index, entry] of entries.entries()) {
    if (++inStep > ENTRIES_PER_STEP || charsInStep > CHARS_PER_STEP) {
      yield;
      inStep = 1;
      charsInStep = 0;
    }
    if (entry.fault_id !== undefined) {
      skipped.faults++;
      continue;
    }
    if (entry.body_truncated || entry.response_truncated) {
      skipped.truncated++;
      continue;
    }
    const state = states[index];
    const request = requestOf(entry);
    // Both are built in one key order, so equal requests have equal texts.
    const identity = `${numberOf(state)} ${JSON.stringify(request)}`;
    charsInStep += identity.length;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const search = new URLSearchParams(
      Object.entries(request.query ?? {}).flatMap(([name, values]) => values.map((v) => [name, v])),
    ).toString();
    const base = `${entry.method} ${entry.path}${search ? `?${search}` : ''} answered ${entry.status}`;
    // Pact tells interactions apart by description and state: a repeat gets a number.
    const key = `${base}\n${numberOf(state)}`;
    const count = (descriptions.get(key) ?? 0) + 1;
    descriptions.set(key, count);
    interactions.push({
      type: 'Synchronous/HTTP',
      description: count === 1 ? base : `${base} (${count})`,
      ...(state ? { providerStates: [state] } : {}),
      request,
      response: responseOf(entry),
    });
  }
  return {
    consumer: { name: parties.consumer },
    provider: { name: parties.provider },
    interactions,
    metadata: { pactSpecification: { version: '4.0' }, 'marketing-mock': { version, skipped } },
  };
}
