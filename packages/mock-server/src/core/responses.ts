/** What a handler answers: a status, an envelope, and any extra headers. */
export interface Outcome {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A success envelope `{ok: true, data}`; `{ok: true}` when there is no data. */
export function ok(data?: unknown, status = 200): Outcome {
  return { status, body: data === undefined ? { ok: true } : { ok: true, data } };
}

/** A failure envelope `{ok: false, error}`. */
export function fail(status: number, error: unknown, headers?: Record<string, string>): Outcome {
  return headers ? { status, body: { ok: false, error }, headers } : { status, body: { ok: false, error } };
}

/** Turns an outcome into a JSON `Response`. */
export function toResponse(outcome: Outcome): Response {
  return new Response(JSON.stringify(outcome.body), {
    status: outcome.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...outcome.headers },
  });
}
