import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OffHeapTexts } from './off-heap-texts.js';

// Well-formed strings of every width UTF-8 has (1 to 4 bytes a character), short and long.
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 900 }),
);
const operation = (slots: number) =>
  fc.oneof(
    fc.record({ kind: fc.constant('set' as const), slot: fc.nat(slots - 1), text }),
    fc.record({ kind: fc.constant('delete' as const), slot: fc.nat(slots - 1) }),
    fc.record({ kind: fc.constant('clear' as const) }),
  );

describe('OffHeapTexts', () => {
  it('reads back what each slot was last given, through any mix of sets, deletes and clears', () => {
    fc.assert(
      fc.property(fc.array(operation(6), { maxLength: 120 }), (operations) => {
        // Small chunks, so that strings share chunks, fill them, and some get bytes of their own.
        const texts = new OffHeapTexts(6, 1024);
        const model: (string | undefined)[] = new Array(6).fill(undefined);
        for (const op of operations) {
          if (op.kind === 'set') {
            texts.set(op.slot, op.text);
            model[op.slot] = op.text;
          } else if (op.kind === 'delete') {
            texts.delete(op.slot);
            model[op.slot] = undefined;
          } else {
            texts.clear();
            model.fill(undefined);
          }
          for (let slot = 0; slot < 6; slot++) expect(texts.get(slot)).toBe(model[slot]);
        }
      }),
    );
  });

  it('reads a lone surrogate back as U+FFFD, the one thing UTF-8 cannot hold', () => {
    const texts = new OffHeapTexts(1);
    texts.set(0, 'a\ud800b');
    expect(texts.get(0)).toBe('a\ufffdb');
  });

  it('holds memory for what it keeps, not for everything it was ever given', () => {
    const texts = new OffHeapTexts(10, 4096);
    const answer = `{"ok":true,"data":"${'x'.repeat(300)}"}`;
    for (let n = 0; n < 100_000; n++) texts.set(n % 10, answer);
    // Ten answers of ~320 bytes fit in one chunk; a second is filling while the first empties,
    // and a third may wait as the spare.
    expect(texts.bytesHeld).toBeLessThanOrEqual(3 * 4096);
    expect(texts.get(3)).toBe(answer);
  });

  it('frees the bytes of a large string once its slot is replaced', () => {
    const texts = new OffHeapTexts(2, 4096);
    texts.set(0, 'y'.repeat(100_000));
    expect(texts.bytesHeld).toBeGreaterThanOrEqual(100_000);
    texts.set(0, 'small');
    expect(texts.bytesHeld).toBeLessThan(100_000);
    expect(texts.get(0)).toBe('small');
  });
});
