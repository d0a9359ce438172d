/**
 * The Node transport: serve a mock on a `node:http` server.
 *
 * @packageDocumentation
 */
export type { NodeServerOptions } from './node-server.js';
export { createNodeServer } from './node-server.js';
