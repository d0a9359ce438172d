import type { NodeRequestInfo } from '../node/index.js';

/**
 * One log line: text for people (`08:00:01.250 POST /compliance/send?campaignId=x 400 1.8ms org_a
 * campaignId: Unknown query parameter`), or one JSON object for log tools.
 */
export function formatRequestLine(line: NodeRequestInfo, format: 'text' | 'json'): string {
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
