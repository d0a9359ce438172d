import * as z from 'zod';
import { pathMatches } from './path-pattern.js';
import { type Answer, fail, type Outcome } from './responses.js';

// RFC 9110 `token`: the characters a header name may have.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A field value: visible ASCII, spaces and tabs, and obs-text bytes; never CR, LF or NUL.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// Headers that frame or encode the message or belong to one connection: the transport writes
// these, and a second copy makes an answer no client can read (two lengths, a gzip encoding of
// plain text) or one that hangs it.
const FRAMING_HEADERS = new Set([
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'x-request-id',
]);
/** The most header text a fault may add: Node's clients refuse answers with more than 16 KiB. */
export const FAULT_HEADERS_MAX_BYTES = 8 * 1024;
/** How deeply a fault's body may nest: deeper, it could not be written or journaled. */
export const FAULT_BODY_MAX_DEPTH = 100;
/**
 * How many characters of JSON a fault's body may take: each answer it shapes writes it again, and
 * a 60 MB one held the server 0.4 s an answer.
 */
export const FAULT_BODY_MAX_CHARS = 1 << 20;

// A record made by zod from {"__proto__": …} would set its prototype, and the header vanish.
const NoProtoKey = z.unknown().superRefine((headers, ctx) => {
  if (typeof headers === 'object' && headers !== null && Object.hasOwn(headers, '__proto__'))
    ctx.addIssue({ code: 'custom', path: ['__proto__'], message: '"__proto__" is not a valid header name' });
});

const FaultHeaders = NoProtoKey.pipe(z.record(z.string(), z.string())).superRefine((headers, ctx) => {
  const seen = new Set<string>();
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    const issue = !HEADER_NAME.test(name)
      ? `${JSON.stringify(name)} is not a valid header name`
      : FRAMING_HEADERS.has(lower)
        ? `${name} is set by the mock itself (framing, encoding or connection header); a fault cannot set it`
        : seen.has(lower)
          ? `${name} is given twice (header names are case-insensitive)`
          : !HEADER_VALUE.test(value)
            ? `${name}: the value has a character a header cannot carry (CR, LF or another control character)`
            : undefined;
    if (issue) ctx.addIssue({ code: 'custom', path: [name], message: issue });
    seen.add(lower);
    bytes += name.length + value.length + 4;
  }
  if (bytes > FAULT_HEADERS_MAX_BYTES)
    ctx.addIssue({ code: 'custom', message: `Headers of at most ${FAULT_HEADERS_MAX_BYTES} bytes in all` });
});

/** Why a value cannot be sent as a JSON body, or `undefined` when it can. */
function notJsonBody(value: unknown, depth = 0, room = { chars: FAULT_BODY_MAX_CHARS }): string | undefined {
  // Levels are arrays and objects, counted from 0: one at depth 100 is the 101st (a number or a
  // string at the bottom is no level of its own).
  if (depth >= FAULT_BODY_MAX_DEPTH && typeof value === 'object' && value !== null)
    return `Nested more than ${FAULT_BODY_MAX_DEPTH} levels deep`;
  // About the characters JSON.stringify writes (and a comma), counted as the value is walked.
  room.chars -=
    1 + (typeof value === 'string' ? value.length + 2 : typeof value === 'object' ? 2 : String(value).length);
  // Worded when needed: toLocaleString's first call loads ICU's data (5 ms of each start).
  if (room.chars < 0) return `At most ${FAULT_BODY_MAX_CHARS.toLocaleString('en')} characters of JSON`;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'Numbers must be finite';
  if (Array.isArray(value)) {
    for (const item of value) {
      const issue = notJsonBody(item, depth + 1, room);
      if (issue) return issue;
    }
    return undefined;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      room.chars -= key.length + 3;
      const issue = notJsonBody(item, depth + 1, room);
      if (issue) return issue;
    }
    return undefined;
  }
  return `Expected a JSON value, got ${typeof value === 'object' ? 'an object of a class' : typeof value}`;
}

const FaultSchema = z.strictObject({
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, 'Expected an HTTP method such as POST')
    .transform((m) => m.toUpperCase())
    .optional(),
  path: z
    .string()
    .startsWith('/', 'Expected a path such as /send/sms or /contacts/:cell')
    // A path no request can have, or the control plane's, which faults never shape: armed, such a
    // fault would wait for ever.
    .refine(
      (path) => /^[\x21-\x7e\u0080-\uffff]*$/.test(path) && !/[?#\\]/.test(path),
      'A path has no spaces, control characters (CR, LF), ?, # or \\',
    )
    .refine(
      (path) => !/(^|\/)(\.|%2e){1,2}(\/|$)|\/\//i.test(path),
      'A path has no empty, . or .. segments: requests arrive with them resolved',
    )
    .refine(
      (path) => !/^\/__mock(\/|$)/i.test(path),
      "Faults shape the service's requests; /__mock/ is the control plane, which they never reach",
    )
    .optional(),
  org_id: z.string().min(1).optional(),
  times: z.number().int().positive().default(1),
  when: z.enum(['before', 'after']).default('before'),
  status: z
    .number()
    .int()
    .min(200, 'Expected a final status from 200 to 599 (1xx statuses are not answers)')
    .max(599)
    .refine(
      (status) => ![204, 205, 304].includes(status),
      'Expected a status whose answer has a body (not 204, 205 or 304)',
    )
    .optional(),
  body: z
    .unknown()
    .superRefine((body, ctx) => {
      const issue = body === undefined ? undefined : notJsonBody(body);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    })
    .optional(),
  headers: FaultHeaders.optional(),
  delay_ms: z.number().int().nonnegative().max(600_000).optional(),
  drop: z.boolean().optional(),
});

/**
 * A fault to arm: which service requests it shapes, and how. At least one of `status`, `drop` and
 * `delay_ms` is needed.
 *
 * @example
 * ```ts
 * mock.faults.add({ method: 'POST', path: '/send/sms', when: 'after', drop: true });
 * mock.faults.add({ path: '/contacts/:cell', status: 503, times: 2, headers: { 'retry-after': '1' } });
 * ```
 */
export interface FaultInput {
  /** Match this method only; any when absent. */
  method?: string;
  /** Match this path: exact, or a pattern with `:name` segments; any when absent. */
  path?: string;
  /** Match requests whose key belongs to this organisation; any when absent. */
  org_id?: string;
  /** How many matching requests it shapes; then it is spent. @default 1 */
  times?: number;
  /** `before`: the service does not act; `after`: it acts, then its answer is replaced. @default 'before' */
  when?: 'before' | 'after';
  /** The status to answer, with `body` (default: the service's error envelope). */
  status?: number;
  /** The body of that answer. */
  body?: unknown;
  /** Extra headers of that answer. */
  headers?: Record<string, string>;
  /** Wait this long before answering; alone, a slow but otherwise normal answer. */
  delay_ms?: number;
  /** Close the connection without an answer (in process: `fetch` rejects with a `TypeError`). */
  drop?: boolean;
}

/** An armed fault, as `mock.faults.list()` and `GET /__mock/faults` show it. */
export interface Fault extends FaultInput {
  fault_id: string;
  times: number;
  when: 'before' | 'after';
  /** How many requests it has shaped so far. */
  fired: number;
}

/** A fault that is not usable; the message names the field. */
export class FaultError extends Error {
  override name = 'FaultError' as const;
}

/** Thrown by the core when a fault drops the connection: transports turn it into a network error. */
export class DroppedConnection extends Error {
  override name = 'DroppedConnection' as const;
  constructor(readonly faultId: string) {
    super(`The mock dropped the connection (fault ${faultId})`);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  408: 'Request timeout',
  409: 'Conflict',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** The faults armed on one mock, in the order they were added. */
export class FaultTable {
  #faults: Fault[] = [];
  readonly #newId: () => string;

  constructor(newId: () => string) {
    this.#newId = newId;
  }

  /** Checks and arms a fault; throws `FaultError` naming the field that is wrong. */
  add(input: FaultInput): Fault {
    const parsed = FaultSchema.safeParse(input);
    if (!parsed.success) {
      throw new FaultError(
        parsed.error.issues.map((i) => `${i.path.join('.') || 'fault'}: ${i.message}`).join('; '),
      );
    }
    const fault = parsed.data;
    if (fault.status === undefined && !fault.drop && fault.delay_ms === undefined)
      throw new FaultError('status: A fault needs status, drop or delay_ms');
    const armed: Fault = {
      ...(fault as FaultInput & { times: number; when: 'before' | 'after' }),
      fault_id: this.#newId(),
      fired: 0,
    };
    this.#faults.push(armed);
    return armed;
  }

  /** How many faults are armed. */
  get size(): number {
    return this.#faults.length;
  }

  /** The armed faults. */
  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  /** Disarms every fault, or one; answers whether the one existed. */
  clear(faultId?: string): boolean {
    if (faultId === undefined) {
      this.#faults = [];
      return true;
    }
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.fault_id !== faultId);
    return this.#faults.length < before;
  }

  /** Takes the first armed fault that matches a request, counting it; a spent fault is disarmed. */
  take(method: string, path: string, orgIdOf: () => string | undefined): Fault | undefined {
    if (this.#faults.length === 0) return undefined;
    const orgId = this.#faults.some((f) => f.org_id !== undefined) ? orgIdOf() : undefined;
    const index = this.#faults.findIndex(
      (f) =>
        (f.method === undefined || f.method === method) &&
        (f.path === undefined || pathMatches(f.path, path)) &&
        (f.org_id === undefined || f.org_id === orgId),
    );
    if (index < 0) return undefined;
    const fault = this.#faults[index]!;
    fault.fired += 1;
    if (fault.fired >= fault.times) this.#faults.splice(index, 1);
    return { ...fault };
  }
}

/** The answer a fault gives in place of the service's (for a fault with a `status`). */
export function faultOutcome(fault: Fault): Outcome {
  const status = fault.status ?? 503;
  const outcome =
    fault.body === undefined
      ? fail(status, STATUS_TEXT[status] ?? `Error ${status}`)
      : { status, body: fault.body };
  return fault.headers ? { ...outcome, headers: { ...fault.headers } } : outcome;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The answer under an armed fault. A `before` fault with a status or a drop answers without the
 * service acting; otherwise the service answers (and changes state), then the fault's delay
 * passes and its drop or status replaces that answer. A drop answers status 0: the transport
 * then closes the connection (the journal shows 0).
 */
export async function answerUnderFault(fault: Fault, serve: () => Promise<Answer>): Promise<Answer> {
  const serviceActs = !(fault.when === 'before' && (fault.status !== undefined || fault.drop));
  const served = serviceActs ? await serve() : undefined;
  if (fault.delay_ms) await sleep(fault.delay_ms);
  if (fault.drop) return { status: 0, body: null, orgId: served?.orgId };
  if (fault.status === undefined && served) return served;
  return { ...faultOutcome(fault), orgId: served?.orgId };
}
