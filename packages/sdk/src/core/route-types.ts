import type { BodyOf, DataOf, EndpointOf, PathParamsOf, QueryOf } from '@marketing/domain';

export type { EndpointOf };

/** The success `data` of a route, from the contract. */
export type ResultOf<R extends { id: string }> = DataOf<EndpointOf<R['id']>>;

/** The parts of a call to a route, typed from the contract. */
export interface RouteInput<R extends { id: string }> {
  params?: PathParamsOf<EndpointOf<R['id']>>;
  query?: QueryOf<EndpointOf<R['id']>>;
  body?: BodyOf<EndpointOf<R['id']>>;
}
