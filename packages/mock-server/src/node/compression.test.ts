import { expect, it } from 'vitest';
import { acceptsGzip } from './compression.js';

it('takes gzip when the client names it, or any coding, with a weight above 0', () => {
  expect(acceptsGzip('gzip, deflate, br')).toBe(true);
  expect(acceptsGzip('br, GZIP;q=0.5')).toBe(true);
  expect(acceptsGzip('*')).toBe(true);
  expect(acceptsGzip('x-gzip')).toBe(true);
  expect(acceptsGzip(undefined)).toBe(false);
  expect(acceptsGzip('br, deflate')).toBe(false);
  expect(acceptsGzip('gzip;q=0')).toBe(false);
  expect(acceptsGzip('gzip; q=0.0, *')).toBe(false);
  expect(acceptsGzip('identity, *;q=0')).toBe(false);
  expect(acceptsGzip('gzipped')).toBe(false);
});
