import { expect } from 'vitest';

/**
 * Asserts that a started `marketing-mock` refuses a search with a bad filter in zod's English
 * words: bundles of the command keep zod's English messages alone, and this shows they still work.
 */
export async function expectEnglishRefusal(url: string): Promise<void> {
  const response = await fetch(`${url}/contacts/search`, {
    method: 'POST',
    headers: { authorization: 'Bearer demo_seller_admin', 'content-type': 'application/json' },
    body: JSON.stringify({ find: { cell: 5 } }),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    ok: false,
    error: [{ path: 'find.cell', message: 'Invalid input: expected array, received number' }],
  });
}
