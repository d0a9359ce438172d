import * as z from 'zod';
import { fail, ok, okDataPieces, okText } from '../core/responses.js';
import { runInSlices, type Steps } from '../core/slices.js';
import { stateSaveHook } from '../core/state-save-hook.js';
import { type ControlRoute, parseBody } from './control-route.js';

const Keep = z.array(z.enum(['faults', 'clock']));

// `keep` rides along in the reset body; a body with nothing else is the start world, as no body is.
function resetBodyOf(body: unknown): { document: unknown; keep: ('faults' | 'clock')[] | undefined } {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('keep' in body))
    return { document: body, keep: undefined };
  const { keep, ...document } = body as Record<string, unknown>;
  return {
    document: Object.keys(document).length > 0 ? document : undefined,
    keep: parseBody(z.object({ keep: Keep }), { keep }).keep,
  };
}

const IDS_PER_STEP = 20_000;

/**
 * The answer `ok(ids)` gives, its text written a slice at a time: a seed of 850,000 contacts
 * answers 23 MB of IDs, which took 60 to 150 ms to write at once.
 */
export function* idsAnswerSteps(ids: Partial<Record<string, string[]>>): Steps<string> {
  const lists: string[] = [];
  for (const [name, list = []] of Object.entries(ids)) {
    const parts: string[] = [];
    for (let at = 0; at < list.length; at += IDS_PER_STEP) {
      parts.push(JSON.stringify(list.slice(at, at + IDS_PER_STEP)).slice(1, -1));
      yield;
    }
    lists.push(`${JSON.stringify(name)}:[${parts.join(',')}]`);
  }
  return `{"ok":true,"data":{${lists.join(',')}}}`;
}

const idsAnswer = async (ids: Partial<Record<string, string[]>>) =>
  okText(await runInSlices(idsAnswerSteps(ids)));

/** Routes that replace, add to or read the world. */
export const worldRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/__mock/reset',
    seedBody: true,
    description:
      'No body: back to the start world; {}: an empty world; a seed document: exactly that world. Also restores the start clock and disarms faults unless {"keep": ["faults", "clock"]}.',
    handle: async ({ mock, inSlices, body }) => {
      const { document, keep } = resetBodyOf(body);
      if (!inSlices) return ok(mock.reset(document as never, { keep }) ?? {});
      return idsAnswer((await inSlices.reset(document as never, { keep })) ?? {});
    },
  },
  {
    method: 'POST',
    path: '/__mock/seed',
    growsWorld: true,
    seedBody: true,
    description: 'Adds the records of a seed document; answers their IDs.',
    handle: async ({ mock, inSlices, body }) =>
      inSlices ? idsAnswer(await inSlices.seed((body ?? {}) as never)) : ok(mock.seed((body ?? {}) as never)),
  },
  {
    method: 'GET',
    path: '/__mock/state',
    export: true,
    description: 'The whole state as a seed document.',
    handle: async ({ mock, inSlices }) =>
      inSlices ? okDataPieces(await inSlices.stateText()) : ok(mock.state()),
  },
  {
    method: 'POST',
    path: '/__mock/state/save',
    description: 'Saves the --state file of the standalone server now: {path, ms} (409 without --state).',
    handle: async ({ mock }) => {
      const save = stateSaveHook(mock);
      if (!save) return fail(409, 'This mock has no state file: start marketing-mock with --state <file>');
      try {
        return ok(await save());
      } catch (error) {
        // The disk, not the mock: a full one is 507, any other failure to write names itself.
        const code = (error as { code?: unknown }).code;
        const full = code === 'ENOSPC' || code === 'EDQUOT';
        return fail(
          full ? 507 : 500,
          `State not saved: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  },
];
