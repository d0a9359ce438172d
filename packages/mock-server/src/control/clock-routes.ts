import * as z from 'zod';
import { ok } from '../core/responses.js';
import { type ControlRoute, parseBody } from './control-route.js';

const ClockBody = z.strictObject({
  set: z.string().optional(),
  advance: z.union([z.string(), z.number()]).optional(),
  freeze: z.boolean().optional(),
  real: z.literal(true).optional(),
});

/** Routes that read or move the mock's clock. */
export const clockRoutes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/__mock/clock',
    description: 'The clock: {now, mode} (mode real, offset or frozen).',
    handle: ({ mock }) => ok(mock.clock.reading()),
  },
  {
    method: 'POST',
    path: '/__mock/clock',
    growsWorld: true,
    description:
      'Moves the clock, running what falls due (and answering once the webhook retries it sent have their outcomes): {set: ISO instant, advance: "7d" | "36h" | "90s", freeze: true | false, real: true}.',
    handle: async ({ mock, inSlices, body }) => {
      const change = parseBody(ClockBody, body);
      // A month of daily sends to many contacts takes seconds: health is answered meanwhile.
      const reading = inSlices ? await inSlices.moveClock(change) : mock.clock.change(change);
      // The webhook retries the move sent have their outcomes in the journal when it answers.
      await mock.webhooksSettled();
      return ok(reading);
    },
  },
];
