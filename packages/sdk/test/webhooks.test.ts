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

  it('read the idempotency key from a plain object whatever the case of its name', () => {
    expect(idempotencyKeyOf({ 'Service-Idemptotency-Key': 'k4' })).toBe('k4');
    expect(idempotencyKeyOf({ 'SERVICE-IDEMPTOTENCY-KEY': ['k5'] })).toBe('k5');
  });

  it('handle a delivery once, and answer a retry of it as a duplicate without running the handler', async () => {
    const deduper = createWebhookDeduper();
    const runs: string[] = [];
    const deliver = (key: string) => deduper.handleOnce({ [IDEMPOTENCY_HEADER]: key }, () => runs.push(key));
    expect(await deliver('a')).toBe('handled');
    expect(await deliver('a')).toBe('duplicate');
    expect(await deliver('b')).toBe('handled');
    expect(runs).toEqual(['a', 'b']);
    expect(await deduper.handleOnce({}, () => runs.push('none'))).toBe('handled');
    expect(await deduper.handleOnce({}, () => runs.push('none'))).toBe('handled');
    expect(runs).toEqual(['a', 'b', 'none', 'none']);
  });

  it('handle a delivery again after its handler failed, since its key is recorded only on success', async () => {
    const deduper = createWebhookDeduper();
    const headers = { [IDEMPOTENCY_HEADER]: 'k' };
    await expect(
      deduper.handleOnce(headers, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    let runs = 0;
    expect(await deduper.handleOnce(headers, () => runs++)).toBe('handled');
    expect(await deduper.handleOnce(headers, () => runs++)).toBe('duplicate');
    expect(runs).toBe(1);
  });

  it('let a retry wait for an attempt whose store records its key later, as Redis does, and answer it as a duplicate', async () => {
    const keys = new Set<string>();
    const later = () => new Promise((resolve) => setTimeout(resolve, 20));
    const deduper = createWebhookDeduper({
      store: {
        has: async (key) => keys.has(key),
        add: async (key) => {
          await later();
          keys.add(key);
        },
      },
    });
    const headers = { [IDEMPOTENCY_HEADER]: 'k' };
    let runs = 0;
    const attempts = [deduper.handleOnce(headers, () => runs++), deduper.handleOnce(headers, () => runs++)];
    expect(await Promise.all(attempts)).toEqual(['handled', 'duplicate']);
    expect(runs).toBe(1);
  });

  it('let a retry that arrives mid-handling wait for the attempt before it: a duplicate if it succeeds, handled if it fails', async () => {
    const deduper = createWebhookDeduper();
    const headers = { [IDEMPOTENCY_HEADER]: 'k' };
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const slow = gate();
    const first = deduper.handleOnce(headers, async () => {
      await slow.opened;
      throw new Error('failed late');
    });
    let retried = 0;
    const retry = deduper.handleOnce(headers, () => retried++);
    const another = deduper.handleOnce(headers, () => retried++);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(retried).toBe(0);
    slow.open();
    await expect(first).rejects.toThrow('failed late');
    expect(await Promise.all([retry, another])).toEqual(['handled', 'duplicate']);
    expect(retried).toBe(1);

    const succeeding = gate();
    const again = { [IDEMPOTENCY_HEADER]: 'k2' };
    const firstOfTwo = deduper.handleOnce(again, () => succeeding.opened);
    const retryOfTwo = deduper.handleOnce(again, () => retried++);
    succeeding.open();
    expect(await Promise.all([firstOfTwo, retryOfTwo])).toEqual(['handled', 'duplicate']);
    expect(retried).toBe(1);
  });

  it('drop a retry already seen, but never a request without a key', async () => {
    const deduper = createWebhookDeduper();
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'a' })).toBe(false);
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'a' })).toBe(true);
    expect(await deduper.isDuplicate({ [IDEMPOTENCY_HEADER]: 'b' })).toBe(false);
    expect(await deduper.isDuplicate({})).toBe(false);
    expect(await deduper.isDuplicate({})).toBe(false);
  });

  it('record no key over 200 characters, so a flood of long junk keys holds no memory', async () => {
    const added: string[] = [];
    const store = { has: (key: string) => added.includes(key), add: (key: string) => void added.push(key) };
    const deduper = createWebhookDeduper({ store });
    const long = { [IDEMPOTENCY_HEADER]: 'k'.repeat(201) };
    expect(await deduper.isDuplicate(long)).toBe(false);
    expect(await deduper.handleOnce(long, () => {})).toBe('handled');
    expect(added).toEqual([]);
    const longest = { [IDEMPOTENCY_HEADER]: 'k'.repeat(200) };
    expect(await deduper.handleOnce(longest, () => {})).toBe('handled');
    expect(await deduper.handleOnce(longest, () => {})).toBe('duplicate');
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

  it('refuse a time to live, a size bound or a store they could not use, when made', () => {
    expect(() => createWebhookDeduper({ ttlMs: 0 })).toThrow(
      'createWebhookDeduper: ttlMs must be a number of milliseconds above 0, got 0',
    );
    expect(() => createWebhookDeduper({ ttlMs: Number.NaN })).toThrow(RangeError);
    expect(() => createWebhookDeduper({ store: {} as never })).toThrow(
      'createWebhookDeduper: store must have has(key) and add(key, ttlMs) functions',
    );
    expect(() => memoryDedupeStore({ maxKeys: 0 })).toThrow(
      'memoryDedupeStore: maxKeys must be a whole number, 1 or more, got 0',
    );
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
