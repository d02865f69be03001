import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

/** A client socket to the port, and a promise of its end (the server closed it). */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, ended };
}

describe('a stop with connections that made no request', () => {
  it('closes them instead of waiting: silent ones, one sending its headers slowly', async () => {
    const t = await createTestApp();
    try {
      const port = Number(new URL(await t.listen()).port);
      const silent = await Promise.all(Array.from({ length: 8 }, () => connect(port)));
      const slow = await connect(port);
      slow.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // One that asked and keeps its connection open: Node itself closes it at the stop.
      const asked = await connect(port);
      asked.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await new Promise((resolve) => asked.socket.once('data', resolve));

      const started = Date.now();
      const closed = await Promise.race([
        t.app.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open after 5 s'), 5000)),
      ]);
      expect(closed).toBe('closed');
      expect(Date.now() - started).toBeLessThan(5000);
      await Promise.all([...silent, slow, asked].map((c) => c.ended));
    } finally {
      await t.close();
    }
  });
});
