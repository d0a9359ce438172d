import * as z from 'zod';
import { ok } from '../core/responses.js';
import { type ControlRoute, parseBody } from './control-route.js';

const ScheduleQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(1000).optional() });

/** Routes that show what the service will do by itself next. */
export const scheduleRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/__mock/schedule',
    description:
      'What the service does next by itself, in order: [{kind, at, campaign_id?, send_id?, contact_id?, delivery_id?, hook_id?, attempt?}] (query limit, default 50).',
    handle: ({ mock, url }) => {
      const { limit } = parseBody(ScheduleQuery, Object.fromEntries(url.searchParams));
      return ok(mock.schedule(limit));
    },
  },
];
