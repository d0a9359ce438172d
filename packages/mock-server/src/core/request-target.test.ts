import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestTarget } from './request-target.js';

const partsOf = (target: { pathname: string; search: string; searchParams: URLSearchParams }) => ({
  pathname: target.pathname,
  search: target.search,
  params: [...target.searchParams],
});

describe('requestTarget', () => {
  it('gives the same path, query and parameters as URL for any URL, plain or not', () => {
    // Characters a URL parser keeps, escapes or treats specially (dots, percent signs, quotes,
    // spaces, non-ASCII, #), so that both the plain reading and the fallback are exercised.
    const char = fc.constantFrom(...'abz09-_.~/?&=%+:@!$\'"()*,;# éAZ{}'.split(''), '2e', '%2e', '%41', '..');
    const text = fc.array(char, { maxLength: 14 }).map((chars) => chars.join(''));
    const host = fc.constantFrom('127.0.0.1:4010', 'api.marketing.test', 'API.Marketing.test', 'localhost');
    fc.assert(
      fc.property(host, text, (authority, rest) => {
        const url = `http://${authority}/${rest}`;
        expect(partsOf(requestTarget(url))).toEqual(partsOf(new URL(url)));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a plain URL without parsing it', () => {
    const target = requestTarget('http://127.0.0.1:4010/contacts/27821234567?key=k&x=1');
    expect(target).not.toBeInstanceOf(URL);
    expect(partsOf(target)).toEqual({
      pathname: '/contacts/27821234567',
      search: '?key=k&x=1',
      params: [
        ['key', 'k'],
        ['x', '1'],
      ],
    });
  });

  it('parses a URL with dot segments or escapes, as URL reads it', () => {
    expect(requestTarget('http://h/a/../contacts/%2B27').pathname).toBe('/contacts/%2B27');
    expect(requestTarget('http://h/contacts?q=a b').search).toBe('?q=a%20b');
  });
});
