import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeLingering, rawAnswer } from './raw-answer.js';

// How long a connection past the limit may take to send the start of its request.
const FIRST_BYTES_MS = 1_000;
// How long a health probe let in past the limit is kept: long enough for its answer.
const PROBE_MS = 1_000;
// The request line of a health probe (the default world's or a world's), gathered from the first
// bytes however they are split. Empty lines before it are allowed, as HTTP allows them.
const HEALTH_REQUEST_LINE =
  /^(?:\r?\n)*(?:GET|HEAD) [^ ?#]*\/__mock\/health(?:[?#][^ ]*)? HTTP\/1\.[01]\r?\n/;
// How much is read, at most, to find the request line.
const REQUEST_LINE_BYTES = 512;

type ConsumableSocket = Socket & { _handle?: { _consumed?: boolean } | null };

/**
 * Refuses connections past `most` open at once: each is answered `503` with `retry-after: 1` once
 * the start of its request shows it is not a health probe (or after a second without a byte), and
 * closed. A health probe is answered as usual, on a connection closed after it (at the latest a
 * second on), so that a probe tells a mock at its limit from a dead one. Connections already open
 * are served as before. For a mock shared on a network, where one client opening thousands of
 * connections would otherwise make every new one wait its turn.
 *
 * @example
 * ```ts
 * const server = createNodeServer(mock);
 * limitConnections(server, 256);
 * server.listen(4010);
 * ```
 */
export function limitConnections(server: Server, most: number): void {
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  const admit = (socket: Socket) => {
    for (const listener of serve) listener.call(server, socket);
  };
  server.on('connection', (socket: Socket) => {
    if (open >= most) {
      refuseUnlessHealth(socket, most, admit);
      return;
    }
    open++;
    socket.once('close', () => open--);
    admit(socket);
  });
  // A probe's connection serves its probe alone, then closes: requests pipelined behind a probe
  // were all served past the limit (1,001 answers on one connection).
  const handle = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const probe = probes.get(req.socket);
    if (probe === 'served') return;
    if (probe === 'waiting') {
      probes.set(req.socket, 'served');
      res.shouldKeepAlive = false;
    }
    for (const listener of handle) listener.call(server, req, res);
  });
}

// Connections let in past the limit for a health probe: waiting for it, or served it.
const probes = new WeakMap<Socket, 'waiting' | 'served'>();

function refuseUnlessHealth(socket: ConsumableSocket, most: number, admit: (socket: Socket) => void): void {
  socket.on('error', () => socket.destroy());
  // The request line may come in pieces (a probe written a byte at a time was refused).
  let start = Buffer.alloc(0);
  const first = (chunk: Buffer) => {
    start = Buffer.concat([start, chunk]);
    const line = start.toString('latin1', 0, REQUEST_LINE_BYTES);
    const whole = line.replace(/^[\r\n]+/, '').includes('\n');
    if (!whole && start.length < REQUEST_LINE_BYTES) return;
    clearTimeout(timer);
    socket.off('data', first);
    socket.pause();
    if (!HEALTH_REQUEST_LINE.test(line)) {
      refuse(socket, most);
      return;
    }
    // Node's server reads the connection in JavaScript then (not in its parser), these bytes first.
    socket.unshift(start);
    if (socket._handle) socket._handle._consumed = true;
    probes.set(socket, 'waiting');
    admit(socket);
    socket.resume();
    setTimeout(() => socket.destroy(), PROBE_MS).unref();
  };
  const timer = setTimeout(() => {
    socket.off('data', first);
    refuse(socket, most);
  }, FIRST_BYTES_MS);
  socket.on('data', first);
}

function refuse(socket: Socket, most: number): void {
  closeLingering(
    socket,
    rawAnswer(
      503,
      `The mock is at its limit of ${most} open connections (--max-connections); try again shortly`,
      'retry-after: 1\r\n',
    ),
  );
}
