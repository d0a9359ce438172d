import type { EndpointDefinition } from '@marketing/domain';
import type { z } from 'zod';
import type { ApiKeyRecord, OrgRecord } from '../store/records.js';
import type { Outcome } from './responses.js';
import type { MockRuntime } from './runtime.js';

/** What a handler gets: the mock's runtime, the caller, and the validated request. */
export interface HandlerContext extends MockRuntime {
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
