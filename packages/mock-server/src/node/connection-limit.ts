import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { closeLingering, rawAnswer } from './raw-answer.js';

/**
 * Refuses connections past `most` open at once: each is answered `503` with `retry-after: 1` as
 * soon as it is accepted, before its request is read, and closed. Connections already open are
 * served as before. For a mock shared on a network, where one client opening thousands of
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
  server.on('connection', (socket: Socket) => {
    if (open >= most) {
      refuse(socket, most);
      return;
    }
    open++;
    socket.once('close', () => open--);
    for (const listener of serve) listener.call(server, socket);
  });
}

function refuse(socket: Socket, most: number): void {
  socket.on('error', () => socket.destroy());
  closeLingering(
    socket,
    rawAnswer(
      503,
      `The mock is at its limit of ${most} open connections (--max-connections); try again shortly`,
      'retry-after: 1\r\n',
    ),
  );
}
