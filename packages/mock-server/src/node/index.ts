/**
 * The Node transport: serve a mock on a `node:http` server.
 *
 * @packageDocumentation
 */
export type { NodeRequestInfo, NodeServerOptions, NodeServerTimeouts } from './node-server.js';
export { createNodeServer } from './node-server.js';
