import type { Server } from 'node:http';
import type { Socket } from 'node:net';

// How much of what a connection sent Node's HTTP parser is given at once: about 45 small GETs.
const SLICE_BYTES = 4 * 1024;
// How long connections are read in slices after one was held.
const SLICING_MS = 60_000;
// Connections read whole (by Node's parser) at most at once: a burst of them may all pipeline.
const MOST_READ_WHOLE = 64;

type HttpSocket = Socket & {
  _paused?: boolean;
  parser?: unknown;
  _handle?: { reading?: boolean; readStart?(): number } | null;
};
const sliced = new WeakSet<Socket>();

/**
 * Gives what a connection sends to Node's HTTP parser a slice at a time, and no more while
 * `held()` says its client has not taken its answers. Node parses a whole read at once (64 kB,
 * about 750 pipelined GETs), each request made into objects that wait for their answer: 500
 * connections that pipelined and never read held 375,000 requests in 1.2 GB, and a health probe
 * on a new connection waited seconds behind them. Sliced, a held connection keeps the rest of its
 * read as bytes. The cost: Node then reads the connection in JavaScript, not in its parser, 10-15%
 * more time a request, so a server slices only while it is being flooded ({@link sliceAfterHolds}).
 *
 * Does nothing when the connection is not one Node's HTTP server set up as this expects (the
 * listeners it reads a connection with), or is sliced already.
 *
 * @example
 * ```ts
 * server.on('connection', (socket) => sliceReads(socket, () => holdingForAnswers(socket)));
 * ```
 */
export function sliceReads(socket: HttpSocket, held: () => boolean): void {
  if (sliced.has(socket) || socket.destroyed) return;
  const parse = socket.listeners('data').find((f) => f.name === 'bound socketOnData') as
    | ((chunk: Buffer) => void)
    | undefined;
  const finish = socket.listeners('end').find((f) => f.name === 'bound socketOnEnd') as
    | (() => void)
    | undefined;
  const parser = socket.parser;
  if (!parse || !finish || !parser) return;
  sliced.add(socket);
  socket.removeListener('data', parse);
  socket.removeListener('end', finish);
  let rest: Buffer | undefined;
  let ended = false;
  // Node gives the connection's parser back (an upgrade, a CONNECT, the close) without knowing
  // of this reader: bytes left then are no one's.
  const ours = () => socket.parser === parser && !socket.destroyed;
  const reading = () => ours() && !socket._paused && !held();
  const feed = () => {
    while (rest !== undefined && reading()) {
      const slice = rest.length > SLICE_BYTES ? rest.subarray(0, SLICE_BYTES) : rest;
      rest = rest.length > SLICE_BYTES ? rest.subarray(SLICE_BYTES) : undefined;
      parse(slice);
    }
    // Not while held: Node pauses the parser then, and a paused parser takes the end of a request
    // cut short as no error (its 400 was lost 9 times in 10).
    if (rest === undefined && ended && reading()) {
      ended = false;
      finish();
    }
  };
  // A 'data' listener makes Node's server hand the connection's reads to JavaScript.
  socket.on('data', (chunk: Buffer) => {
    rest = rest === undefined ? chunk : Buffer.concat([rest, chunk]);
    feed();
  });
  socket.on('resume', () => {
    // Paused while Node's parser read it, the connection's handle was stopped by Node, which no
    // longer starts it again once the reads are ours (and the stream thinks a read is under way).
    const handle = socket._handle;
    if (handle?.readStart && handle.reading === false) {
      handle.reading = true;
      handle.readStart();
    }
    feed();
  });
  socket.on('end', () => {
    ended = true;
    feed();
  });
}

/**
 * Reads every connection of `server` in slices ({@link sliceReads}) from the moment one of them
 * is held until a minute after the last such moment, and connections opened past 64 at once:
 * clients that pipeline without reading come in floods, and each connection's first read was
 * parsed whole otherwise (500 such connections held 1.2 GB). Connections are read the fastest way
 * otherwise. Returns what to call when a connection is first held; `held` says whether one is.
 *
 * @example
 * ```ts
 * const onFirstHold = sliceAfterHolds(server, (socket) => holdingForAnswers(socket));
 * const admitted = admit(req.socket, res, timeouts.requestMs, onFirstHold);
 * ```
 */
export function sliceAfterHolds(server: Server, held: (socket: Socket) => boolean): (socket: Socket) => void {
  const open = new Set<Socket>();
  let until = Number.NEGATIVE_INFINITY;
  const slice = (socket: Socket) => sliceReads(socket, () => held(socket));
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    if (open.size > MOST_READ_WHOLE || performance.now() < until) slice(socket);
  });
  return (heldOne: Socket) => {
    const slicing = performance.now() < until;
    until = performance.now() + SLICING_MS;
    if (slicing) return;
    // At once, so that reads already waiting in this turn are sliced (64 connections' first reads
    // parsed whole held the server 450 ms). The held one's parse is under way: its reader is
    // changed once that parse is over.
    for (const socket of open) if (socket !== heldOne) slice(socket);
    setImmediate(() => slice(heldOne));
  };
}
