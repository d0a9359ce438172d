import * as z from 'zod';

/**
 * The success envelope schema `{ok: true, data}` around a `data` schema.
 * Pass no schema for endpoints that answer a bare `{ok: true}`.
 *
 * @example
 * ```ts
 * const schema = okEnvelope(ContactSchema);
 * schema.parse({ ok: true, data: contact });
 * ```
 */
export function okEnvelope<T extends z.ZodType>(data: T): z.ZodObject<{ ok: z.ZodLiteral<true>; data: T }>;
export function okEnvelope(): z.ZodObject<{ ok: z.ZodLiteral<true> }>;
export function okEnvelope(data?: z.ZodType) {
  return data ? z.object({ ok: z.literal(true), data }) : z.object({ ok: z.literal(true) });
}

/**
 * The failure envelope schema `{ok: false, error}` around an `error` schema.
 *
 * @example
 * ```ts
 * errorEnvelope(z.string()).parse({ ok: false, error: 'Contact not found' });
 * ```
 */
export function errorEnvelope<T extends z.ZodType>(error: T) {
  return z.object({ ok: z.literal(false), error });
}

/** Any envelope the service can answer with, before its `data` or `error` is known. */
export const AnyEnvelope = z.union([
  z.object({ ok: z.literal(true), data: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: z.unknown() }),
]);

/** A success envelope: `{ok: true, data}`. */
export type OkEnvelope<T> = { ok: true; data: T };
/** A failure envelope: `{ok: false, error}`. */
export type ErrorEnvelope<E = unknown> = { ok: false; error: E };
/** Either envelope. */
export type Envelope<T, E = unknown> = OkEnvelope<T> | ErrorEnvelope<E>;
