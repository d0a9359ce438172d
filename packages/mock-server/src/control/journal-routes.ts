import { ControlError } from '../core/control-error.js';
import { runWithRoom } from '../core/memory-room.js';
import { filterFromQuery, JOURNAL_LIST_DEFAULT } from '../core/request-journal.js';
import { ok, okPieces, whenSent } from '../core/responses.js';
import type { ControlRoute } from './control-route.js';

// The entries past which a page waits its turn.
const LARGE_PAGE = 100;

/** Routes that read and empty the request journal. */
export const journalRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/__mock/requests',
    description:
      'The request journal, newest last, bodies cut at 4 kB; filters method, path (with :name), status (404, 4xx), failed, org, since, after, id, limit (default 100, at most 1000). Says how many entries the bound dropped.',
    // `dropped` beside `data`, so `data` stays the list every client already reads. A page of
    // many entries waits its turn, and the next one waits for it to be sent: made side by side,
    // 200 pages of 1,000 held 2.2 GB. The dashboard's polls, a few new entries each, do not wait.
    handle: async ({ mock, url, pages }) => {
      const filter = filterFromQuery(url.searchParams);
      const page = async () => okPieces(await mock.requestPagePieces(filter));
      const large =
        (filter.limit ?? JOURNAL_LIST_DEFAULT) > LARGE_PAGE && mock.requestCount(filter) > LARGE_PAGE;
      return large ? runWithRoom(pages, mock.settings, page, whenSent) : page();
    },
  },
  {
    method: 'GET',
    path: '/__mock/requests/count',
    description: 'How many journal entries match the same filters: {count, dropped}.',
    handle: ({ mock, url }) =>
      ok({ count: mock.requestCount(filterFromQuery(url.searchParams)), dropped: mock.droppedRequests() }),
  },
  {
    method: 'GET',
    path: '/__mock/requests.har',
    export: true,
    description: 'The journal (same filters) as a HAR 1.2 file.',
    handle: async ({ mock, url }) => {
      const answer = okPieces(await mock.requestsHarJson(filterFromQuery(url.searchParams)));
      answer.headers = { 'content-disposition': 'attachment; filename="requests.har"' };
      return answer;
    },
  },
  {
    method: 'GET',
    path: '/__mock/requests/:id',
    description: 'One journal entry in full, by its ID (the x-request-id of the answer).',
    handle: ({ mock, params }) => {
      const entry = mock.request(params.id!);
      if (!entry)
        throw new ControlError(
          404,
          `No request ${params.id} in the journal (never made, emptied, or dropped by its bound)`,
        );
      return ok(entry);
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/requests',
    description: 'Empties the request journal (and its count of dropped entries).',
    handle: ({ mock }) => {
      mock.clearRequests();
      return ok();
    },
  },
];
