import net from 'node:net';

export interface Answer {
  status: number | undefined;
  body: string;
  /** Milliseconds from the first byte until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * A slow client on a real socket: sends the head, then the body in pieces of `piece` bytes
 * every `everyMs`, until it is all sent or the server answers and closes; gives up (rejects)
 * after `maxMs`, so a test of it always ends.
 */
export function dribble(
  port: number,
  head: string,
  body: Buffer,
  { piece, everyMs, maxMs = 8000 }: { piece: number; everyMs: number; maxMs?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${maxMs} ms (${sent} bytes sent)`));
    }, maxMs);
    const next = () => {
      if (socket.destroyed || sent >= body.length) return;
      socket.write(body.subarray(sent, sent + piece));
      sent += piece;
      timer = setTimeout(next, everyMs);
    };
    socket.on('connect', () => {
      socket.write(head);
      next();
    });
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      const [status] = /^HTTP\/1\.1 (\d{3})/.exec(received)?.slice(1) ?? [];
      resolve({
        status: status ? Number(status) : undefined,
        body: received.split('\r\n\r\n').slice(1).join('\r\n\r\n'),
        closedAfterMs: Date.now() - started,
      });
    });
  });
}

/** The head of a request with a body of `length` bytes. */
export const requestHead = (
  method: string,
  path: string,
  type: string,
  length: number,
  headers: Record<string, string> = {},
) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';
