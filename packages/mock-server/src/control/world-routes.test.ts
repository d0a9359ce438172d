import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../core/slices.js';
import { idsAnswerSteps } from './world-routes.js';

describe('idsAnswerSteps', () => {
  it('writes what JSON.stringify writes for the envelope of any lists of IDs', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.array(fc.string(), { maxLength: 5 })), (ids) => {
        expect(runToEnd(idsAnswerSteps(ids))).toBe(JSON.stringify({ ok: true, data: ids }));
      }),
    );
  });

  it('writes a list longer than a step in parts that join to the same text', () => {
    const ids = {
      orgs: [],
      contacts: Array.from({ length: 45_001 }, (_, i) => `c${i}"\\`),
      tags: ['t'],
    };
    expect(runToEnd(idsAnswerSteps(ids))).toBe(JSON.stringify({ ok: true, data: ids }));
  });
});
