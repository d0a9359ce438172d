import { ClockError } from '../core/clock.js';
import { ControlError } from '../core/control-error.js';
import { FaultError } from '../core/faults.js';
import { type IncomingCall, readJsonBody } from '../core/handle-request.js';
import { MOCK_WEBHOOK_HEADER } from '../core/mock-webhook-header.js';
import { matchPathPattern } from '../core/path-pattern.js';
import { RequestFilterError } from '../core/request-journal.js';
import type { RequestTarget } from '../core/request-target.js';
import { fail, type Outcome, ok } from '../core/responses.js';
import type { MockService } from '../mock-service.js';
import { SeedError } from '../store/seed-check.js';
import { VERSION } from '../version.js';
import { activityRoutes } from './activity-routes.js';
import { clockRoutes } from './clock-routes.js';
import type { ControlCall, ControlRoute } from './control-route.js';
import { faultRoutes } from './fault-routes.js';
import { journalRoutes } from './journal-routes.js';
import { scheduleRoutes } from './schedule-routes.js';
import { worldRoutes } from './world-routes.js';

// The control plane, one row per route, each area in its own file; `GET /__mock/` lists them.
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
  ...worldRoutes,
  ...clockRoutes,
  ...scheduleRoutes,
  ...activityRoutes,
  ...journalRoutes,
  ...faultRoutes,
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

/** The errors a control action throws for bad input, as their 4xx answers. */
function refusal(error: unknown): Outcome | undefined {
  if (error instanceof SeedError) return fail(400, { code: 'invalid_seed', issues: error.issues });
  if (error instanceof ControlError) return fail(error.status, error.message);
  if (
    error instanceof FaultError ||
    error instanceof RequestFilterError ||
    error instanceof ClockError ||
    error instanceof URIError
  )
    return fail(400, error.message);
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
    const match = matchRoute(call.method, call.path);
    if (!match) return fail(404, `No control route ${call.method} ${call.path}; GET /__mock/ lists them`);
    return await match.route.handle({ ...call, params: match.params });
  } catch (error) {
    const answer = refusal(error);
    if (answer) return answer;
    throw error;
  }
}

/** Reads a control request's body and answers it; refused when the control plane is off. */
export async function answerControl(
  mock: MockService,
  call: IncomingCall,
  url: RequestTarget,
  path: string,
  startedAt: number,
): Promise<Outcome> {
  if (!mock.settings.control) return fail(404, 'Not found');
  if (call.headers.has(MOCK_WEBHOOK_HEADER))
    return fail(409, 'The mock’s own webhooks cannot drive its control plane (it would loop)');
  const read =
    call.method === 'POST' ? await readJsonBody(call, mock.settings.maxBodyBytes) : { body: undefined };
  if ('error' in read) return read.error;
  return handleControlRequest({ mock, method: call.method, path, url, body: read.body, startedAt });
}
