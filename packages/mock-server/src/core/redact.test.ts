import { describe, expect, it } from 'vitest';
import { redactQueryKey, redactSecret } from './redact.js';

describe('redaction', () => {
  it('keeps the last four characters of a secret', () => {
    expect(redactSecret('demo_seller_admin')).toBe('…dmin');
  });

  it('redacts every key parameter of a target, however encoded, and nothing else', () => {
    expect(redactQueryKey('/p?key=abcdefgh&keys=1&x=key')).toBe('/p?key=…efgh&keys=1&x=key');
    expect(redactQueryKey('/p?a=1&%6Bey=abcdefgh&key=zz%20yy')).toBe('/p?a=1&%6Bey=…efgh&key=…z yy');
    expect(redactQueryKey('/key/p')).toBe('/key/p');
  });
});
