import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Connections that have not made a request yet: a browser's preconnect, a client gone quiet, one
 * sending its first headers slowly. Node's close ends the idle keep-alive connections but waits
 * on these without end: 8 of them kept `npm start` from stopping for over 90 s after SIGTERM.
 * Returns the stop's part: it closes them, and every connection that arrives from then on.
 */
export function silentConnections(server: Server): () => void {
  const silent = new Set<Socket>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
  });
  server.on('request', (request: { socket: Socket }) => silent.delete(request.socket));
  server.on('upgrade', (request: { socket: Socket }) => silent.delete(request.socket));
  return () => {
    closing = true;
    for (const socket of silent) socket.destroy();
    silent.clear();
  };
}
