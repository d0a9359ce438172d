import { createMockService, type MockServiceOptions } from '@marketing/mock-server';
import { mswHandlers } from '@marketing/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { testSeed } from '../../../mock-server/test/support/mock-world.js';
import { Client, type ClientOptions } from '../../src/index.js';

export { testSeed };

/** Starts msw for a test file; each test gets a fresh mock and clients for its keys. */
export function useSdk() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  return {
    server,
    start(options: MockServiceOptions = {}, clientOptions: Partial<ClientOptions> = {}) {
      const mock = createMockService({ seed: testSeed(), rateLimit: false, ...options });
      server.use(...mswHandlers(mock));
      const client = (apiKey: string) =>
        new Client({ apiKey, baseUrl: mock.baseUrl, maxRetries: 0, ...clientOptions });
      return {
        mock,
        admin: client('key_a_admin'),
        buyer: client('key_b_admin'),
        supplier: client('key_a_supplier'),
        client,
      };
    },
  };
}
