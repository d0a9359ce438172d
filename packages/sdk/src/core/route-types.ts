import type { EndpointTypes } from '../contract-types.js';

/** Every endpoint's ID: `contacts.get`. */
export type EndpointId = keyof EndpointTypes;

/** The parts of an endpoint, by ID: path `params`, `query`, `body` and success `data`. */
export type EndpointOf<Id extends string> = Id extends EndpointId ? EndpointTypes[Id] : never;

/** The success `data` of a route, from the contract. */
export type ResultOf<R extends { id: string }> = EndpointOf<R['id']>['data'];

/** The parts of a call to a route, typed from the contract. */
export interface RouteInput<R extends { id: string }> {
  params?: EndpointOf<R['id']>['params'];
  query?: EndpointOf<R['id']>['query'];
  body?: EndpointOf<R['id']>['body'];
}
