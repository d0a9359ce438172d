import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admit, heldForAnswers } from './pipeline-backlog.js';

// A connection as the backlog sees it: read or paused, and how many bytes it has read.
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    bytesRead: 1_000,
    writableLength: 0,
    destroyed: false,
    reading: true,
    parser: { resume: () => {} },
    pause: () => {
      socket.reading = false;
      return socket;
    },
    resume: () => {
      socket.reading = true;
      return socket;
    },
    resetAndDestroy: () => {},
  });
  return socket;
}

const fakeResponse = () => Object.assign(new EventEmitter(), { req: { complete: true }, headersSent: false });

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// Pipelines 20 requests on `socket`, held past 16, and sends each answer once its turn comes,
// until the connection is let read again.
async function holdThenRelease(socket: ReturnType<typeof fakeSocket>): Promise<void> {
  const responses = Array.from({ length: 20 }, fakeResponse);
  const turns = responses.map((res) =>
    admit(socket as unknown as Socket, res as unknown as ServerResponse, 60_000),
  );
  expect(socket.reading).toBe(false);
  for (const [at, res] of responses.entries()) {
    expect(await turns[at]).toBe(true);
    res.emit('close');
  }
  await nextTurn();
  await nextTurn();
  expect(socket.reading).toBe(true);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('heldForAnswers', () => {
  it('counts a connection as held while it is not read for its client to take its answers', async () => {
    const socket = fakeSocket();
    const responses = Array.from({ length: 20 }, fakeResponse);
    for (const res of responses) admit(socket as unknown as Socket, res as unknown as ServerResponse, 60_000);
    expect(heldForAnswers(socket as unknown as Socket)).toBe(true);
    expect(heldForAnswers(fakeSocket() as unknown as Socket)).toBe(false);
  });

  it('still counts a connection let read again as held until it has read more, so a request the hold cut in two is not timed out', async () => {
    const socket = fakeSocket();
    await holdThenRelease(socket);
    // Node's headers timeout may be checked before the rest of that request is read: a client
    // pipelining 5,000 requests was cut with a 408 after 770 answers while 300 others were held.
    expect(heldForAnswers(socket as unknown as Socket)).toBe(true);
    socket.bytesRead += 100;
    expect(heldForAnswers(socket as unknown as Socket)).toBe(false);
  });

  it('stops counting a connection let read again as held after 5 s without a byte, so a slow client is still timed out', async () => {
    const socket = fakeSocket();
    await holdThenRelease(socket);
    const released = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(released + 4_000);
    expect(heldForAnswers(socket as unknown as Socket)).toBe(true);
    vi.spyOn(performance, 'now').mockReturnValue(released + 6_000);
    expect(heldForAnswers(socket as unknown as Socket)).toBe(false);
  });
});
