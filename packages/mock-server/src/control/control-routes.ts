import { z } from 'zod';
import { fail, type Outcome, ok } from '../core/responses.js';
import type { MockService } from '../create-mock-service.js';
import { SeedError } from '../store/world.js';
import { ControlError } from './control-error.js';

const ClockBody = z.strictObject({
  set: z.string().optional(),
  advance: z.union([z.string(), z.number()]).optional(),
});
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

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw new ControlError(
      400,
      result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  }
  return result.data;
}

/**
 * Answers a control-plane request under `/__mock/`: the same actions as the in-process methods,
 * in the service's envelope. Needs no API key.
 */
export async function handleControlRequest(
  mock: MockService,
  method: string,
  path: string,
  url: URL,
  body: unknown,
): Promise<Outcome> {
  try {
    const route = `${method} ${path}`;
    const run = route.match(/^POST \/__mock\/campaigns\/([^/]+)\/run$/);
    if (run) return ok(mock.campaigns.run(decodeURIComponent(run[1]!), parse(RunBody, body)));
    switch (route) {
      case 'POST /__mock/reset':
        return ok(mock.reset(body === undefined ? undefined : (body as never)) ?? {});
      case 'POST /__mock/seed':
        return ok(mock.seed(body as never));
      case 'GET /__mock/state':
        return ok(mock.state());
      case 'POST /__mock/clock': {
        const { set, advance } = parse(ClockBody, body);
        if (set !== undefined) mock.clock.set(set);
        if (advance !== undefined) mock.clock.advance(advance);
        return ok({ now: mock.clock.now().toISOString() });
      }
      case 'POST /__mock/replies':
        return ok(await mock.replies.receive(parse(ReplyBody, body)));
      case 'POST /__mock/clicks':
        return ok(mock.clicks.create(parse(ClickBody, body)));
      case 'GET /__mock/outbox': {
        const filter = Object.fromEntries(
          ['channel', 'cell', 'since'].flatMap((k) =>
            url.searchParams.has(k) ? [[k, url.searchParams.get(k)!]] : [],
          ),
        );
        return ok(mock.outbox(filter));
      }
      case 'GET /__mock/webhooks':
        return ok(mock.webhookDeliveries());
      case 'GET /__mock/requests': {
        const limit = url.searchParams.get('limit');
        if (limit !== null && !/^\d+$/.test(limit))
          return fail(400, 'limit: Expected a whole number of 0 or more');
        return ok(mock.requests(limit === null ? undefined : Number(limit)));
      }
    }
    return fail(404, `No control route ${method} ${path}`);
  } catch (error) {
    if (error instanceof SeedError) return fail(400, { code: 'invalid_seed', issues: error.issues });
    if (error instanceof ControlError) return fail(error.status, error.message);
    if (error instanceof Error && error.name === 'ClockError') return fail(400, error.message);
    throw error;
  }
}
