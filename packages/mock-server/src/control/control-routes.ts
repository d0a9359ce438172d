import { ClockError } from '../core/clock.js';
import { ControlError } from '../core/control-error.js';
import { FaultError } from '../core/faults.js';
import { type IncomingCall, withHead } from '../core/handle-request.js';
import { type BodySource, bodyLimits, readFirst, readJsonBody, seedBodyLimits } from '../core/json-body.js';
import { refuseWhenFull, runWithRoom } from '../core/memory-room.js';
import { MOCK_WEBHOOK_HEADER } from '../core/mock-webhook-header.js';
import type { SharedQueues } from '../core/one-at-a-time.js';
import { decodedSegment, matchPathPattern } from '../core/path-pattern.js';
import { RequestFilterError } from '../core/request-journal.js';
import type { RequestTarget } from '../core/request-target.js';
import { type Answer, fail, failWith, htmlPage, type Outcome, ok, whenSent } from '../core/responses.js';
import type { WorldGate } from '../core/world-gate.js';
import type { MockService } from '../mock-service.js';
import { SeedError } from '../store/seed-check.js';
import { VERSION } from '../version.js';
import { activityRoutes } from './activity-routes.js';
import { clockRoutes } from './clock-routes.js';
import { accessRefusal, contentTypeRefusal, notJson } from './control-guard.js';
import {
  CONTROL_BODY_MAX_BYTES,
  type ControlCall,
  type ControlRoute,
  type WorldActionsInSlices,
} from './control-route.js';
import { faultRoutes } from './fault-routes.js';
import { journalRoutes } from './journal-routes.js';
import { pactRoutes } from './pact-routes.js';
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
  ...pactRoutes,
  {
    method: 'GET',
    path: '/__mock/ui',
    description: 'The dashboard web page (standalone server; open to all, its data calls need the token).',
    handle: ({ mock }) =>
      mock.settings.dashboard
        ? mock.settings.dashboard().then(htmlPage)
        : fail(404, 'The dashboard is served by the standalone server (marketing-mock)'),
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
      Object.entries(raw).map(([name, value]) => [name, decodedSegment(value, path)]),
    );
    return { route, params };
  }
  return undefined;
}

// The methods of the control routes whose path matches.
function methodsOf(path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) if (matchPathPattern(route.path, path)) methods.add(route.method);
  return [...methods];
}

/** The errors a control action throws for bad input, as their 4xx answers. */
function refusal(error: unknown): Outcome | undefined {
  if (error instanceof SeedError) return fail(400, { code: 'invalid_seed', issues: error.issues });
  if (error instanceof ControlError) return failWith(error);
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
): Promise<Answer> {
  try {
    // HEAD is GET without the body (the transport leaves it out).
    const match = matchRoute(call.method === 'HEAD' ? 'GET' : call.method, call.path);
    if (!match) {
      // A known path with another method is a 405 naming the methods it takes, as the service's are.
      const allowed = withHead(methodsOf(call.path));
      return allowed.length > 0
        ? fail(405, `Method ${call.method} is not allowed on ${call.path}`, {
            headers: { allow: allowed.join(', ') },
          })
        : fail(404, `No control route ${call.method} ${call.path}; GET /__mock/ lists them`);
    }
    const routeCall = { ...call, params: match.params };
    return await (match.route.export
      ? // An export is made whole before it is written: with the heap full, it would run it out.
        runWithRoom(call.exports, call.mock.settings, () => match.route.handle(routeCall), whenSent)
      : match.route.handle(routeCall));
  } catch (error) {
    const answer = refusal(error);
    if (answer) return answer;
    throw error;
  }
}

/**
 * Reads a control request's body and answers it. Refused first: when the control plane is off
 * (only health answers), without the control token when one is set (401), and a POST whose body
 * is not declared as JSON (415), which a web page on another origin could otherwise send.
 */
export async function answerControl(
  mock: MockService,
  call: IncomingCall,
  url: RequestTarget,
  path: string,
  context: { startedAt: number; gate: WorldGate; inSlices: WorldActionsInSlices; queues: SharedQueues },
): Promise<Answer> {
  const refused = accessRefusal(mock.settings, call, path);
  if (refused) return refused;
  if (call.headers.has(MOCK_WEBHOOK_HEADER))
    return fail(409, 'The mock’s own webhooks cannot drive its control plane (it would loop)');
  const { startedAt, inSlices, queues } = context;
  const answerWith = (body: unknown) =>
    handleControlRequest({
      mock,
      method: call.method,
      path,
      url,
      body,
      startedAt,
      inSlices,
      exports: queues.exports,
      pages: queues.pages,
    });
  if (call.method !== 'POST') return answerWith(undefined);
  const notJsonAnswer = contentTypeRefusal(call);
  if (notJsonAnswer) return notJsonAnswer;
  let route: ControlRoute | undefined;
  try {
    route = matchRoute(call.method, path)?.route;
  } catch (error) {
    if (error instanceof ControlError) return failWith(error);
    throw error;
  }
  const maxBytes = route?.seedBody
    ? mock.settings.maxBodyBytes
    : Math.min(CONTROL_BODY_MAX_BYTES, mock.settings.maxBodyBytes);
  const answerPost = async (source: BodySource = call): Promise<Answer> => {
    const read = await readJsonBody(source, maxBytes, route?.seedBody ? seedBodyLimits : bodyLimits);
    // Without a content-type only an empty body passes: anything else was sent as some other type.
    if (
      !call.headers.has('content-type') &&
      ('error' in read ? read.error.status === 400 : read.body !== undefined)
    )
      return notJson(null);
    if ('error' in read) return read.error;
    // A seed or reset may have begun while the body came in.
    if (context.gate.closed) await context.gate.waitOpen();
    return answerWith(read.body);
  };
  if (!route?.growsWorld) return answerPost();
  // One at a time across the mock and its worlds, room checked when its turn comes (the body
  // read before, parsed in the turn): sent together, each found room before any had taken it.
  try {
    // Refused at once too when there is no room already, without reading the body.
    refuseWhenFull(mock.settings);
    const source = await readFirst(call, maxBytes);
    return await runWithRoom(queues.growth, mock.settings, () => answerPost(source));
  } catch (error) {
    const answer = refusal(error);
    if (answer) return answer;
    throw error;
  }
}
