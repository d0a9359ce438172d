/**
 * The typed client for the marketing service. The client itself is not built yet; this entry
 * point exists so that the workspace, its builds and its package checks are in place.
 *
 * @packageDocumentation
 */

/** This package's version. */
export const VERSION = '0.1.0';
