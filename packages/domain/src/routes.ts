/**
 * The zod-free part of the contract: every endpoint's method, path, permission, authentication
 * and retry safety, the path builder, and the error-code table. Import it as `@marketing/domain/routes` where bundle
 * size matters (the SDK does).
 *
 * @packageDocumentation
 */
export type { ErrorCode } from './contract/error-codes.js';
export { errorCodeOf, errorCodeTable } from './contract/error-codes.js';
export { IDEMPOTENCY_HEADER, IN_PROCESS_FETCH, limits } from './contract/limits.js';
export type { Permission } from './contract/permissions.js';
export type { RouteDefinition, RouteMatchOf, Router, RouteShape } from './contract/routes.js';
export { buildPath, createRouter, routes } from './contract/routes.js';
export { errorCodes, messages } from './messages.js';
