import { fail, ok } from '../core/responses.js';
import { stateSaveHook } from '../core/state-save-hook.js';
import type { ControlRoute } from './control-route.js';

/** Routes that replace, add to or read the world. */
export const worldRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/__mock/reset',
    description: 'No body: back to the start world; {}: an empty world; a seed document: exactly that world.',
    handle: ({ mock, body }) => ok(mock.reset(body as never) ?? {}),
  },
  {
    method: 'POST',
    path: '/__mock/seed',
    description: 'Adds the records of a seed document; answers their IDs.',
    handle: ({ mock, body }) => ok(mock.seed((body ?? {}) as never)),
  },
  {
    method: 'GET',
    path: '/__mock/state',
    description: 'The whole state as a seed document.',
    handle: ({ mock }) => ok(mock.state()),
  },
  {
    method: 'POST',
    path: '/__mock/state/save',
    description: 'Saves the --state file of the standalone server now: {path, ms} (409 without --state).',
    handle: async ({ mock }) => {
      const save = stateSaveHook(mock);
      if (!save) return fail(409, 'This mock has no state file: start marketing-mock with --state <file>');
      return ok(await save());
    },
  },
];
