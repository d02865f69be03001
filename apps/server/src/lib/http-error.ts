import { ErrorCode } from '@fleet/contract';
import { Type } from 'typebox';
import { ErrorBody } from '@fleet/contract';

/** A failure with an HTTP status and a `{code, message}` body; thrown by services, shaped by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) =>
  new HttpError(400, ErrorCode.VALIDATION_ERROR, message);
export const unauthorized = (code: ErrorCode, message: string) => new HttpError(401, code, message);
export const forbidden = (message = 'You do not have access to this') =>
  new HttpError(403, ErrorCode.FORBIDDEN, message);
export const notFound = (message: string) => new HttpError(404, ErrorCode.NOT_FOUND, message);
export const conflict = (message: string) => new HttpError(409, ErrorCode.CONFLICT, message);

/** The error answers a route can give, for its schema (and so for the OpenAPI document). */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

export const NoContent = Type.Null();
