/**
 * The Node transport: serve a mock on a `node:http` server.
 *
 * @packageDocumentation
 */
export type { NodeRequestInfo, NodeServerOptions } from './node-server.js';
export { createNodeServer } from './node-server.js';
