import {
  allowedMethods,
  type EndpointDefinition,
  type EndpointId,
  errorCodes,
  grants,
  matchEndpoint,
  messages,
  missingResources,
  permissionsRequiredBy,
  resourceError,
  resourcesNamedBy,
  validationError,
} from '@marketing/domain';
import { limits } from '@marketing/domain/routes';
import type { ApiKeyRecord } from '../store/records.js';
import type { World } from '../store/world.js';
import type { CellMemo } from './cell-memo.js';
import { type BodyCheck, checkBody } from './check-body.js';
import { closestName } from './closest-name.js';
import { ControlError } from './control-error.js';
import type { HandlerContext, HandlerTable, RunTimeHandler } from './handler-types.js';
import { hints } from './hints.js';
import { type BodySource, readFirst, readJsonBody } from './json-body.js';
import { runWithRoom } from './memory-room.js';
import type { OneAtATime } from './one-at-a-time.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RequestTarget } from './request-target.js';
import { type Answer, fail, failWith, type Outcome } from './responses.js';
import type { MockRuntime } from './runtime.js';
import type { WorldGate } from './world-gate.js';

/** What the pipeline needs from the mock: its runtime, and the request machinery. */
export interface Pipeline extends MockRuntime {
  rateLimiter: RateLimiter | undefined;
  /** A handler for every endpoint of the contract (the type makes a missing one a compile error). */
  handlers: HandlerTable;
  /** Normalises path cells, remembering recent ones. */
  pathCells: CellMemo;
  /** Closed while a large seed or reset runs: a request that read a body waits before it acts. */
  gate: WorldGate;
  /** Where large writes wait their turn with the mock's other requests that add records. */
  growth: OneAtATime;
}

/**
 * What the core reads of a request. A fetch `Request` has this shape; transports that do not
 * have one (the Node server) pass a plain object instead of building one.
 */
export interface IncomingCall {
  method: string;
  url: string;
  headers: { get(name: string): string | null; has(name: string): boolean };
  /** The body as text; a transport that counts it as it streams stops past `maxBytes`. */
  text(maxBytes?: number): Promise<string>;
  /**
   * The body's first `bytes` as text, the rest read and dropped, when the transport streams it:
   * what the request journal keeps of a body no handler read (a request refused before its body,
   * a 401), without holding the whole of it.
   */
  head?(bytes: number): Promise<string>;
  /**
   * The headers as names and values in turn, as received (Node's `rawHeaders`), when the transport
   * has them: the request journal keeps this list, which costs nothing to make.
   */
  headerList?: readonly string[] | undefined;
}

// A client sends the same Authorization header call after call: the last one is read once.
let lastAuthorization: string | null = null;
let lastToken: string | undefined;
function bearerToken(authorization: string | null): string | undefined {
  if (authorization !== lastAuthorization) {
    lastAuthorization = authorization;
    lastToken = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  }
  return lastToken;
}

// The key a request presents: the `key` query parameter on the postback routes (they take their
// key there alone: a bearer header let a wrong or missing `key` through), the bearer token on
// every other route.
function presentedKey(
  world: World,
  request: IncomingCall,
  url: RequestTarget,
  queryKey: boolean,
): ApiKeyRecord | undefined {
  const key = queryKey ? url.searchParams.get('key') : bearerToken(request.headers.get('authorization'));
  return key === undefined || key === null ? undefined : world.keys.get(key);
}

/** The organisation of the key a request carries (header or `?key=`), for matching faults. */
export function callerOrgId(world: World, request: IncomingCall, url: RequestTarget): string | undefined {
  return (presentedKey(world, request, url, false) ?? presentedKey(world, request, url, true))?.org_id;
}

function apiKeyOf(
  request: IncomingCall,
  url: RequestTarget,
  endpoint: EndpointDefinition,
  world: World,
): ApiKeyRecord | undefined {
  return presentedKey(world, request, url, endpoint.auth === 'query-key');
}

function rateLimitUnits(endpoint: EndpointDefinition, body: unknown): number {
  const cost = endpoint.rateLimit;
  if ('units' in cost) return cost.units;
  const rows =
    body && typeof body === 'object' && Array.isArray((body as { contacts?: unknown }).contacts)
      ? (body as { contacts: unknown[] }).contacts.length
      : 0;
  return Math.max(1, Math.ceil(rows / 1000)) * cost.unitsPerStartedThousandContacts;
}

const NO_QUERY: { query: Record<string, string> } = Object.freeze({ query: Object.freeze({}) });

/**
 * The query an endpoint declares, or the names of the parameters it does not know. The mock is
 * strict on purpose: a misspelt parameter (`campaignId`) silently ignored would give a wrong answer.
 */
function readQuery(
  endpoint: EndpointDefinition,
  url: RequestTarget,
): { query: Record<string, string> } | { unknown: string[]; known: string[] } | { repeated: string[] } {
  // Most calls have no query: then nothing is built (every request pays for what is built here).
  if (url.search === '') return NO_QUERY;
  const known = Object.keys(endpoint.query?.shape ?? {});
  const query: Record<string, string> = {};
  const unknown = new Set<string>();
  // A parameter given twice (`cell=1&cell=2`) has no one meaning: taking the first silently
  // recorded a sale for a cell the caller may not have meant.
  const repeated = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (!known.includes(name)) unknown.add(name);
    else if (Object.hasOwn(query, name)) repeated.add(name);
    else query[name] = value;
  }
  if (unknown.size > 0) return { unknown: [...unknown], known };
  return repeated.size > 0 ? { repeated: [...repeated] } : { query };
}

// One issue a parameter, in the form the schema's own issues take.
const queryIssues = (names: string[], message: string) =>
  names.map((name) => ({ code: 'custom' as const, path: [name], message, input: undefined }));

function repeatedQueryOutcome(endpoint: EndpointDefinition, repeated: string[]): Outcome {
  return fail(400, validationError(endpoint, queryIssues(repeated, 'Given more than once; give it once')));
}

function unknownQueryOutcome(endpoint: EndpointDefinition, unknown: string[], known: string[]): Outcome {
  const issues = queryIssues(unknown, 'Unknown query parameter');
  const suggestions = new Map<string, string>();
  for (const name of unknown) {
    const guess = closestName(name, known);
    if (guess) suggestions.set(name, guess);
  }
  return fail(400, validationError(endpoint, issues), {
    hint: hints.unknownQuery(unknown, known, suggestions),
  });
}

/** The methods a path takes, with HEAD wherever GET is (HEAD is GET without the body). */
export const withHead = (methods: string[]) => (methods.includes('GET') ? [...methods, 'HEAD'] : methods);

// An outcome stamped with the caller's organisation, for the journal and the request log.
function asCaller(outcome: Outcome, orgId: string): Answer {
  (outcome as Answer).orgId = orgId;
  return outcome;
}

/**
 * Answers one service request: route, authenticate, authorise, rate-limit, validate, check
 * resource restrictions, then run the endpoint's handler. Returns the outcome stamped with the
 * caller's organisation (for the journal): at once when nothing waits (no body to read, a synchronous
 * handler), which is most calls, else as a promise.
 */
export function handleServiceRequest(
  pipeline: Pipeline,
  request: IncomingCall,
  url: RequestTarget,
  path: string,
): Answer | Promise<Answer> {
  // HEAD is GET without the body (the transport leaves it out).
  const route = matchEndpoint(request.method === 'HEAD' ? 'GET' : request.method, path);
  if (!route) {
    const allowed = withHead(allowedMethods(path));
    return allowed.length > 0
      ? fail(405, `Method ${request.method} is not allowed on ${path}`, {
          headers: { allow: allowed.join(', ') },
        })
      : fail(404, messages.notFound);
  }
  const { endpoint } = route;
  const key = apiKeyOf(request, url, endpoint, pipeline.world);
  const org = key ? pipeline.world.orgs.get(key.org_id) : undefined;
  if (!key || !org) return fail(401, messages.unauthorized);
  if (!grants(key.permissions, endpoint.permission)) {
    return asCaller(
      fail(403, { code: errorCodes.insufficientPermissions, missing: [endpoint.permission] }),
      org._id,
    );
  }
  // A write when the process has no room left is refused, not left to run it out of memory.
  const write = WRITES.test(endpoint.permission);
  const full = write ? pipeline.settings.memoryFull?.() : undefined;
  if (full !== undefined) return asCaller(fail(507, full), org._id);
  const caller: Caller = { pipeline, url, route, key, org };
  if (!endpoint.body) return answerWithBody(caller, undefined);
  // An upload may be as large as the server allows; other bodies have no use for more than 4 MiB,
  // and a hundred clients each sending 20 MiB to a search were each read whole before their 413.
  const maxBytes = endpoint.upload
    ? pipeline.settings.maxBodyBytes
    : Math.min(limits.bodyBytes, pipeline.settings.maxBodyBytes);
  const readAndAnswer = (source: BodySource = request) =>
    readJsonBody(source, maxBytes).then(async (read) => {
      if ('error' in read) return asCaller(read.error, org._id);
      if (pipeline.gate.closed) await pipeline.gate.waitOpen();
      return answerWithBody(caller, read.body);
    });
  if (!write || !isLargeBody(request)) return readAndAnswer();
  // Large writes wait their turn with the mock's other growing requests and look for room when it
  // comes: forty uploads of 100,000 contacts sent together each found room, then ran it out. The
  // body is read first and parsed in the turn.
  return readFirst(request, maxBytes).then((source) =>
    runWithRoom(pipeline.growth, pipeline.settings, () => readAndAnswer(source)).catch((error: unknown) => {
      if (!(error instanceof ControlError)) throw error;
      return asCaller(failWith(error), org._id);
    }),
  );
}

// Whether a body is large enough to wait its turn: over 1 MiB by its length, or of no stated
// length (chunked). An in-process call states none and sends none of that kind.
function isLargeBody(request: IncomingCall): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return Number(length) > LARGE_BODY_BYTES;
  return request.headers.get('transfer-encoding') !== null;
}
const LARGE_BODY_BYTES = 2 ** 20;

// The permissions of endpoints that add or change records.
const WRITES = /\.(?:create|update)\b/;

// A request that has passed routing, authentication and authorisation.
interface Caller {
  pipeline: Pipeline;
  url: RequestTarget;
  route: NonNullable<ReturnType<typeof matchEndpoint>>;
  key: ApiKeyRecord;
  org: HandlerContext['org'];
}

function answerWithBody(caller: Caller, rawBody: unknown): Answer | Promise<Answer> {
  const { pipeline, url, route, org } = caller;
  const { clock, settings } = pipeline;
  const { endpoint, params } = route;
  if (settings.rateLimit && pipeline.rateLimiter) {
    const decision = pipeline.rateLimiter.take(
      org._id,
      rateLimitUnits(endpoint, rawBody),
      endpoint.rateLimit.bucket === 'bulk-update',
      clock.now(),
    );
    if (!decision.allowed) {
      return asCaller(
        fail(
          429,
          { code: errorCodes.rateLimited, resetsAt: decision.resetsAt, remaining: 0 },
          { headers: { 'retry-after': String(decision.retryAfter) } },
        ),
        org._id,
      );
    }
  }
  let cell = '';
  if (endpoint.pathParams && 'cell' in endpoint.pathParams.shape) {
    const msisdn = pipeline.pathCells.toMsisdn(params.cell ?? '');
    if (!msisdn) {
      return asCaller(
        fail(400, messages.invalidCellNumber, { hint: hints.invalidCell(params.cell ?? '') }),
        org._id,
      );
    }
    cell = msisdn;
  }
  // Each handler was checked against its own endpoint where the table declares it; here any will do.
  const handler = pipeline.handlers[endpoint.id as EndpointId] as RunTimeHandler;
  const queryRead = readQuery(endpoint, url);
  if ('unknown' in queryRead)
    return asCaller(unknownQueryOutcome(endpoint, queryRead.unknown, queryRead.known), org._id);
  if ('repeated' in queryRead) return asCaller(repeatedQueryOutcome(endpoint, queryRead.repeated), org._id);
  const rawQuery = queryRead.query;
  const query = endpoint.query ? endpoint.query.safeParse(rawQuery) : undefined;
  if (query && !query.success) {
    return asCaller(fail(400, validationError(endpoint, query.error.issues, rawQuery)), org._id);
  }
  const bodySchema = handler.body ?? endpoint.body;
  const body = bodySchema ? checkBody(bodySchema, rawBody) : undefined;
  const read = { handler, rawBody, cell, query: query?.data };
  return body instanceof Promise
    ? body.then((settled) => answerChecked(caller, read, settled))
    : answerChecked(caller, read, body);
}

// A request whose path cell and query have been read, and its body checked (a refused body is
// answered here).
function answerChecked(
  { pipeline, route, key, org }: Caller,
  {
    handler,
    rawBody,
    cell,
    query,
  }: { handler: RunTimeHandler; rawBody: unknown; cell: string; query: unknown },
  body: BodyCheck | undefined,
): Answer | Promise<Answer> {
  const { world, clock, settings } = pipeline;
  const { endpoint, params } = route;
  if (body && !body.success) {
    return asCaller(fail(400, validationError(endpoint, body.error.issues, rawBody)), org._id);
  }
  const context: HandlerContext = {
    world,
    clock,
    settings,
    newId: pipeline.newId,
    endpoint,
    org,
    key,
    params,
    query: (query ?? {}) as Record<string, unknown>,
    body: body?.data,
    cell,
    inSlices: (steps) => pipeline.gate.run(() => steps),
  };
  const lacking = permissionsRequiredBy(endpoint.id, context.body).filter((p) => !grants(key.permissions, p));
  if (lacking.length > 0)
    return asCaller(fail(403, { code: errorCodes.insufficientPermissions, missing: lacking }), org._id);
  // Most keys are not restricted to resources: then the named ones are not gathered.
  const missing = key.resources && missingResources(key.resources, resourcesNamedBy(endpoint.id, context));
  if (missing) return asCaller(fail(403, resourceError(endpoint.id, missing)), org._id);
  const outcome = handler.handle(context);
  return outcome instanceof Promise
    ? outcome.then((settled) => asCaller(settled, org._id))
    : asCaller(outcome, org._id);
}
