import { fail, ok } from '../core/responses.js';
import type { ControlRoute } from './control-route.js';

/** Routes that arm, list and disarm faults. */
export const faultRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/__mock/faults',
    description:
      'Arms a fault (status, body, headers, delay_ms, drop; when before/after; times): {fault_id}.',
    handle: ({ mock, body }) => ok({ fault_id: mock.faults.add((body ?? {}) as never).fault_id }),
  },
  {
    method: 'GET',
    path: '/__mock/faults',
    description: 'The armed faults, with how many times each has fired.',
    handle: ({ mock }) => ok(mock.faults.list()),
  },
  {
    method: 'DELETE',
    path: '/__mock/faults',
    description: 'Disarms every fault.',
    handle: ({ mock }) => {
      mock.faults.clear();
      return ok();
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/faults/:id',
    description: 'Disarms one fault (404 for an unknown ID).',
    handle: ({ mock, params }) => (mock.faults.clear(params.id) ? ok() : fail(404, `No fault ${params.id}`)),
  },
];
