import * as z from 'zod';
import { parseBody } from '../control/control-route.js';
import { ControlError } from '../core/control-error.js';
import type { IncomingCall } from '../core/handle-request.js';
import { readFirst, readJsonBody, seedBodyLimits } from '../core/json-body.js';
import { refuseWhenFull, runWithRoom } from '../core/memory-room.js';
import { MOCK_WEBHOOK_HEADER } from '../core/mock-webhook-header.js';
import { SHARED_QUEUES, type WithSharedQueues } from '../core/one-at-a-time.js';
import { decodedSegment } from '../core/path-pattern.js';
import { type Answer, fail, failWith, ok } from '../core/responses.js';
import type { Settings } from '../core/settings.js';
import { SeedError } from '../store/seed-check.js';
import type { SeedDocument } from '../store/seed-schema.js';

/** What the worlds' control routes act on: a world router, seen from here. */
interface WorldHost {
  main: { settings: Pick<Settings, 'maxBodyBytes' | 'memoryFull'> } & WithSharedQueues;
  createInSlices(input: { name?: string; seed?: SeedDocument; ttl_s?: number }): Promise<unknown>;
  list(): unknown[];
  delete(name: string): boolean;
}

/** The worlds' control routes, as `GET /__mock/` lists them beside the default world's. */
const worldRoutes = [
  {
    method: 'POST',
    path: '/__mock/worlds',
    description:
      '{name?, seed?, ttl_s?}: creates an isolated world served under /worlds/<name>/; answers {world, base_url}.',
  },
  {
    method: 'GET',
    path: '/__mock/worlds',
    description: 'The worlds: name, base_url, created, last_used, ttl_s, expires, contacts, requests.',
  },
  { method: 'DELETE', path: '/__mock/worlds/:name', description: 'Removes a world.' },
];

const CreateBody = z.strictObject({
  name: z.string().optional(),
  seed: z.record(z.string(), z.unknown()).optional(),
  ttl_s: z.number().optional(),
});

/** Whether a control path (under the base path) is one of the worlds' routes. */
export function isWorldControlPath(path: string): boolean {
  return path === '/__mock/worlds' || path.startsWith('/__mock/worlds/');
}

/** The default world's list of control routes, with the worlds' routes added. */
export function listedWithWorldRoutes(answer: Answer): Answer {
  const body = answer.body as { ok?: boolean; data?: unknown };
  if (answer.status === 200 && Array.isArray(body?.data)) body.data.push(...worldRoutes);
  return answer;
}

async function answer(router: WorldHost, call: IncomingCall, path: string): Promise<Answer> {
  if (call.headers.has(MOCK_WEBHOOK_HEADER))
    return fail(409, 'The mock’s own webhooks cannot drive its control plane (it would loop)');
  if (path === '/__mock/worlds' && call.method === 'POST') {
    const { settings } = router.main;
    const maxBytes = settings.maxBodyBytes;
    // Refused at once when there is no room already, without reading the body.
    refuseWhenFull(settings);
    // The body is read before the turn (a stalled upload must not hold it) and parsed in it.
    const source = await readFirst(call, maxBytes);
    const create = async (): Promise<Answer> => {
      const read = await readJsonBody(source, maxBytes, seedBodyLimits);
      if ('error' in read) return read.error;
      const input = parseBody(CreateBody, read.body);
      return ok(await router.createInSlices({ ...input, seed: input.seed as SeedDocument | undefined }), 201);
    };
    // Worlds are made one at a time, with the mock's other growing requests, and room is checked
    // when each one's turn comes: five sent together each found room, then ran the heap out.
    const growth = router.main[SHARED_QUEUES]?.growth;
    return growth ? runWithRoom(growth, settings, create) : create();
  }
  if (path === '/__mock/worlds' && call.method === 'GET') return ok(router.list());
  let name: string;
  try {
    name = decodedSegment(path.slice('/__mock/worlds/'.length), path);
  } catch (error) {
    if (error instanceof ControlError) return failWith(error);
    throw error;
  }
  if (call.method === 'DELETE' && name !== '' && !name.includes('/')) {
    if (!router.delete(name)) return fail(404, `No world "${name}"; GET /__mock/worlds lists them`);
    return ok();
  }
  return fail(404, `No control route ${call.method} ${path}; GET /__mock/ lists them`);
}

/** Answers a request to the worlds' control routes (create, list, delete). */
export async function answerWorldControl(
  router: WorldHost,
  call: IncomingCall,
  path: string,
): Promise<Answer> {
  try {
    return await answer(router, call, path);
  } catch (error) {
    if (error instanceof SeedError) return fail(400, { code: 'invalid_seed', issues: error.issues });
    if (error instanceof ControlError) return failWith(error);
    if (error instanceof URIError) return fail(400, error.message);
    throw error;
  }
}
