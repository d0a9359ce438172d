/**
 * A header the mock adds to its own webhook requests, so that a webhook pointed back at the mock
 * cannot trigger another simulated reply and loop.
 */
export const MOCK_WEBHOOK_HEADER = 'x-marketing-mock-webhook';
