import { filterFromQuery } from '../core/request-journal.js';
import { ok } from '../core/responses.js';
import type { ControlRoute } from './control-route.js';

/** Routes that read and empty the request journal. */
export const journalRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/__mock/requests',
    description:
      'The request journal, newest last; filters method, path (with :name), status, org, since, limit.',
    handle: ({ mock, url }) => ok(mock.requests(filterFromQuery(url.searchParams))),
  },
  {
    method: 'GET',
    path: '/__mock/requests/count',
    description: 'How many journal entries match the same filters: {count}.',
    handle: ({ mock, url }) => ok({ count: mock.requestCount(filterFromQuery(url.searchParams)) }),
  },
  {
    method: 'DELETE',
    path: '/__mock/requests',
    description: 'Empties the request journal.',
    handle: ({ mock }) => {
      mock.clearRequests();
      return ok();
    },
  },
];
