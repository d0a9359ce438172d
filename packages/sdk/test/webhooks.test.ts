import { describe, expect, it } from 'vitest';
import {
  createWebhookDeduper,
  IDEMPOTENCY_HEADER,
  idempotencyKeyOf,
  memoryDedupeStore,
  previewTemplate,
} from '../src/webhooks.js';

describe('webhook helpers', () => {
  it('read the idempotency key from fetch and Node headers', () => {
    expect(idempotencyKeyOf(new Headers({ [IDEMPOTENCY_HEADER]: 'k1' }))).toBe('k1');
    expect(idempotencyKeyOf({ 'service-idemptotency-key': 'k2' })).toBe('k2');
    expect(idempotencyKeyOf({ 'service-idemptotency-key': ['k3', 'x'] })).toBe('k3');
    expect(idempotencyKeyOf({})).toBeUndefined();
  });

  it('drop a retry already seen, but never a request without a key', async () => {
    const deduper = createWebhookDeduper();
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'a' })).toBe(false);
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'a' })).toBe(true);
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'b' })).toBe(false);
    expect(await deduper.isDuplicate({})).toBe(false);
    expect(await deduper.isDuplicate({})).toBe(false);
  });

  it('forget keys after their time to live, and the oldest first past the size bound', async () => {
    let now = 0;
    const deduper = createWebhookDeduper({
      store: memoryDedupeStore({ now: () => now, maxKeys: 2 }),
      ttlMs: 1000,
    });
    await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'a' });
    now = 1000;
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'a' })).toBe(false);
    await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'b' });
    await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'c' });
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'a' })).toBe(false);
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'c' })).toBe(true);
  });

  it('use a custom store', async () => {
    const keys = new Set<string>();
    const deduper = createWebhookDeduper({
      store: { has: async (k) => keys.has(k), add: async (k) => void keys.add(k) },
    });
    await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'z' });
    expect(keys).toEqual(new Set(['z']));
  });

  it('preview templates as the service renders them', () => {
    expect(
      previewTemplate('Hi {{contact.firstname?there}} {{contact.cell|cell:local}}', {
        contact: { cell: '27821234567' },
        now: new Date(),
      }),
    ).toEqual({
      text: 'Hi there 0821234567',
      missing: [],
    });
  });
});
