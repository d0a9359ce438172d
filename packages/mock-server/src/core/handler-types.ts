import type { DataOf, EndpointDefinition, EndpointId, EndpointOf } from '@marketing/domain';
import type { z } from 'zod';
import type { ApiKeyRecord, OrgRecord } from '../store/records.js';
import type { Failure, Success } from './responses.js';
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

/** What a handler of an endpoint may answer: a success shaped as its contract declares, or a refusal. */
export type AnswerOf<Id extends EndpointId> = Id extends EndpointId
  ? Success<DataOf<EndpointOf<Id>>> | Failure
  : never;

/**
 * A handler for one endpoint; `body` replaces the contract's body schema for validation. Its
 * answers are typed from the contract, so it cannot answer a shape its endpoint does not declare.
 */
export interface EndpointHandler<Id extends EndpointId = EndpointId> {
  handle(ctx: HandlerContext): AnswerOf<Id> | Promise<AnswerOf<Id>>;
  body?: z.ZodType;
}

/** Handlers keyed by endpoint ID, each typed by its own endpoint. */
export type HandlerTable<Id extends EndpointId = EndpointId> = { [K in Id]: EndpointHandler<K> };

/** The handlers of some endpoints: a resource's file declares those of its endpoints. */
export type PartialHandlerTable = { [K in EndpointId]?: EndpointHandler<K> };

/**
 * Declares a resource's handlers, each checked against its own endpoint's contract.
 *
 * @example
 * ```ts
 * export const tagHandlers = defineHandlers({ 'tags.list': { handle: (ctx) => ok([]) } });
 * ```
 */
export function defineHandlers<const T extends PartialHandlerTable>(handlers: T): T {
  return handlers;
}
