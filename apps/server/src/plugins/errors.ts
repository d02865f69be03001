import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type ErrorBody } from '@fleet/contract';
import { HttpError } from '../lib/http-error.js';
import {
  clientErrorOf,
  databaseUnavailable,
  isDatabaseUnavailable,
} from '../lib/postgres-errors.js';
import { databaseWatch } from '../db/database.js';
import { describeValidationErrors } from '../lib/validation-messages.js';

const CLIENT_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION_ERROR,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  408: ErrorCode.REQUEST_TIMEOUT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  414: ErrorCode.URI_TOO_LONG,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  431: ErrorCode.HEADERS_TOO_LARGE,
  429: ErrorCode.TOO_MANY_ATTEMPTS,
};

/** The bases whose calls need the database (not the API docs, not health: it answers itself). */
const DATABASE_BASES =
  /^\/(?:api(?!\/(?:health|docs)(?:[/?]|$))|admin-api|sync-api|device-api)(?:[/?]|$)/;

/** One error shape, `{code, message}`, for every failure; a 500 never leaks internals. */
export default fp(
  async function errors(app: FastifyInstance) {
    // Issue 16: while the database watch finds the database unavailable, the API bases answer
    // 503 at once instead of waiting for it; health answers with the state itself.
    app.addHook('onRequest', async (request) => {
      if (databaseWatch(app.db)?.available === false && DATABASE_BASES.test(request.url))
        throw databaseUnavailable();
    });
    app.setErrorHandler((caught: FastifyError | HttpError, request, reply) => {
      // A connection lost, refused or timed out: 503 with Retry-After, and the watch looks now.
      const unavailable = isDatabaseUnavailable(caught);
      if (unavailable) {
        databaseWatch(app.db)?.suspect();
        request.log.debug({ err: caught }, 'database unavailable');
      }
      const mapped = unavailable ? databaseUnavailable() : clientErrorOf(caught);
      if (mapped && !unavailable) request.log.info({ err: caught }, 'database refused the request');
      const error = mapped ?? caught;
      let status = 500;
      let body: ErrorBody = {
        code: ErrorCode.INTERNAL_ERROR,
        message: 'Something went wrong on our side',
      };
      if (error instanceof HttpError) {
        status = error.statusCode;
        body = { code: error.code, message: error.message };
        void reply.headers(error.headers);
      } else if (error.validation) {
        status = 400;
        body = {
          code: ErrorCode.VALIDATION_ERROR,
          message: describeValidationErrors(error.validation, error.validationContext),
        };
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        body = {
          code: CLIENT_CODES[status] ?? ErrorCode.VALIDATION_ERROR,
          message:
            status === 415 ? unsupportedType(request.headers['content-type']) : error.message,
        };
      }
      // A database outage is logged once by the watch, not once per refused request.
      if (status >= 500 && body.code !== ErrorCode.DATABASE_UNAVAILABLE)
        request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);

/** A body of a content type no route takes, in words. */
const unsupportedType = (type: string | undefined) =>
  `A body of type ${type?.split(';')[0]?.trim() || '(none)'} is not taken: send JSON (application/json)`;

/**
 * Fastify's own answers before routing (a path parameter longer than the router takes, a
 * malformed percent-encoding): the same `{code, message}` shape. A Fastify option, given
 * to the constructor in app.ts.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const message =
    status === 414 ? 'A path parameter is too long' : 'The request URL could not be read';
  void reply
    .status(status)
    .send({ code: CLIENT_CODES[status] ?? ErrorCode.VALIDATION_ERROR, message });
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers or URL beyond the
 * header size limit, a timeout, bytes that are not HTTP): answer `{code, message}` too.
 * The `clientErrorHandler` option of the constructor in app.ts.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers (or its URL) are too large']
      : error.code === 'HPE_URI_TOO_LONG'
        ? [414, 'The request URL is too long']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive']
          : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({
    code: CLIENT_CODES[status] ?? ErrorCode.VALIDATION_ERROR,
    message,
  } satisfies ErrorBody);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
