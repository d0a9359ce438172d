import { describe, expect, it } from 'vitest';
import { sameToken } from './control-guard.js';

describe('sameToken', () => {
  it('accepts only the exact token', () => {
    expect(sameToken('team-secret', 'team-secret')).toBe(true);
    for (const other of [null, '', 'team', 'team-secret ', 'team-secreT', 'team-secret-and-more'])
      expect(sameToken(other, 'team-secret'), String(other)).toBe(false);
  });

  it('compares tokens beyond ASCII byte by byte', () => {
    expect(sameToken('clé-☕', 'clé-☕')).toBe(true);
    expect(sameToken('cle-☕', 'clé-☕')).toBe(false);
  });
});
