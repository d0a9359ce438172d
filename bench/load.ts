import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

const autocannonBin = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

/** One kind of request to send a server under load. */
export interface Load {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** What one run of load measured. */
export interface Throughput {
  rps: number;
  p99: number;
  non2xx: number;
}

/** Sends `load` with autocannon, 50 connections, for `seconds`. */
export function throughputOnce({ url, method, headers, body }: Load, seconds: number): Throughput {
  // The client runs in its own process: in the bench's, the million contacts it holds would slow
  // it (their collections run beside the server on this machine's cores) and measure the bench.
  const args = [autocannonBin, '-j', '-c', '50', '-d', String(seconds), '-m', method];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body !== undefined) args.push('-b', body);
  const run = spawnSync(process.execPath, [...args, url], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as Awaited<ReturnType<typeof autocannon>>;
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

/** The median of some figures. */
export const median = (values: number[]): number =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
