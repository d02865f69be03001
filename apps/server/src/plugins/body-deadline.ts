import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type ErrorBody } from '@fleet/contract';
import { HttpError } from '../lib/http-error.js';

export interface BodyDeadline {
  /** Milliseconds any body may take beyond what its size allows at the minimum rate. */
  graceMs: number;
  /** Bytes per second a body must keep up on average after the grace. */
  minBytesPerSecond: number;
}

/**
 * When a body that has sent `receivedBytes` since `startMs` must have sent more: the grace,
 * plus the time its bytes so far would take at the minimum rate. A large upload on a slow but
 * working line keeps moving its deadline; a body dribbled a byte every few seconds does not.
 */
export const bodyDeadlineMs = (startMs: number, receivedBytes: number, limits: BodyDeadline) =>
  startMs + limits.graceMs + (receivedBytes * 1000) / limits.minBytesPerSecond;

/** After answering 408, how long the connection may stay before it is cut. */
const CLOSE_AFTER_MS = 5_000;

const MESSAGE = 'The request body arrived too slowly';

/**
 * Bounds the time a request body may take to arrive (Node's own timeouts bound the headers).
 * Progress is read from the socket's byte count, so nothing is taken from the body stream:
 * the body parsers and multipart uploads read it as before. Beyond the deadline the reader of
 * the body fails with 408 REQUEST_TIMEOUT and the connection is closed.
 */
export default fp<BodyDeadline>(
  async function bodyDeadline(app: FastifyInstance, limits) {
    app.addHook('onRequest', (request, reply, done) => {
      watch(request, reply, limits);
      done();
    });
  },
  { name: 'body-deadline' },
);

function watch(request: FastifyRequest, reply: FastifyReply, limits: BodyDeadline): void {
  const raw = request.raw;
  const socket = raw.socket as (typeof raw.socket & { bytesRead?: unknown }) | null;
  const length = Number(raw.headers['content-length'] ?? 0);
  const hasBody = raw.headers['transfer-encoding'] !== undefined || length > 0;
  // app.inject's requests have no real socket; their bodies are there at once.
  if (!hasBody || raw.complete || !socket || typeof socket.bytesRead !== 'number') return;
  const startMs = Date.now();
  const startBytes = socket.bytesRead;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    if (raw.complete || socket.destroyed) return;
    const deadline = bodyDeadlineMs(startMs, socket.bytesRead - startBytes, limits);
    const now = Date.now();
    if (now < deadline) {
      timer = setTimeout(check, deadline - now + 1).unref();
      return;
    }
    request.log.info({ ms: now - startMs }, 'request body too slow');
    if (reply.raw.headersSent) {
      // Answered without reading the body (a 401, say): Node would read and drop the rest of it
      // on the open connection for as long as it kept coming.
      socket.destroy();
    } else if (raw.listenerCount('error') > 0) {
      // A body parser or a multipart upload is reading: it fails with the 408, answered as any
      // error is; the header closes the connection after the answer.
      raw.emit('error', new HttpError(408, ErrorCode.REQUEST_TIMEOUT, MESSAGE, CLOSE));
      setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
    } else {
      // Nothing reads the body yet (a hook is still deciding): answer here.
      const body = JSON.stringify({
        code: ErrorCode.REQUEST_TIMEOUT,
        message: MESSAGE,
      } satisfies ErrorBody);
      reply.raw.writeHead(408, {
        ...CLOSE,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      reply.raw.end(body, () => socket.destroy());
    }
  };
  timer = setTimeout(check, limits.graceMs).unref();
  // A body still arriving after the answer keeps its deadline (see check).
  reply.raw.once('close', () => {
    if (raw.complete) clearTimeout(timer);
  });
}

const CLOSE = { connection: 'close' };
