import { z } from 'zod';
import { pathMatches } from './path-pattern.js';
import { type Answer, fail, type Outcome } from './responses.js';

const FaultSchema = z.strictObject({
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, 'Expected an HTTP method such as POST')
    .transform((m) => m.toUpperCase())
    .optional(),
  path: z.string().startsWith('/', 'Expected a path such as /send/sms or /contacts/:cell').optional(),
  org_id: z.string().min(1).optional(),
  times: z.number().int().positive().default(1),
  when: z.enum(['before', 'after']).default('before'),
  status: z.number().int().min(100).max(599).optional(),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
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
