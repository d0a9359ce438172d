import * as z from 'zod';
import { checkParties } from '../core/pact-file.js';
import { refuseRepeatedParams } from '../core/request-journal.js';
import { type Answer, ok, okPieces } from '../core/responses.js';
import type { SeedDocument } from '../store/seed-schema.js';
import { type ControlRoute, parseBody } from './control-route.js';

// The body a Pact verifier posts to its provider-state change URL.
const StateChangeBody = z.strictObject({
  state: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  action: z.enum(['setup', 'teardown']),
});

/** Routes that make the mock a Pact provider, and export its journal as a pact. */
export const pactRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/__mock/pact/states',
    description:
      'Pact provider-state change {state, params?, action: "setup"|"teardown"}: setup resets the world to the state’s seed.',
    handle: async ({ mock, inSlices, body }) => {
      const { state, params, action } = parseBody(StateChangeBody, body);
      if (action === 'teardown') mock.pactStates.teardown(state);
      else if (inSlices) await inSlices.pactSetup(state, params);
      else mock.pactStates.setup(state, params);
      return ok({ state, action });
    },
  },
  {
    method: 'GET',
    path: '/__mock/pact/states',
    description: 'The registered provider states and the active one: {states, active}.',
    handle: ({ mock }) => ok({ states: mock.pactStates.list(), active: mock.pactStates.active() ?? null }),
  },
  {
    method: 'POST',
    path: '/__mock/pact/states/:state',
    growsWorld: true,
    seedBody: true,
    description: 'Registers (or replaces) the seed document of a provider state.',
    handle: async ({ mock, inSlices, params, body }) => {
      const seed = (body ?? {}) as SeedDocument;
      if (inSlices) await inSlices.pactRegister(params.state!, seed);
      else mock.pactStates.register(params.state!, seed);
      return ok({ state: params.state! });
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/pact/states/:state',
    description: 'Forgets a registered provider state and its seed document.',
    handle: ({ mock, params }) => {
      mock.pactStates.remove(params.state!);
      return ok({ state: params.state! });
    },
  },
  {
    method: 'GET',
    path: '/__mock/requests.pact',
    export: true,
    description:
      'The journal’s service calls as a Pact V4 file (?consumer=&provider=), one interaction per distinct request.',
    handle: async ({ mock, inSlices, url }) => {
      // Named once each, as every other filter of the control plane: the last of two was taken.
      refuseRepeatedParams(url.searchParams);
      const parties = checkParties(Object.fromEntries(url.searchParams));
      const answer: Answer = inSlices
        ? okPieces(await inSlices.pactText(parties))
        : { status: 200, body: mock.pact(parties) };
      answer.headers = {
        'content-disposition': `attachment; filename="${fileName(parties.consumer)}-${fileName(parties.provider)}.json"`,
      };
      return answer;
    },
  },
];

const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-');
