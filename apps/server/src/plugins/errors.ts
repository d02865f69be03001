import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type ErrorBody } from '@fleet/contract';
import { HttpError } from '../lib/http-error.js';
import { describeValidationErrors } from '../lib/validation-messages.js';

const CLIENT_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION_ERROR,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.TOO_MANY_ATTEMPTS,
};

/** One error shape, `{code, message}`, for every failure; a 500 never leaks internals. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
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
        body = { code: CLIENT_CODES[status] ?? ErrorCode.VALIDATION_ERROR, message: error.message };
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
