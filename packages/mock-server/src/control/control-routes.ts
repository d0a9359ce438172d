import { z } from 'zod';
import { ControlError } from '../core/control-error.js';
import { FaultError } from '../core/faults.js';
import { matchPathPattern } from '../core/path-pattern.js';
import { filterFromQuery, RequestFilterError, wholeNumberParam } from '../core/request-journal.js';
import type { RequestTarget } from '../core/request-target.js';
import { fail, type Outcome, ok } from '../core/responses.js';
import { stateSaveHook } from '../core/state-save-hook.js';
import type { MockService } from '../mock-service.js';
import { SeedError } from '../store/seed-check.js';
import { VERSION } from '../version.js';

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

/** What a control route gets. */
interface ControlCall {
  mock: MockService;
  params: Record<string, string>;
  url: RequestTarget;
  body: unknown;
  /** When the mock started (`performance.now()` time), for the health check's uptime. */
  startedAt: number;
}

/** One route of the control plane: its method, path and a line of what it does. */
interface ControlRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  description: string;
  handle(call: ControlCall): Outcome | Promise<Outcome>;
}

// The control plane, one row per route; `GET /__mock/` lists these rows.
const routes: ControlRoute[] = [
  {
    method: 'GET',
    path: '/__mock/',
    description: 'This list of control routes.',
    handle: () => ok(routes.map(({ method, path, description }) => ({ method, path, description }))),
  },
  {
    method: 'GET',
    path: '/__mock/health',
    description: 'Readiness probe: {status: "ok", version, uptime_s}.',
    handle: ({ startedAt }) =>
      ok({ status: 'ok', version: VERSION, uptime_s: Math.round((performance.now() - startedAt) / 1000) }),
  },
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
  {
    method: 'POST',
    path: '/__mock/clock',
    description: 'Moves the clock: {set: ISO instant} and/or {advance: "7d" | "36h" | "90s"}.',
    handle: ({ mock, body }) => {
      const { set, advance } = parse(ClockBody, body);
      if (set !== undefined) mock.clock.set(set);
      if (advance !== undefined) mock.clock.advance(advance);
      return ok({ now: mock.clock.now().toISOString() });
    },
  },
  {
    method: 'POST',
    path: '/__mock/replies',
    description:
      'An inbound reply {from, message, campaign_id?, send_id?, to?}: classified, opt-outs applied, hooks fired.',
    handle: async ({ mock, body }) => ok(await mock.replies.receive(parse(ReplyBody, body))),
  },
  {
    method: 'POST',
    path: '/__mock/clicks',
    description: 'A click on a send’s tracking link: {send_id}.',
    handle: ({ mock, body }) => ok(mock.clicks.create(parse(ClickBody, body))),
  },
  {
    method: 'POST',
    path: '/__mock/campaigns/:id/run',
    description: 'Runs one campaign send over its targeting: {limit?, seed?}.',
    handle: ({ mock, params, body }) => ok(mock.campaigns.run(params.id!, parse(RunBody, body))),
  },
  {
    method: 'GET',
    path: '/__mock/outbox',
    description: 'The messages sent (SMS and email); filters channel, cell, since.',
    handle: ({ mock, url }) => {
      const filter = Object.fromEntries(
        ['channel', 'cell', 'since'].flatMap((k) =>
          url.searchParams.has(k) ? [[k, url.searchParams.get(k)!]] : [],
        ),
      );
      return ok(mock.outbox(filter));
    },
  },
  {
    method: 'GET',
    path: '/__mock/contacts',
    description: 'Contacts by cell or tag (filters cell, tag, org, limit), with their tags and opt-outs.',
    handle: ({ mock, url }) => {
      const q = url.searchParams;
      const limit = wholeNumberParam(q, 'limit');
      return ok(
        mock.findContacts({
          ...(q.has('cell') ? { cell: q.get('cell')! } : {}),
          ...(q.has('tag') ? { tag: q.get('tag')! } : {}),
          ...(q.has('org') ? { org: q.get('org')! } : {}),
          ...(limit !== undefined ? { limit } : {}),
        }),
      );
    },
  },
  {
    method: 'GET',
    path: '/__mock/webhooks',
    description: 'Every webhook delivery attempt: URL, headers, body, attempt, outcome.',
    handle: ({ mock }) => ok(mock.webhookDeliveries()),
  },
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
  {
    method: 'GET',
    path: '/__mock/ui',
    description: 'The dashboard web page (standalone server).',
    handle: () => fail(404, 'The dashboard is served by the standalone server (marketing-mock)'),
  },
];

function matchRoute(
  method: string,
  path: string,
): { route: ControlRoute; params: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const raw = matchPathPattern(route.path, path);
    // A control route's parameters are IDs: never empty, and decoded.
    if (!raw || Object.values(raw).some((value) => value === '')) continue;
    const params = Object.fromEntries(
      Object.entries(raw).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
    return { route, params };
  }
  return undefined;
}

/**
 * Answers a control-plane request under `/__mock/`: the same actions as the in-process methods,
 * in the service's envelope. Needs no API key.
 */
export async function handleControlRequest(
  call: Omit<ControlCall, 'params'> & { method: string; path: string },
): Promise<Outcome> {
  try {
    // HEAD is GET without the body (the transport leaves it out).
    const match = matchRoute(call.method === 'HEAD' ? 'GET' : call.method, call.path);
    if (!match) return fail(404, `No control route ${call.method} ${call.path}; GET /__mock/ lists them`);
    return await match.route.handle({ ...call, params: match.params });
  } catch (error) {
    if (error instanceof SeedError) return fail(400, { code: 'invalid_seed', issues: error.issues });
    if (error instanceof ControlError) return fail(error.status, error.message);
    if (error instanceof FaultError || error instanceof RequestFilterError) return fail(400, error.message);
    if (error instanceof Error && (error.name === 'ClockError' || error instanceof URIError))
      return fail(400, error.message);
    throw error;
  }
}
