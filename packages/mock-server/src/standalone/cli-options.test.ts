import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './cli-options.js';

describe('isLoopbackHost', () => {
  it('knows the addresses that listen on this machine only', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      'localhost',
      'LOCALHOST',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.10',
      '10.0.0.1',
      'mock.internal',
      '127.0.0.1.example.com',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
