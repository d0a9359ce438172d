import type { IncomingCall } from './handle-request.js';

// The methods fetch writes in capitals whatever case they are given in (PATCH is not one).
const NORMALISED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

/**
 * A `fetch(url, init)` call as the mock's core reads it, taken from `init` as it is: no `Request`
 * is built, because building one (with its headers, body stream and abort signal) costs more than
 * the mock's answer. Answers `undefined` for what only a `Request` reads right (a body that is not
 * a string, a `Request` input); the caller then builds one.
 */
export function callFromInit(
  input: string | URL | Request,
  init: RequestInit | undefined,
): IncomingCall | undefined {
  if (typeof input !== 'string' && !(input instanceof URL)) return undefined;
  const body = init?.body;
  if (body !== undefined && body !== null && typeof body !== 'string') return undefined;
  const headerRecord = headersOf(init?.headers);
  if (!headerRecord) return undefined;
  const headerList = Object.entries(headerRecord).flat();
  const method = init?.method ?? 'GET';
  const upper = method.toUpperCase();
  const text = body ?? '';
  return {
    method: NORMALISED_METHODS.has(upper) ? upper : method,
    url: typeof input === 'string' ? input : input.href,
    headers: {
      get: (name) => headerRecord[name.toLowerCase()] ?? null,
      has: (name) => headerRecord[name.toLowerCase()] !== undefined,
    },
    headerList,
    text: async () => text,
  };
}

// Headers as a record with lower-case names, from a plain object; `undefined` for other forms.
function headersOf(headers: HeadersInit | undefined): Record<string, string> | undefined {
  const record: Record<string, string> = {};
  if (headers === undefined) return record;
  if (Array.isArray(headers) || headers instanceof Headers) return undefined;
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) record[name.toLowerCase()] = String(value);
  }
  return record;
}
