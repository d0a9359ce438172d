import type { IncomingCall } from '../core/handle-request.js';
import { CONTROL_TOKEN_HEADER } from '../core/redact.js';
import { fail, type Outcome } from '../core/responses.js';
import type { Settings } from '../core/settings.js';

export { CONTROL_TOKEN_HEADER };

const encoder = new TextEncoder();

/**
 * Whether a presented token is the expected one, in time that does not depend on where they
 * differ (a byte-by-byte early exit would let a caller guess the token one byte at a time).
 * Runs in browsers too (the msw worker), so it does not use `node:crypto`.
 */
export function sameToken(presented: string | null, expected: string): boolean {
  if (presented === null) return false;
  const a = encoder.encode(presented);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i % Math.max(a.length, 1)] ?? 0) ^ b[i]!;
  return difference === 0;
}

/** Whether a control request is the readiness probe, which stays open to everyone. */
export function isHealthCheck(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && path === '/__mock/health';
}

/**
 * Whether a control request asks for the dashboard's page, which holds no data: a browser cannot
 * send a header when it opens a URL, so the page loads for everyone and asks for the token itself.
 */
function isDashboardPage(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && path === '/__mock/ui';
}

/**
 * The refusal of a control request made by someone the control plane does not serve: the control
 * plane is off (only health answers), or a token is set and the request does not carry it.
 */
export function accessRefusal(settings: Settings, call: IncomingCall, path: string): Outcome | undefined {
  if (isHealthCheck(call.method, path)) return undefined;
  if (!settings.control) return fail(404, 'Not found');
  if (settings.controlToken === undefined || isDashboardPage(call.method, path)) return undefined;
  const presented = call.headers.get(CONTROL_TOKEN_HEADER);
  if (sameToken(presented, settings.controlToken)) return undefined;
  return fail(
    401,
    presented === null
      ? `This mock's control plane needs its token: send it in the ${CONTROL_TOKEN_HEADER} header`
      : `Wrong ${CONTROL_TOKEN_HEADER}: it does not match the mock's control token`,
  );
}

const JSON_CONTENT_TYPE = /^\s*application\/json\s*(;|$)/i;

/**
 * Whether the request's headers announce a body (a length above 0, or a chunked body), so a
 * request that cannot be accepted is refused before its body is read.
 */
function announcesBody(call: IncomingCall): boolean {
  const length = call.headers.get('content-length');
  return call.headers.has('transfer-encoding') || (length !== null && length.trim() !== '0');
}

/** The 415 answer to a control request whose body is not declared as JSON. */
export function notJson(contentType: string | null): Outcome {
  return fail(
    415,
    `Control routes take JSON: send the body with content-type: application/json (got ${
      contentType === null ? 'no content-type' : JSON.stringify(contentType)
    })`,
  );
}

/**
 * Refuses a control POST that a web page could send without a CORS preflight: one whose
 * content-type is not `application/json` (a form, `text/plain`), or a bare one from a browser
 * (it carries `Origin`). A bare POST from a script or curl (`curl -X POST …/__mock/reset`: no
 * content-type, no body, no `Origin`) is still accepted; its body, if it turns out to have one,
 * is checked after reading ({@link bareBodyRefusal}).
 */
export function contentTypeRefusal(call: IncomingCall): Outcome | undefined {
  const contentType = call.headers.get('content-type');
  if (contentType === null) {
    return call.headers.has('origin') || announcesBody(call) ? notJson(null) : undefined;
  }
  return JSON_CONTENT_TYPE.test(contentType) ? undefined : notJson(contentType);
}
