import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../core/slices.js';
import { setStateSaveHook } from '../core/state-save-hook.js';
import { createMockService } from '../create-mock-service.js';
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

describe('POST /__mock/state/save', () => {
  const saveWith = async (failure: Error & { code?: string }) => {
    const mock = createMockService();
    setStateSaveHook(mock, () => Promise.reject(failure));
    const answer = await mock.fetch(`${mock.baseUrl}/__mock/state/save`, { method: 'POST' });
    return { status: answer.status, error: ((await answer.json()) as { error: string }).error };
  };

  // A write that failed as Node's file system fails: with its error code.
  const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('answers 507 naming the file when the disk is full, not an internal mock error', async () => {
    const full = failure(
      'ENOSPC',
      'could not save state to /ci/state.json: ENOSPC: no space left on device, write',
    );
    expect(await saveWith(full)).toEqual({
      status: 507,
      error:
        'State not saved: could not save state to /ci/state.json: ENOSPC: no space left on device, write',
    });
  });

  it('answers 500 saying why for any other failure to write', async () => {
    const denied = failure('EACCES', 'could not save state to /ci/state.json: EACCES: permission denied');
    expect(await saveWith(denied)).toEqual({
      status: 500,
      error: 'State not saved: could not save state to /ci/state.json: EACCES: permission denied',
    });
  });
});
