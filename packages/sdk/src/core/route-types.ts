import type { BodyOf, Contract, DataOf, PathParamsOf, QueryOf } from '@marketing/domain';

/** The contract's endpoint for a route ID: `EndpointOf<'contacts.get'>`. */
export type EndpointOf<Id extends string> = Extract<
  { [G in keyof Contract]: Contract[G][keyof Contract[G]] }[keyof Contract],
  { id: Id }
>;

/** The success `data` of a route, from the contract. */
export type ResultOf<R extends { id: string }> = DataOf<EndpointOf<R['id']>>;

/** The parts of a call to a route, typed from the contract. */
export interface RouteInput<R extends { id: string }> {
  params?: PathParamsOf<EndpointOf<R['id']>>;
  query?: QueryOf<EndpointOf<R['id']>>;
  body?: BodyOf<EndpointOf<R['id']>>;
}
