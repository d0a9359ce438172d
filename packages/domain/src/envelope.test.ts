import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AnyEnvelope, errorEnvelope, okEnvelope } from './envelope.js';

describe('envelopes', () => {
  it('wraps data in {ok: true, data}', () => {
    expect(okEnvelope(z.number()).parse({ ok: true, data: 1 })).toEqual({ ok: true, data: 1 });
    expect(okEnvelope(z.number()).safeParse({ ok: false, data: 1 }).success).toBe(false);
    expect(okEnvelope().parse({ ok: true })).toEqual({ ok: true });
  });

  it('wraps errors in {ok: false, error}', () => {
    expect(errorEnvelope(z.string()).safeParse({ ok: false, error: 'Contact not found' }).success).toBe(true);
    expect(errorEnvelope(z.string()).safeParse({ ok: false, error: { code: 1 } }).success).toBe(false);
  });

  it('recognises any envelope and nothing else', () => {
    expect(AnyEnvelope.safeParse({ ok: true }).success).toBe(true);
    expect(AnyEnvelope.safeParse({ ok: false, error: 'x' }).success).toBe(true);
    expect(AnyEnvelope.safeParse({ data: 1 }).success).toBe(false);
  });
});
