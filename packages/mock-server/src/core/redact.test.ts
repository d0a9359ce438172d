import { describe, expect, it } from 'vitest';
import { redactQueryKey, redactSecret } from './redact.js';

describe('redaction', () => {
  it('keeps the last four characters of a secret', () => {
    expect(redactSecret('demo_seller_admin')).toBe('…dmin');
  });

  it('shows nothing of a secret shorter than 10 characters', () => {
    expect(redactSecret('ab')).toBe('…');
    expect(redactSecret('key_1b2c3')).toBe('…');
    expect(redactSecret('key_a_1b2c')).toBe('…1b2c');
  });

  it('redacts every key parameter of a target, however encoded, and nothing else', () => {
    expect(redactQueryKey('/p?key=abcdefghijkl&keys=1&x=key')).toBe('/p?key=…ijkl&keys=1&x=key');
    expect(redactQueryKey('/p?a=1&%6Bey=abcdefghijkl&key=zzzzzzz%20yy')).toBe('/p?a=1&%6Bey=…ijkl&key=…z yy');
    expect(redactQueryKey('/p?key=ab')).toBe('/p?key=…');
    expect(redactQueryKey('/key/p')).toBe('/key/p');
  });
});
