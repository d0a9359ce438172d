import type { DataOf, EndpointDefinition, EndpointId, EndpointOf } from '@marketing/domain';
import type { z } from 'zod';
import type { ApiKeyRecord, OrgRecord } from '../store/records.js';
import type { Failure, Outcome, Success } from './responses.js';
import type { MockRuntime } from './runtime.js';
import { RECORDS_AT_ONCE, runToEnd, type Steps } from './slices.js';

/** The validated query of an endpoint, as its schema gives it. */
export type ParsedQueryOf<Id extends EndpointId> =
  EndpointOf<Id> extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;

/** The validated body of an endpoint, as its schema gives it (`undefined` when it takes none). */
export type ParsedBodyOf<Id extends EndpointId> =
  EndpointOf<Id> extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;

/**
 * What a handler gets: the mock's runtime, the caller, and the validated request. A handler's
 * context is typed by its endpoint's own schemas ({@link ContextOf}), so it reads its body and
 * query without casts; helpers that read neither take the plain `HandlerContext`.
 */
export interface HandlerContext<Query = Record<string, unknown>, Body = unknown> extends MockRuntime {
  endpoint: EndpointDefinition;
  org: OrgRecord;
  key: ApiKeyRecord;
  params: Record<string, string>;
  /** The validated query. */
  query: Query;
  /** The validated body. */
  body: Body;
  /** The path's cell as MSISDN, for the routes that name a contact. */
  cell: string;
  /**
   * Runs a large batch's work a slice at a time, other requests held until it is done (see
   * `WorldGate`), so that health is answered meanwhile.
   */
  inSlices<T>(steps: Steps<T>): Promise<T>;
}

/** The context of one endpoint's handler: its query and body as its schemas give them. */
export type ContextOf<Id extends EndpointId> = HandlerContext<ParsedQueryOf<Id>, ParsedBodyOf<Id>>;

/** What a handler of an endpoint may answer: a success shaped as its contract declares, or a refusal. */
export type AnswerOf<Id extends EndpointId> = Id extends EndpointId
  ? Success<DataOf<EndpointOf<Id>>> | Failure
  : never;

/**
 * A handler for one endpoint; `body` replaces the contract's body schema for validation. Its
 * answers are typed from the contract, so it cannot answer a shape its endpoint does not declare.
 */
export interface EndpointHandler<Id extends EndpointId = EndpointId> {
  handle(ctx: ContextOf<Id>): AnswerOf<Id> | Promise<AnswerOf<Id>>;
  /** A schema to validate with instead of the contract's; declare it with {@link withBodySchema}. */
  body?: z.ZodType;
}

/**
 * A handler that validates its body with its own schema instead of the contract's (an upload
 * that checks each row on its own, say), its context typed by that schema.
 *
 * @example
 * ```ts
 * 'transactions.search': withBodySchema(SearchBody.default({}), (ctx) => ok(search(ctx.body))),
 * ```
 */
export function withBodySchema<Id extends EndpointId, S extends z.ZodType>(
  schema: S,
  handle: (ctx: HandlerContext<ParsedQueryOf<Id>, z.output<S>>) => AnswerOf<Id> | Promise<AnswerOf<Id>>,
): EndpointHandler<Id> {
  // The pipeline validates with `schema` whenever a handler declares one, so the body it hands
  // over is what `schema` gives, whatever the contract's type says.
  return { body: schema, handle: handle as unknown as EndpointHandler<Id>['handle'] };
}

/** A handler as the pipeline calls it, once its endpoint is known only at run time. */
export interface RunTimeHandler {
  handle(ctx: HandlerContext): Outcome | Promise<Outcome>;
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

/** Records a handler checks or changes between the turns a large request gives other requests. */
export const RECORDS_PER_STEP = 256;

/**
 * Runs a handler's work over `count` records: at once when they are few, else a slice at a time
 * with the world held still (`ctx.inSlices`), so a million of them never hold the server's thread.
 *
 * @example
 * ```ts
 * return runSteps(ctx, sales.length, recordSales(ctx, sales));
 * ```
 */
export function runSteps<T>(ctx: HandlerContext, count: number, steps: Steps<T>): T | Promise<T> {
  return count > RECORDS_AT_ONCE ? ctx.inSlices(steps) : runToEnd(steps);
}
