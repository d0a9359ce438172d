import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resetWhenStalled } from './stall-watch.js';

// Answered requests whose answers the client has not read yet, per connection: past this many
// the connection is not read any further until the client catches up.
const MAX_PENDING_ANSWERS = 16;

// Node reads every request a client pipelines on a connection and answers each at once, queueing
// the answers in memory until the client reads them: a client that sends thousands and reads none
// would have them all computed and held, the event loop busy with them. Past a few answers not yet
// taken, a connection's next requests wait for the client to catch up, and the connection is not
// read meanwhile. (Node pauses such a connection itself, but reads it again as soon as its queued
// answers move into the socket's buffer, read by the client or not: that resume is held off here.)
type HttpSocket = Socket & { _paused?: boolean; parser?: { resume(): void } | null };

// Held connections are let read again one a turn of the event loop. A connection read again
// parses its next 64 kB of pipelined requests at once (about 800 small GETs), and held connections
// drain in step: let go together, 15 of 50 parsed 11,000 requests in one turn about every second,
// and health waited up to 240 ms each time.
const releasing: (() => void)[] = [];
let releaseQueued = false;
function releaseInTurn(release: () => void): void {
  releasing.push(release);
  if (!releaseQueued) {
    releaseQueued = true;
    setImmediate(releaseNext);
  }
}
function releaseNext(): void {
  const release = releasing.shift();
  releaseQueued = releasing.length > 0;
  if (releaseQueued) setImmediate(releaseNext);
  release?.();
}

// When a connection closes, Node aborts each of its requests still waiting with an error whose
// stack it formats, though no one reads it: behind 500 connections that pipelined 2,000 requests
// each and left, that was half the server's time (6 s before a new connection was answered).
// Closing a connection that was held, those errors are made without stack frames.
let stackTraceLimit: number | undefined;
function withoutStackFrames(): void {
  if (stackTraceLimit !== undefined) return;
  stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  // After every listener of this 'close', even one that throws.
  process.nextTick(restoreStackFrames);
}
function restoreStackFrames(): void {
  if (stackTraceLimit === undefined) return;
  Error.stackTraceLimit = stackTraceLimit;
  stackTraceLimit = undefined;
}

// How long a connection let read again still counts as held while it has read nothing new.
const RELEASE_GRACE_MS = 5_000;

class Backlog {
  #holding = false;
  /** Whether the connection is not being read because its client has not taken its answers. */
  get holding(): boolean {
    return this.#holding;
  }
  #everHeld = false;
  #releasedAt = -1;
  #bytesReadAtRelease = 0;
  /**
   * Whether the connection has been let read again but not read yet: Node's check of the headers
   * timeout can run between the two, and a request the hold cut in two started long ago.
   */
  get releasedUnread(): boolean {
    return (
      this.#releasedAt >= 0 &&
      this.socket.bytesRead === this.#bytesReadAtRelease &&
      performance.now() - this.#releasedAt < RELEASE_GRACE_MS
    );
  }
  #pumping = false;
  readonly #waiting: { res: ServerResponse; wake: (open: boolean) => void }[] = [];
  /** The answers admitted and not yet sent, in order. */
  readonly open = new Set<ServerResponse>();
  get pending(): number {
    return this.open.size;
  }
  /** The last request answered before its body was whole (a 401 sent before reading it). */
  answeredBeforeBody: ServerResponse['req'] | undefined;
  readonly #resume: () => Socket;
  #stopWatch: (() => void) | undefined;

  constructor(
    readonly socket: HttpSocket,
    readonly holdMs: number,
    readonly onFirstHold: ((socket: Socket) => void) | undefined,
  ) {
    this.#resume = socket.resume;
    socket.resume = () => (this.#holding ? socket : this.#resume.call(socket));
    socket.once('close', () => {
      this.#stopWatch?.();
      for (const { wake } of this.#waiting.splice(0)) wake(false);
    });
  }

  /**
   * Counts an answer until it is sent. The first request of a connection is answered at once;
   * pipelined ones behind it wait their turn (resolving `false` when the connection closed).
   */
  admit(res: ServerResponse): boolean | Promise<boolean> {
    this.open.add(res);
    res.once('close', () => {
      this.open.delete(res);
      if (!res.req.complete) this.answeredBeforeBody = res.req;
      this.#settled();
    });
    if (this.pending === 1) return true;
    if (this.pending > MAX_PENDING_ANSWERS && !this.#holding) {
      if (!this.#everHeld) {
        this.#everHeld = true;
        this.onFirstHold?.(this.socket);
        this.socket.prependOnceListener('close', withoutStackFrames);
        this.socket.once('close', restoreStackFrames);
      }
      this.#holding = true;
      this.socket._paused = true;
      this.socket.pause();
      this.#watchHold();
    }
    const turn = new Promise<boolean>((wake) => this.#waiting.push({ res, wake }));
    this.#schedule();
    return turn;
  }

  // One waiting request a turn of the event loop, not a chain of them at once: one connection's
  // pipelined requests would otherwise be answered without a pause, and every other would wait.
  #schedule(): void {
    if (this.#pumping || this.#waiting.length === 0) return;
    if (this.pending - this.#waiting.length >= MAX_PENDING_ANSWERS) return;
    this.#pumping = true;
    setImmediate(this.#wakeOne);
  }

  readonly #wakeOne = () => {
    this.#pumping = false;
    const next = this.#waiting.shift();
    this.#schedule();
    if (!next) return;
    // Its body may still be unread, behind the hold: answers made since wait for this one, so
    // holding the connection would wait for ever (5,000 pipelined POSTs stopped at 1,116). Read
    // on; the next request parsed behind it puts the hold back.
    if (this.#holding && !next.res.req.complete) this.#release();
    next.wake(true);
  };

  readonly #settled = () => {
    if (this.#waiting.length > 0) this.#schedule();
    else if (this.#holding && this.pending <= MAX_PENDING_ANSWERS / 2) this.#release();
  };

  // Held, the connection is not timed out by Node (see `heldForAnswers`): it is cut once its
  // client has shown no progress for `holdMs`. Progress is the bytes waiting to be written going
  // down, or none waiting. The kernel takes more only once about a third of its send buffer (up
  // to 4 MB) is free, so a client reading 30 kB/s shows progress about once a minute: cut after
  // 30 s, such readers lost their connection.
  #watchHold(): void {
    const socket = this.socket;
    let last = socket.writableLength;
    this.#stopWatch?.();
    this.#stopWatch = resetWhenStalled(socket, this.holdMs, () => {
      const waiting = socket.writableLength;
      const moved = waiting < last || waiting === 0;
      last = waiting;
      return moved;
    });
  }

  #releaseQueued = false;
  #release(): void {
    if (this.#releaseQueued) return;
    this.#releaseQueued = true;
    releaseInTurn(this.#releaseNow);
  }

  readonly #releaseNow = () => {
    this.#releaseQueued = false;
    if (!this.#holding || this.socket.destroyed) return;
    this.#stopWatch?.();
    this.#stopWatch = undefined;
    this.#holding = false;
    this.#releasedAt = performance.now();
    this.#bytesReadAtRelease = this.socket.bytesRead;
    this.socket._paused = false;
    this.socket.parser?.resume();
    this.#resume.call(this.socket);
  };
}
const backlogs = new WeakMap<Socket, Backlog>();

/**
 * Lets a request on `socket` be answered: at once for a connection's first, in turn for requests
 * pipelined behind it (`false` when the connection closed meanwhile). A connection held for its
 * client to take its answers is cut once it has shown no progress for `holdMs`. `onFirstHold` is
 * told the first time a connection is held.
 *
 * @example
 * ```ts
 * const admitted = admit(req.socket, res, timeouts.requestMs);
 * if (admitted !== true && !(await admitted)) return;
 * ```
 */
export function admit(
  socket: Socket,
  res: ServerResponse,
  holdMs: number,
  onFirstHold?: (socket: Socket) => void,
): boolean | Promise<boolean> {
  let backlog = backlogs.get(socket);
  if (!backlog) {
    backlog = new Backlog(socket, holdMs, onFirstHold);
    backlogs.set(socket, backlog);
  }
  return backlog.admit(res);
}

/**
 * Whether `socket` is not being read because its client has not taken the answers to requests it
 * pipelined, or has just been let read again and has read nothing yet: a request cut in two by
 * that pause is not the client's to finish, and Node's headers timeout, which goes on counting,
 * must not close the connection for it.
 *
 * @example
 * ```ts
 * if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && heldForAnswers(socket)) return;
 * ```
 */
export function heldForAnswers(socket: Socket): boolean {
  const backlog = backlogs.get(socket);
  return backlog !== undefined && (backlog.holding || backlog.releasedUnread);
}

/** Whether `socket` is not being read because its client has not taken its answers. */
export function holdingForAnswers(socket: Socket): boolean {
  return backlogs.get(socket)?.holding === true;
}

/**
 * What to do about bytes on `socket` that cannot be read as a request, once the requests read
 * whole before them are answered (`answered` settles then, or when the connection closes): a 400
 * went first and closed the connection, and their answers were lost though their work was done.
 * `answerOwed()`, asked then, is false when the unreadable bytes were the body of a request
 * answered already (a 401 sent before reading it): that request has its one answer.
 *
 * @example
 * ```ts
 * const { answered, answerOwed } = unreadableBytes(socket);
 * await answered;
 * answerOwed() ? socket.end(badRequestAnswer) : socket.end();
 * ```
 */
export function unreadableBytes(socket: Socket): { answered: Promise<void>; answerOwed: () => boolean } {
  const backlog = backlogs.get(socket);
  const open = [...(backlog?.open ?? [])];
  // A request whose body is not whole will never be: its bytes are the ones that cannot be read.
  const whole = open.filter((res) => res.req.complete);
  const cut = open.filter((res) => !res.req.complete);
  // Each is open until its 'close' (then it leaves the set).
  const sent = (res: ServerResponse) => new Promise<void>((resolve) => res.once('close', () => resolve()));
  return {
    answered: Promise.all(whole.map(sent)).then(() => undefined),
    answerOwed: () => !cut.some((res) => res.headersSent) && backlog?.answeredBeforeBody?.complete !== false,
  };
}
