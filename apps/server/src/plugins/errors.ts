import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type ErrorBody } from '@fleet/contract';
import { HttpError } from '../lib/http-error.js';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** "body/password must NOT have fewer than 6 characters" becomes "password must have at least 6 characters". */
export function describeValidation(issue: ValidationIssue, context: string | undefined): string {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = issue.params as Record<string, unknown>;
  const where = field || context || 'request';
  switch (issue.keyword) {
    case 'required': {
      const names = [params.missingProperty ?? params.requiredProperties].flat().map(String);
      const prefix = field ? `${field}.` : '';
      return `${names.map((n) => prefix + n).join(', ')} ${names.length > 1 ? 'are' : 'is'} required`;
    }
    case 'additionalProperties': {
      const names = [params.additionalProperty ?? params.additionalProperties].flat().map(String);
      return `${field || context || 'request'} has unknown ${names.length > 1 ? 'fields' : 'field'} '${names.join("', '")}'`;
    }
    case 'minLength':
      return Number(params.limit) === 1
        ? `${where} must not be empty`
        : `${where} must have at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${where} must have at most ${String(params.limit)} characters`;
    default:
      return `${where} ${issue.message ?? 'is not valid'}`;
  }
}

/** One sentence per problem; TypeBox's extra "schema is false" beside an unknown field says nothing new. */
export function describeValidationErrors(
  issues: ValidationIssue[],
  context: string | undefined,
): string {
  const useful = issues.filter((i) => i.keyword !== 'boolean');
  const sentences = (useful.length ? useful : issues).map((i) => describeValidation(i, context));
  return [...new Set(sentences)].join('; ');
}

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
