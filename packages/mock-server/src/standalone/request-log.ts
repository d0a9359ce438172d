import { redactQueryKey } from '../core/redact.js';
import type { NodeRequestInfo } from '../node/index.js';

// Control characters (a line feed above all) as escapes: a request cannot start a log line of
// its own with a `%0A` in its query that an error message repeats decoded.
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
const escapeControl = (text: string) =>
  text.replace(CONTROL, (char) => {
    const escaped = JSON.stringify(char);
    return escaped.length > 3
      ? escaped.slice(1, -1)
      : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });

/**
 * One log line: text for people (`08:00:01.250 POST /compliance/send?campaignId=x 400 1.8ms org_a
 * campaignId: Unknown query parameter`), or one JSON object for log tools. A `key` in the query is
 * redacted, and control characters are escaped, so that every request is exactly one line.
 */
export function formatRequestLine(line: NodeRequestInfo, format: 'text' | 'json'): string {
  const target = redactQueryKey(line.target);
  if (format === 'json') {
    return JSON.stringify({
      at: line.at.toISOString(),
      method: line.method,
      target,
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
      : ` ${escapeControl(typeof line.error === 'string' ? line.error : JSON.stringify(line.error))}`;
  return `${time} ${escapeControl(line.method)} ${escapeControl(target)} ${line.status} ${line.ms.toFixed(1)}ms${line.org_id ? ` ${line.org_id}` : ''}${error}`;
}

/**
 * Request log lines written together, once per turn of the event loop. Writing to a pipe or a
 * file is synchronous in Node, so a line a request costs a system call each; under load, one turn
 * answers many requests and their lines now share one write. `flush` writes what is pending at
 * once (before the process exits).
 */
export class LineBatch {
  #pending: string[] = [];
  readonly #write: (text: string) => void;

  constructor(write: (text: string) => void) {
    this.#write = write;
  }

  /** Queues a line (without its line feed); it is written within this turn of the event loop. */
  add(line: string): void {
    if (this.#pending.length === 0) setImmediate(this.#flushNow);
    this.#pending.push(line);
  }

  /** Writes the queued lines now. */
  flush(): void {
    if (this.#pending.length === 0) return;
    const lines = this.#pending;
    this.#pending = [];
    this.#write(`${lines.join('\n')}\n`);
  }

  readonly #flushNow = () => this.flush();
}
