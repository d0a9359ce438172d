import type { z } from 'zod';
import type { ClockChange, ClockReading } from '../core/clock.js';
import { ControlError } from '../core/control-error.js';
import type { OneAtATime } from '../core/one-at-a-time.js';
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
  /** `mock.clock.change`, what falls due on the way run a slice at a time, the world held still. */
  moveClock(change: ClockChange): Promise<ClockReading>;
  /** `mock.campaigns.run`, a few thousand contacts a turn, the world held still meanwhile. */
  runCampaign(
    campaignId: string,
    options: Parameters<MockService['campaigns']['run']>[1],
  ): Promise<ReturnType<MockService['campaigns']['run']>>;
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
  /** Where exports wait their turn: one is made at a time. */
  exports: OneAtATime;
  /** Where journal pages of more than 100 entries wait their turn: one is made at a time. */
  pages: OneAtATime;
}

/** One route of the control plane: its method, path and a line of what it does. */
export interface ControlRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  description: string;
  /** An export of the whole journal or world, made whole before it is written: one at a time. */
  export?: true;
  /**
   * Takes a seed document, as large as the mock's `maxBodyBytes`; other control routes take
   * bodies of at most {@link CONTROL_BODY_MAX_BYTES}.
   */
  seedBody?: true;
  /** Adds records (a seed, sends): refused 507 when the mock's `memoryFull` says there is no room. */
  growsWorld?: true;
  handle(call: ControlCall): Answer | Promise<Answer>;
}

/**
 * The largest body of a control route that takes no seed document (a fault's body is at most
 * 1 MiB of JSON): a larger one is refused 413 as it streams in, not parsed first.
 */
export const CONTROL_BODY_MAX_BYTES = 2 * 2 ** 20;

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
