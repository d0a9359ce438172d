import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sliceAfterHolds, sliceReads } from './sliced-reads.js';

// A server that counts the requests Node's parser made and answers none (so none is ever done):
// what it counted is what was parsed.
const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.close();
    server.closeAllConnections();
  }
});

async function countingServer(): Promise<{
  server: Server;
  port: number;
  parsed: () => number;
  parsedFrom: (client: Socket) => number;
}> {
  let parsed = 0;
  const byClientPort = new Map<number, number>();
  const server = createServer((req: IncomingMessage, _res: ServerResponse) => {
    parsed++;
    const from = req.socket.remotePort!;
    byClientPort.set(from, (byClientPort.get(from) ?? 0) + 1);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as { port: number }).port,
    parsed: () => parsed,
    parsedFrom: (client) => byClientPort.get(client.localPort!) ?? 0,
  };
}

// 200 GETs of 40 bytes: 8,000 bytes, about two slices.
const REQUEST = 'GET /x HTTP/1.1\r\nHost: x\r\nA: bcdefgh\r\n\r\n';
const pipelined = (port: number, count: number, end = false) => {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  sockets.push(socket);
  if (end) socket.end(REQUEST.repeat(count));
  else socket.write(REQUEST.repeat(count));
  return socket;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('sliceReads', () => {
  it('parses no more than a slice past the moment its connection is held', async () => {
    const { server, port, parsed } = await countingServer();
    server.on('connection', (socket: Socket) => sliceReads(socket, () => parsed() >= 10));
    pipelined(port, 200);
    await settle();
    // A slice is 4 kB: 102 of these requests at most.
    expect(parsed()).toBeGreaterThanOrEqual(10);
    expect(parsed()).toBeLessThanOrEqual(10 + 103);
  });

  it('parses the rest once the connection is let go, and its end after them', async () => {
    const { server, port, parsed } = await countingServer();
    let held = true;
    let connection: Socket | undefined;
    server.on('connection', (socket: Socket) => {
      connection = socket;
      sliceReads(socket, () => held);
      socket.pause();
    });
    pipelined(port, 200, true);
    await settle();
    expect(parsed()).toBeLessThan(200);
    held = false;
    connection!.resume();
    await expect.poll(parsed).toBe(200);
    // The client's end reaches Node's server after its last request: it ends its side too.
    await expect.poll(() => connection!.writableEnded).toBe(true);
  });

  it('leaves a connection that Node’s HTTP server does not read alone', async () => {
    const { port } = await new Promise<{ port: number }>((resolve) => {
      const plain = createServer();
      plain.removeAllListeners('connection');
      plain.on('connection', (socket: Socket) => {
        sliceReads(socket, () => false);
        expect(socket.listenerCount('data')).toBe(0);
        socket.destroy();
      });
      servers.push(plain);
      plain.listen(0, '127.0.0.1', () => resolve(plain.address() as { port: number }));
    });
    const socket = pipelined(port, 1);
    await new Promise((resolve) => socket.once('close', resolve));
  });
});

describe('sliceAfterHolds', () => {
  it('reads connections in slices once one was held, those open then and those opened since', async () => {
    const { server, port, parsedFrom } = await countingServer();
    let held = false;
    const onFirstHold = sliceAfterHolds(server, () => held);
    const before = connect(port, '127.0.0.1');
    sockets.push(before);
    await new Promise((resolve) => before.once('connect', resolve));
    await settle();
    onFirstHold(before);
    held = true;
    await settle();
    // Each of these is held from its first read: not parsed past it (all 200 when not sliced).
    before.write(REQUEST.repeat(200));
    const since = pipelined(port, 200);
    await settle();
    expect(parsedFrom(before)).toBe(0);
    expect(parsedFrom(since)).toBe(0);
  });

  it('reads connections opened past 64 at once in slices, though none was held', async () => {
    const { server, port, parsedFrom } = await countingServer();
    sliceAfterHolds(server, () => true);
    const idle = Array.from({ length: 64 }, () => connect(port, '127.0.0.1'));
    sockets.push(...idle);
    await Promise.all(idle.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    await settle();
    // Held from its first read: not parsed (all 200 when read by Node's parser).
    const past = pipelined(port, 200);
    await settle();
    expect(parsedFrom(past)).toBe(0);
  });

  it('leaves connections to Node’s parser while none was held', async () => {
    const { server, port, parsed } = await countingServer();
    sliceAfterHolds(server, () => true);
    pipelined(port, 200);
    await expect.poll(parsed).toBe(200);
  });
});
