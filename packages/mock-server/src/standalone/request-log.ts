/** What the standalone server logs of one answered request. */
export interface RequestLogLine {
  at: Date;
  method: string;
  /** The path and query as requested: `/compliance/send?campaign_id=cmp_1`. */
  target: string;
  status: number;
  ms: number;
  org_id?: string | undefined;
  /** The refusal's `error`, for a status of 400 or more. */
  error?: unknown;
  request_id?: string | undefined;
}

/**
 * One log line: text for people (`08:00:01.250 POST /compliance/send?campaignId=x 400 1.8ms org_a
 * campaignId: Unknown query parameter`), or one JSON object for log tools.
 */
export function formatRequestLine(line: RequestLogLine, format: 'text' | 'json'): string {
  if (format === 'json') {
    return JSON.stringify({
      at: line.at.toISOString(),
      method: line.method,
      target: line.target,
      status: line.status,
      ms: Math.round(line.ms * 1000) / 1000,
      org_id: line.org_id,
      error: line.error,
      request_id: line.request_id,
    });
  }
  const time = line.at.toISOString().slice(11, 23);
  const error =
    line.error === undefined
      ? ''
      : ` ${typeof line.error === 'string' ? line.error : JSON.stringify(line.error)}`;
  return `${time} ${line.method} ${line.target} ${line.status} ${line.ms.toFixed(1)}ms${line.org_id ? ` ${line.org_id}` : ''}${error}`;
}
