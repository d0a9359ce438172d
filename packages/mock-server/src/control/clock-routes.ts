import { z } from 'zod';
import { ok } from '../core/responses.js';
import { type ControlRoute, parseBody } from './control-route.js';

const ClockBody = z.strictObject({
  set: z.string().optional(),
  advance: z.union([z.string(), z.number()]).optional(),
});

/** Routes that read or move the mock's clock. */
export const clockRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/__mock/clock',
    description: 'Moves the clock: {set: ISO instant} and/or {advance: "7d" | "36h" | "90s"}.',
    handle: ({ mock, body }) => {
      const { set, advance } = parseBody(ClockBody, body);
      if (set !== undefined) mock.clock.set(set);
      if (advance !== undefined) mock.clock.advance(advance);
      return ok({ now: mock.clock.now().toISOString() });
    },
  },
];
