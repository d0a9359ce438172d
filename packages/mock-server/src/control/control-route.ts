import type { z } from 'zod';
import { ControlError } from '../core/control-error.js';
import type { RequestTarget } from '../core/request-target.js';
import type { Answer } from '../core/responses.js';
import type { MockService } from '../mock-service.js';

/** What a control route gets. */
export interface ControlCall {
  mock: MockService;
  params: Record<string, string>;
  url: RequestTarget;
  body: unknown;
  /** When the mock started (`performance.now()` time), for the health check's uptime. */
  startedAt: number;
}

/** One route of the control plane: its method, path and a line of what it does. */
export interface ControlRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  description: string;
  handle(call: ControlCall): Answer | Promise<Answer>;
}

/** A control body read with its schema; a 400 naming every wrong field otherwise. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  // No body is an empty object; a body of JSON null is refused like any other that is not an object.
  const result = schema.safeParse(body === undefined ? {} : body);
  if (!result.success) {
    throw new ControlError(
      400,
      result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  }
  return result.data;
}
