import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const clientFile = fileURLToPath(new URL('./load-client.mjs', import.meta.url));

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

type Answer = ({ id: number } & Throughput) | { id: number; error: string };

// The client runs in its own process: in the bench's, the million contacts it holds would slow
// it (their collections run beside the server on this machine's cores) and measure the bench.
let client: ChildProcess | undefined;
const waiting = new Map<number, { resolve(result: Throughput): void; reject(error: Error): void }>();
let lastId = 0;

function loadClient(): ChildProcess {
  if (client) return client;
  const started = fork(clientFile, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  started.on('message', (answer: Answer) => {
    const waiter = waiting.get(answer.id);
    waiting.delete(answer.id);
    // Idle, the client keeps the bench from exiting neither by its process nor by its channel.
    if (waiting.size === 0) started.channel?.unref();
    if ('error' in answer) waiter?.reject(new Error(`autocannon failed: ${answer.error}`));
    else waiter?.resolve({ rps: answer.rps, p99: answer.p99, non2xx: answer.non2xx });
  });
  started.on('exit', (code, signal) => {
    client = undefined;
    for (const waiter of waiting.values())
      waiter.reject(new Error(`the load client exited (${signal ?? code})`));
    waiting.clear();
  });
  started.unref();
  client = started;
  return started;
}

/** Sends `load` with autocannon, 50 connections, for `seconds`. */
export function throughputOnce(load: Load, seconds: number): Promise<Throughput> {
  const running = loadClient();
  const id = ++lastId;
  running.channel?.ref();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    running.send({ id, load, seconds });
  });
}

/** The median of some figures. */
export const median = (values: number[]): number =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
