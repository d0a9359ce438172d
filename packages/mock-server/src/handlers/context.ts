import type { EndpointDefinition } from '@marketing/domain';
import type { z } from 'zod';
import type { MockClock } from '../core/clock.js';
import type { Outcome } from '../core/responses.js';
import type { Settings } from '../core/settings.js';
import type { ApiKeyRecord, OrgRecord } from '../store/records.js';
import type { World } from '../store/world.js';

/** What a handler gets: the world, the caller, and the validated request. */
export interface HandlerContext {
  world: World;
  clock: MockClock;
  settings: Settings;
  newId(prefix?: string): string;
  endpoint: EndpointDefinition;
  org: OrgRecord;
  key: ApiKeyRecord;
  params: Record<string, string>;
  /** The validated query. */
  query: Record<string, unknown>;
  /** The validated body. */
  body: unknown;
  /** The path's cell as MSISDN, for the routes that name a contact. */
  cell: string;
}

/** A handler for one endpoint; `body` replaces the contract's body schema for validation. */
export interface EndpointHandler {
  handle(ctx: HandlerContext): Outcome | Promise<Outcome>;
  body?: z.ZodType;
}
