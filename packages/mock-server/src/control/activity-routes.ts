import * as z from 'zod';
import { ControlError } from '../core/control-error.js';
import { jsonPiecesSteps } from '../core/json-pieces.js';
import { refuseWhenFull } from '../core/memory-room.js';
import { newest } from '../core/newest.js';
import { type Outcome, ok, okDataPieces, okPieces } from '../core/responses.js';
import { RECORDS_AT_ONCE, runInSlices } from '../core/slices.js';
import {
  contactLookupFromQuery,
  outboxFilterFromQuery,
  webhookListFilterFromQuery,
} from '../store/world-queries.js';
import { type ControlRoute, parseBody } from './control-route.js';

const ReplyBody = z.strictObject({
  from: z.string().min(1),
  message: z.string(),
  campaign_id: z.string().optional(),
  send_id: z.string().optional(),
  to: z.string().optional(),
});
const ClickBody = z.strictObject({ send_id: z.string().min(1) });
const RunBody = z.strictObject({
  limit: z.number().int().nonnegative().optional(),
  seed: z.number().int().optional(),
});

// A list of up to 10,000 contacts is 2.2 MB of JSON: made at once, 15-25 ms a request, and twenty
// clients reading such lists kept every turn of the event loop long enough that health probes on
// new connections queued for seconds (cold check 26). Past RECORDS_AT_ONCE, made a slice at a time.
async function okLongList(list: readonly unknown[]): Promise<Outcome> {
  if (list.length <= RECORDS_AT_ONCE) return ok(list);
  return okPieces(await runInSlices(jsonPiecesSteps({ ok: true, data: list }, 'data')));
}

/** Routes that play the outside world (replies, clicks, campaign runs) and show what was sent. */
export const activityRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/__mock/replies',
    description:
      'An inbound reply {from, message, campaign_id?, send_id?, to?}: classified, opt-outs applied, hooks fired.',
    // A reply stores itself, its hooks' SMS and webhook attempts: refused when there is no room.
    handle: async ({ mock, body }) => {
      refuseWhenFull(mock.settings);
      return ok(await mock.replies.receive(parseBody(ReplyBody, body)));
    },
  },
  {
    method: 'POST',
    path: '/__mock/clicks',
    description: 'A click on a send’s tracking link: {send_id}.',
    handle: ({ mock, body }) => {
      refuseWhenFull(mock.settings);
      return ok(mock.clicks.create(parseBody(ClickBody, body)));
    },
  },
  {
    method: 'POST',
    path: '/__mock/campaigns/:id/run',
    growsWorld: true,
    description: 'Runs one campaign send over its targeting: {limit?, seed?}.',
    handle: async ({ mock, inSlices, params, body }) => {
      const options = parseBody(RunBody, body);
      if (!inSlices) return ok(mock.campaigns.run(params.id!, options));
      const result = await inSlices.runCampaign(params.id!, options);
      // A run to 800,000 contacts answers 40 MB: written a piece a turn.
      return okDataPieces(await runInSlices(jsonPiecesSteps(result, 'sends')));
    },
  },
  {
    method: 'GET',
    path: '/__mock/outbox',
    export: true,
    description: 'The messages sent (SMS and email); filters channel, cell, since, limit (the newest).',
    // 800,000 messages are 200 MB of JSON: made and written a few at a time.
    handle: async ({ mock, url }) =>
      okPieces(
        await runInSlices(
          jsonPiecesSteps({ ok: true, data: mock.outbox(outboxFilterFromQuery(url.searchParams)) }, 'data'),
        ),
      ),
  },
  {
    method: 'GET',
    path: '/__mock/contacts',
    description:
      'Contacts by cell or tag (filters cell, tag, org, limit: default 50, at most 10,000), with their tags and opt-outs.',
    handle: ({ mock, url }) => okLongList(mock.findContacts(contactLookupFromQuery(url.searchParams))),
  },
  {
    method: 'GET',
    path: '/__mock/webhooks',
    description: 'Every webhook delivery attempt, or the newest limit: URL, headers, body, attempt, outcome.',
    handle: ({ mock, url }) =>
      okLongList(newest(mock.webhookDeliveries(), webhookListFilterFromQuery(url.searchParams).limit)),
  },
  {
    method: 'GET',
    path: '/__mock/webhooks/:id',
    description:
      'One webhook delivery: URL, method, headers, body, outcome, the cause of a failure, every attempt.',
    handle: ({ mock, params }) => {
      const delivery = mock.webhookDelivery(params.id!);
      if (!delivery) throw new ControlError(404, `No webhook delivery ${params.id}`);
      return ok(delivery);
    },
  },
  {
    method: 'POST',
    path: '/__mock/webhooks/:id/redeliver',
    description: 'Sends a webhook delivery again (a new attempt, same idempotency key); answers the attempt.',
    handle: async ({ mock, params }) => ok(await mock.redeliverWebhook(params.id!)),
  },
];
