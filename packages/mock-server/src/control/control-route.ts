import type { z } from 'zod';
import { ControlError } from '../core/control-error.js';
import type { PactParties } from '../core/pact-file.js';
import type { RequestTarget } from '../core/request-target.js';
import type { Answer } from '../core/responses.js';
import type { MockService, ResetOptions } from '../mock-service.js';
import type { SeedDocument } from '../store/seed-schema.js';
import type { SeedResult } from '../store/world.js';

/** The seed and reset of the control plane, run a slice at a time (see `WorldGate`). */
export interface WorldActionsInSlices {
  seed(document: SeedDocument): Promise<SeedResult>;
  reset(document: SeedDocument | undefined, options?: ResetOptions): Promise<SeedResult | undefined>;
  /** The JSON text of `mock.state()`, in pieces to join. */
  stateText(): Promise<string[]>;
  /** A Pact verifier's setup of a provider state: the world reset to the state's seed. */
  pactSetup(state: string, params?: Record<string, unknown>): Promise<void>;
  /** Registers a provider state's seed, checked a slice at a time. */
  pactRegister(state: string, seed: SeedDocument): Promise<void>;
  /** The text of `mock.pact(parties)` (parties already checked), in pieces, made a few entries a turn. */
  pactText(parties: PactParties): Promise<string[]>;
}

/** What a control route gets. */
export interface ControlCall {
  mock: MockService;
  /** Seed and reset in slices, for the mock's own routes; `mock.seed` and `mock.reset` otherwise. */
  inSlices?: WorldActionsInSlices | undefined;
  params: Record<string, string>;
  url: RequestTarget;
  body: unknown;
  /** When the mock started (`performance.now()` time), for the health check's uptime. */
  startedAt: number;
}

/** One route of the control plane: its method, path and a line of what it does. */
export interface ControlRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  description: string;
  handle(call: ControlCall): Answer | Promise<Answer>;
}

/** A control body read with its schema; a 400 naming every wrong field otherwise. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  // No body is an empty object; a body of JSON null is refused like any other that is not an object.
  const result = schema.safeParse(body === undefined ? {} : body);
  if (!result.success) {
    throw new ControlError(
      400,
      result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  }
  return result.data;
}
