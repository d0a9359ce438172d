/** Statuses worth another try: the request timed out, was refused for now, or the service failed. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status < 600);
}

/**
 * How long to wait before the next attempt, in ms: the server's `Retry-After` (seconds or an HTTP
 * date) or the body's `resetsAt` (epoch seconds) when given, or `undefined` when that is longer
 * than `maxRetryAfterMs` (an attempt sooner than the server said would be refused again);
 * otherwise exponential backoff from 500 ms, capped at 8 s, with jitter (50% to 100%).
 */
export function retryDelay(input: {
  attempt: number;
  retryAfterHeader?: string | null | undefined;
  resetsAt?: number | undefined;
  now: number;
  maxRetryAfterMs: number;
  random?: () => number;
}): number | undefined {
  const told = toleratedWait(input);
  if (told !== undefined) return told > input.maxRetryAfterMs ? undefined : Math.max(0, told);
  const base = Math.min(500 * 2 ** input.attempt, 8_000);
  return Math.round(base * (0.5 + 0.5 * (input.random ?? Math.random)()));
}

function toleratedWait(input: {
  retryAfterHeader?: string | null | undefined;
  resetsAt?: number | undefined;
  now: number;
}) {
  const header = retryAfterMs(input.retryAfterHeader, input.now);
  if (header !== undefined) return header;
  if (input.resetsAt !== undefined) return input.resetsAt * 1000 - input.now;
  return undefined;
}

const HTTP_DATE_START = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;

/**
 * The wait a `Retry-After` header asks for, in ms from `now`: its seconds, or the time to its
 * HTTP date; `undefined` when there is none or it cannot be read.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  // Only an HTTP date, which starts with its day's name: Date.parse takes "-1", "1.5.5" and "1, 1"
  // (a header a proxy doubled) as dates long past, which made them "retry at once".
  if (!HTTP_DATE_START.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : date - now;
}

/** Waits, or rejects as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
